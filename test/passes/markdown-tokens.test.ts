/** markdown-it's tokens made the faster way (src/passes/markdown-tokens.ts) are the library's own:
 * same fields in the same order, same values, same HTML, for the shipped articles, a generated
 * corpus and Markdown that exercises every rule. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import MarkdownIt from 'markdown-it';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { generateCorpus } from '../../bench/generate-corpus.js';
import { createMarkdown } from '../../src/passes/markdown.js';
import { fastTokensApply } from '../../src/passes/markdown-tokens.js';
import { ROOT, tempDir } from '../helpers/sites.js';

const test = suite('markdown tokens');

/** Every token as JSON with its keys in order, children included. */
const asJson = (tokens: unknown) => JSON.stringify(tokens, (_k, v) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v)) : v));

const EDGE_CASES = [
  '# Title\n\nA *b* **c** ~~d~~ `e` [f](/g "h") ![i](/j) <k> &amp; \\* \n\n> quote\n> more\n\n1. one\n2. two\n   - nested\n\n```js\ncode\n```\n\n    indented\n\n---\n\n| a | b |\n|---|:-:|\n| 1 | 2 |\n',
  ':::note Custom label\nInside **a** note with [words]{.nolink} and [a link](/glossary/x).\n:::\n\n:::warning\nBare\n:::\n',
  'Setext\n===\n\nLine  \nbreak\\\nand *unclosed **emphasis _mixed* all__ over\n\n[ref]: /somewhere\n\n[ref] and [missing][] and <https://example.org>\n',
  '- [ ] task\n- item with `code` and *em*\n\n  continued paragraph\n\n* other list\n\n10) start\n11) next\n',
];

function bodies(): string[] {
  const shipped = readdirSync(path.join(ROOT, 'content/articles')).map((f) => readFileSync(path.join(ROOT, 'content/articles', f), 'utf8'));
  const dir = path.join(tempDir(), 'content');
  generateCorpus({ dir, articles: 30, seed: 5 });
  const generated = readdirSync(path.join(dir, 'articles')).map((f) => readFileSync(path.join(dir, 'articles', f), 'utf8'));
  return [...EDGE_CASES, ...shipped, ...generated];
}

test('the installed markdown-it is the one the fast path was copied from (else it is not used, and this says so)', () => {
  assert.ok(fastTokensApply(new MarkdownIt()), 'markdown-it changed: compare its StateBlock.push, StateInline.push and pushPending and the Token and StateInline fields with src/passes/markdown-tokens.ts, then update the copies and KNOWN_SOURCES');
});

test('fast and library tokens are identical, key order included, and so is the HTML, with and without source lines', () => {
  const fast = createMarkdown();
  const library = createMarkdown({ fastTokens: false });
  assert.is.not(fast.block.State, library.block.State, 'the fast path is installed on the site instance only');
  for (const body of bodies()) {
    for (const env of [{}, { sourceLines: 3 }]) {
      const a = fast.parse(body, { ...env });
      const b = library.parse(body, { ...env });
      assert.is(asJson(a), asJson(b));
      assert.is(fast.renderer.render(a, fast.options, { ...env }), library.renderer.render(b, library.options, { ...env }));
    }
    assert.is(asJson(fast.parseInline(body, {})), asJson(library.parseInline(body, {})));
  }
});

test('a token made the fast way has the library methods', () => {
  const [token] = createMarkdown().parse('[a](/b)', {})[1].children!;
  assert.is(token.attrGet('href'), '/b');
  token.attrJoin('class', 'x');
  assert.is(token.attrGet('class'), 'x');
});

test.run();
