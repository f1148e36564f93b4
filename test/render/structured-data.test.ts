/** An article's structured data is of its schema.org type: a HowTo is named and made of the steps
 * of its numbered list, and carries no Article-only property; an Article keeps its own. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { renderMarkdown } from '../../src/passes/markdown.js';
import { articleLd, howToSteps } from '../../src/structured-data.js';
import { makeArticle, makeConfig } from '../helpers/make-site.js';

const test = suite('structured data');
const config = makeConfig();
const BODY = 'Intro.\n\n## The workflow\n\n1. **Prepare.** Record the *tools* and [versions](/glossary/tool).\n2. **Acquire and hash:** Image the disk.\n3. Verify the copy.\n   - a nested point\n\nThen:\n\n1. Not the same list.\n';

test('a HowTo has a name and the steps of its first numbered list, named by their bold lead', () => {
  const html = renderMarkdown(BODY, 1).html;
  const ld = articleLd(config, makeArticle({ slug: 'howto', title: 'Hash first', schemaType: 'HowTo' }), 120, html) as Record<string, unknown>;
  assert.is(ld['@type'], 'HowTo');
  assert.is(ld.name, 'Hash first');
  assert.equal(ld.step, [
    { '@type': 'HowToStep', position: 1, name: 'Prepare', text: 'Prepare. Record the tools and versions.' },
    { '@type': 'HowToStep', position: 2, name: 'Acquire and hash', text: 'Acquire and hash: Image the disk.' },
    { '@type': 'HowToStep', position: 3, text: 'Verify the copy. a nested point' },
  ]);
  assert.not.ok('articleSection' in ld || 'wordCount' in ld, 'no Article-only property');
  assert.equal(howToSteps(renderMarkdown('No list here.\n\n- a bullet\n', 1).html), []);
  // A loose list (items apart) puts each item in a paragraph: the bold lead still names it.
  assert.equal(howToSteps(renderMarkdown('1. **One.** First.\n\n2. **Two:** Second.\n', 1).html).map((st) => st.name), ['One', 'Two']);
});

test('an Article keeps its Article properties and has no steps', () => {
  const ld = articleLd(config, makeArticle({ slug: 'plain', schemaType: 'Article' }), 120, renderMarkdown(BODY, 1).html) as Record<string, unknown>;
  assert.is(ld['@type'], 'Article');
  assert.is(ld.wordCount, 120);
  assert.is(ld.articleSection, 'Legal Technology');
  assert.not.ok('step' in ld);
});

test.run();
