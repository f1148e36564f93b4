/**
 * The article-html passes read markdown-it's HTML as flat markup instead of a parse5 tree. That is
 * sound only if reading and writing the markup gives exactly what parse5 gives: checked here on
 * Markdown that exercises every construct markdown-it writes, and on every shipped article.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { parseFragment, serialize } from 'parse5';
import type { DefaultTreeAdapterMap } from 'parse5';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { markupText, readMarkup, writeMarkup } from '../../src/html/markup.js';
import { splitFrontMatter } from '../../src/load/front-matter.js';
import { renderMarkdown } from '../../src/passes/markdown.js';
import { SHIPPED_CONTENT } from '../helpers/sites.js';

const test = suite('flat markup');

type Node = DefaultTreeAdapterMap['node'];
const textContent = (node: Node): string => ('value' in node && node.nodeName === '#text' ? node.value : 'childNodes' in node ? node.childNodes.map(textContent).join('') : '');

const SAMPLES = [
  'A "quoted" & <angled> text with\u00a0a no-break space, &amp; &copy; &#39; &nbsp; entities.',
  '## Heading with `code` and **bold** & "quotes"\n\nSee [link "x"](/glossary/x "Title & \\"q\\"") and ![img <alt> "q"](/x.png "t").',
  '- tight item\n- item two\n  - nested item\n\n1. loose\n\n2. list\n\n3) other\n',
  '> quote\n>\n> second paragraph\n\n```js\nconst a = "x" < 3 && b;\n```\n\n    indented code <x>\n',
  '| a | b | c |\n|:--|--:|:-:|\n| one | two <x> | `three` |\n\nText after the table.',
  ':::tip Pro & "tip" <x>\nInside a tip.\n:::\n\n:::note\nA note\n:::\n\n:::warning\nA warning\n:::',
  'Line one\nline two across a soft break.  \nA hard break, then\\\nanother.\n\n***\n\nEscapes \\* \\_ \\< and trailing.',
  '# H1\n\n### Deep\n\n###### Deepest\n\nRaw <script>alert(1)</script> and <b>bold</b> stay text.',
  'Autolinks <https://example.org/a?b=1&c=2> and <mail@example.org>; ~~struck~~ and *em* and ***both***.',
  'Unicode: naïve café — “curly” ‘quotes’ … ½ 𝔘 \u2028 separators.',
];

for (const [i, markdown] of SAMPLES.entries()) {
  test(`sample ${i + 1}: read and written as parse5 reads and writes it`, () => {
    const { html } = renderMarkdown(markdown, 1);
    const tree = parseFragment(html);
    const markup = readMarkup(html);
    assert.is(writeMarkup(markup), serialize(tree));
    assert.is(markupText(markup), textContent(tree as unknown as Node));
  });
}

test('every shipped article body: read and written as parse5 reads and writes it', () => {
  const files = fg.sync('{articles,pages}/*.md', { cwd: SHIPPED_CONTENT, absolute: true });
  assert.ok(files.length > 10);
  for (const file of files) {
    const { parsed } = splitFrontMatter(readFileSync(file, 'utf8'), path.basename(file));
    const { html } = renderMarkdown(parsed!.body, parsed!.bodyLine);
    const markup = readMarkup(html);
    assert.is(writeMarkup(markup), serialize(parseFragment(html)), path.basename(file));
    assert.is(markupText(markup), textContent(parseFragment(html) as unknown as Node), path.basename(file));
  }
});

test('anything markdown-it does not write is refused, never misread', () => {
  assert.throws(() => readMarkup('a < b'), /not HTML as markdown-it writes it/);
  assert.throws(() => readMarkup('<p>x</p> 1 < 2'), /not HTML as markdown-it writes it/);
});

test.run();
