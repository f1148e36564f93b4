/** Where a body's links are (passes/markdown.ts renderMarkdown): the line each target is written on
 * within a paragraph of several lines, and its column in the file's line, indent, list and quote
 * markers included; a reference link at its paragraph's line. Every shipped link's place holds it. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { splitFrontMatter } from '../../src/load/front-matter.js';
import { renderMarkdown } from '../../src/passes/markdown.js';
import { SHIPPED_CONTENT } from '../helpers/sites.js';

const test = suite('link places');

const places = (body: string, firstLine = 1) => renderMarkdown(body, firstLine).links.map((l) => [l.href, l.line, l.column]);

test('each link at its own line and column, in paragraphs, lists, quotes and tables', () => {
  const body = [
    'First line of a paragraph',
    'goes on with [a link](/glossary/hash-value) and', // 2
    'ends with [another](/about) and [a third](/about).', // 3
    '',
    '- an item with [x](/articles/a)', // 5
    '  - nested, [y](/articles/b)', // 6
    '',
    '> quoted [z](/articles/c)', // 8
    '',
    '| a | b |',
    '|---|---|',
    '| [t](/articles/d) | [u](/articles/e) |', // 12
    '',
    'A [spaced](</articles/with space>) link.', // 14
  ].join('\n');
  assert.equal(places(body, 10), [
    ['/glossary/hash-value', 11, 23],
    ['/about', 12, 21],
    ['/about', 12, 43],
    ['/articles/a', 14, 20],
    ['/articles/b', 15, 17],
    ['/articles/c', 17, 14],
    ['/articles/d', 21, 7],
    ['/articles/e', 21, 26],
    ['/articles/with%20space', 23, 13],
  ]);
});

test('a reference link stays at its paragraph\'s line, without a column', () => {
  assert.equal(places('See\nthe [notes][n].\n\n[n]: /about\n'), [['/about', 1, undefined]]);
});

test('in the shipped articles, each link with a column is written there', () => {
  let checked = 0;
  const dir = path.join(SHIPPED_CONTENT, 'articles');
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.md'))) {
    const text = readFileSync(path.join(dir, name), 'utf8');
    const { parsed } = splitFrontMatter(text, name);
    const lines = text.split('\n');
    for (const link of renderMarkdown(parsed!.body, parsed!.bodyLine).links) {
      if (link.column === undefined) continue;
      const at = lines[link.line - 1].slice(link.column - 1);
      assert.ok(at.startsWith(link.href) || at.startsWith(decodeURI(link.href)), `${name}:${link.line}:${link.column} ${link.href}`);
      checked++;
    }
  }
  assert.ok(checked > 50, `${checked} links checked`);
});

test.run();
