/** The Markdown mirrors as a CommonMark reader (markdown-it, as GitHub, pandoc and language-model
 * chunkers) reads them: plain text stays the words written, a callout does not swallow the
 * paragraph after it, links lead somewhere on their own, and the front matter's dates are text. */
import yaml from 'js-yaml';
import MarkdownIt from 'markdown-it';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { renderArticleFields } from '../../src/passes/article-fields.js';
import { articleMarkdown, glossaryMarkdown } from '../../src/passes/markdown-mirrors.js';
import { llmsTxt } from '../../src/passes/llms-txt.js';
import { makeArticle, makeConfig, makeDataset, makeTerm } from '../helpers/make-site.js';
import { renderMarkdown } from '../../src/passes/markdown.js';
import { parseHtml } from '../helpers/html.js';

const test = suite('Markdown mirrors');
const md = new MarkdownIt();
const config = makeConfig();
const stats = { wordCount: 120, readingTime: '1 min', minutes: 1 };
const TITLE = 'R&D <Tools> & "Smart" _x_ and *y*, with `code`: [2010] UKSC 44';

function mirrorOf(partial: Parameters<typeof makeArticle>[0]): string {
  const article = makeArticle(partial);
  return articleMarkdown(article, renderArticleFields(article), stats, config);
}

/** The text of each `tag` element of the rendered Markdown, as a reader sees it. */
function textOf(html: string, tag: string): string[] {
  const doc = parseHtml(html);
  return doc.byTag(tag).map((e) => doc.text(e).replace(/\s+/g, ' ').trim());
}

test('plain-text fields read as written once rendered: no tag hidden, no emphasis, no code, no link', () => {
  const mirror = mirrorOf({
    slug: 'stress', title: TITLE, summary: 'Summary with <b>tags</b> and AT&T.',
    faq: [{ id: 'faq-1', q: 'What about <tags> & *stars*?', a: 'An **answer** in Markdown.' }],
    references: [{ id: 'ref-1', title: 'Ref & <Title> “q”', url: 'https://example.org/ref', pinpoint: 's 1(a)' }],
  });
  const html = md.render(mirror.replace(/^---\n[\s\S]*?\n---\n/, ''));
  assert.equal(textOf(html, 'h1'), [TITLE]);
  assert.equal(textOf(html, 'blockquote'), ['Summary with <b>tags</b> and AT&T.']);
  assert.ok(textOf(html, 'h3').includes('What about <tags> & *stars*?'));
  assert.ok(textOf(html, 'li').some((t) => t.startsWith('Ref & <Title> “q”')), 'the reference title is whole, and the rest of the file is not swallowed');
  assert.ok(textOf(html, 'strong').includes('answer'), 'Markdown fields stay Markdown');
});

test('the paragraph after a callout is its own, not part of the callout', () => {
  for (const gap of ['\n\n', '\n']) {
    const mirror = mirrorOf({ slug: 'callout', body: `First paragraph.\n\n:::tip\nTry it on a known matter.\n:::${gap}The next paragraph.\n` });
    const html = md.render(mirror);
    assert.equal(textOf(html, 'blockquote').filter((t) => t.startsWith('Tip:')), ['Tip: Try it on a known matter.'], JSON.stringify(gap));
    assert.ok(textOf(html, 'p').includes('The next paragraph.'), JSON.stringify(gap));
  }
});

test("a link to a place on the page names the page: in llms-full.txt many articles are joined", () => {
  const mirror = mirrorOf({ slug: 'holds', body: 'See [England and Wales](#england-and-wales) below.\n\n## England and Wales\n\nText.\n' });
  assert.match(mirror, /\[England and Wales\]\(https:\/\/[^)]+\/articles\/holds#england-and-wales\)/);
});

test('the front matter dates are text to every YAML reader, as in the JSON mirror', () => {
  const mirror = mirrorOf({ slug: 'dated', datePublished: '2025-08-25', dateModified: '2026-01-02' });
  const facts = yaml.load(mirror.split('\n---\n')[0].replace(/^---\n/, '')) as Record<string, unknown>;
  assert.is(facts.datePublished, '2025-08-25');
  assert.is(facts.dateModified, '2026-01-02');
});

test("the glossary's plain-text fields read as written", () => {
  const term = makeTerm({ slug: 'zoe', title: 'Zoë’s <Rule> & “Art. 5”, s_1 *star*', definition: 'A *test* term with <b>bold</b>\n- not a list.', alsoCalled: ['<alias>'] });
  const html = md.render(glossaryMarkdown([term], config));
  assert.ok(textOf(html, 'h2').includes('Zoë’s <Rule> & “Art. 5”, s_1 *star*'));
  assert.ok(textOf(html, 'p').includes('A *test* term with <b>bold</b> - not a list.'));
  assert.ok(textOf(html, 'li').includes('Also called: <alias>'));
});

test('llms.txt and glossary.md read the site\'s name, tagline and a dataset\'s whole description as written', () => {
  const odd = makeConfig({ name: 'R&D "Ref" <Site> {x}', tagline: 'Facts & <methods>, *materials*.', description: 'About <it> & more.' });
  const dataset = makeDataset({ slug: 'rows', title: 'Rows', description: 'First line of the description & <more>.\nSecond line that was dropped.\n' });
  const llms = md.render(llmsTxt(odd, [makeArticle({ slug: 'one' })], [dataset], 3));
  assert.equal(textOf(llms, 'h1'), ['R&D "Ref" <Site> {x}']);
  assert.equal(textOf(llms, 'blockquote'), ['About <it> & more.']);
  assert.ok(textOf(llms, 'p').some((t) => t.startsWith('Facts & <methods>, *materials*. Content is licensed')), 'the tagline is its words');
  assert.ok(textOf(llms, 'li').includes('Rows: First line of the description & <more>. Second line that was dropped.'), 'the whole description, on one line');
  const glossary = md.render(glossaryMarkdown([makeTerm({ slug: 'hash' })], odd));
  assert.equal(textOf(glossary, 'h1'), ['R&D "Ref" <Site> {x} Glossary']);
});

/** A CommonMark reader with raw HTML on (and GFM tables), as GitHub and most Markdown tools read a mirror. */
const commonMark = new MarkdownIt({ html: true });
const words = (html: string) => parseHtml(html).bodyText().trim();
/** The text the page shows for `body`, and the text a CommonMark reader shows for its mirror's body. */
function bothTexts(body: string): [page: string, mirror: string] {
  const mirror = mirrorOf({ slug: 'prose', title: 'T', summary: 'S.', body });
  const mirrorBody = mirror.slice(mirror.indexOf('> S.\n') + 5, mirror.lastIndexOf('\n---\n'));
  return [words(renderMarkdown(body, 1).html), words(commonMark.render(mirrorBody))];
}

test('the body reads as the page shows it: < as text stays text, code keeps its syntax, links and autolinks stay links', () => {
  const body = [
    'First paragraph with & ampersand, <angle> brackets, a < b and an autolink <https://example.org/a_b>.',
    '',
    'Third paragraph containing ]]> and --> and </script> and <!-- comment and <?php and <!DOCTYPE x>.',
    '',
    'Write a link as `[text](/glossary/provenance)` and a marker as `` [word]{.nolink} `` in your files; see [the term](/glossary/provenance) and the [collection]{.nolink}.',
    '',
    '| a \\| pipe | <b> & |',
    '|---|---|',
    '| 1 | 2 |',
    '',
    '- list item with <x> and &',
    '',
    '> A blockquote with <y>.',
    '',
    '```markdown',
    'See [provenance](/glossary/provenance) and the [collection]{.nolink} of <b>documents</b>.',
    '```',
  ].join('\n');
  const [page, mirror] = bothTexts(body);
  assert.is(mirror, page);
  const mirrorHtml = commonMark.render(mirrorOf({ slug: 'prose', body }));
  assert.ok(mirrorHtml.includes('<a href="https://test.example.org/glossary/provenance">the term</a>') || /href="[^"]+\/glossary\/provenance">the term/.test(mirrorHtml), 'a site link outside code is absolute');
  assert.match(mirrorHtml, /<a href="https:\/\/example\.org\/a_b">/, 'the autolink is a link');
  assert.match(mirrorHtml, /<code>\[text\]\(\/glossary\/provenance\)<\/code>/, 'code keeps the path as written');
});

test('key takeaways, FAQ answers and answer points read as the page shows them', () => {
  const mirror = mirrorOf({
    slug: 'fields', answer: ['An answer with <tag> and *emphasis*.'], keyTakeaways: ['Takeaway with <tag> & "quotes".'],
    faq: [{ id: 'faq-1', q: 'Q?', a: 'Answer with **bold** & <em>-like text and ]]> and --> too.' }],
  });
  const html = commonMark.render(mirror.replace(/^---\n[\s\S]*?\n---\n/, ''));
  assert.ok(textOf(html, 'li').includes('Takeaway with <tag> & "quotes".'));
  assert.ok(textOf(html, 'li').includes('An answer with <tag> and emphasis.'), 'the point as the page\'s text');
  assert.ok(textOf(html, 'p').includes('Answer with bold & <em>-like text and ]]> and --> too.'));
  assert.not.ok(textOf(html, 'em').includes('-like text and ]]> and --> too.'), 'no emphasis opened by <em>');
});

test("the page's downloads and See also are in the mirror too, as links that lead somewhere on their own", () => {
  const mirror = mirrorOf({
    slug: 'with-links', body: 'The body.',
    downloads: [{ href: '/templates/privilege-log.csv', title: 'Privilege log [CSV]', description: 'Columns <as> the rule asks.' }, { href: '/templates/ai-use-log.csv', title: 'AI use log' }],
    seeAlso: ['articles/privilege-logs', 'glossary/hash-value'],
    references: [{ id: 'ref-1', title: 'A reference', url: 'https://example.com/rule' }],
  });
  const html = commonMark.render(mirror.replace(/^---\n[\s\S]*?\n---\n/, ''));
  const doc = parseHtml(html);
  const links = doc.byTag('a').map((a) => [doc.text(a), doc.attr(a, 'href')]);
  assert.ok(links.some(([t, h]) => t === 'Privilege log [CSV]' && h === 'https://test.example.org/templates/privilege-log.csv'), JSON.stringify(links));
  assert.ok(links.some(([t, h]) => t === 'AI use log' && h === 'https://test.example.org/templates/ai-use-log.csv'));
  assert.ok(textOf(html, 'li').includes('Privilege log [CSV] — Columns <as> the rule asks.'), 'the description as written');
  for (const ref of ['articles/privilege-logs', 'glossary/hash-value']) assert.ok(links.some(([, h]) => h === `https://test.example.org/${ref}`), ref);
  // In the page's order: the body, the downloads, the references, See also.
  const at = (heading: string) => mirror.indexOf(`\n## ${heading}\n`);
  assert.ok(at('Downloads') > mirror.indexOf('The body.') && at('References') > at('Downloads') && at('See also') > at('References'), mirror);
});

test('3,000 random bodies read the same on the page and in the mirror', () => {
  let seed = 7;
  const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
  const bits = ['plain words', '<b>', '</i>', '<!-- note', '<?x', '<!x', '<https://ex.org/p_q>', '<a@b.org>', 'a < b', '`code <b> [a](/x)`', '``two `ticks` here``', '[link](/glossary/y)', '[w]{.nolink}', '*em*', '&amp; &copy;', '\\<escaped', '<sub>2</sub>', '](<not a link>)', '<', '`'];
  for (let i = 0; i < 3000; i++) {
    const blocks: string[] = [];
    for (let b = 0, nb = 1 + rand(4); b < nb; b++) {
      const line = Array.from({ length: 1 + rand(6) }, () => bits[rand(bits.length)]).join(' ');
      const kind = rand(5);
      blocks.push(kind === 0 ? `- ${line}` : kind === 1 ? `> ${line}` : kind === 2 ? `\`\`\`\n${line}\n\`\`\`` : `${line}`);
    }
    const body = blocks.join('\n\n');
    const [page, mirror] = bothTexts(body);
    assert.is(mirror, page, JSON.stringify(body));
  }
});

test.run();
