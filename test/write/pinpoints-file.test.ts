/** Writing the id file: streamed from the old file in blocks, the result is the file put together
 * in the format's order, with a memo whose spans and hash describe it. */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { hashOf } from '../../src/hash.js';
import { readPinsFile, spanText } from '../../src/load/pinpoints-file.js';
import { headerLine, PINPOINTS_FILE } from '../../src/passes/pinpoints/record-format.js';
import { writePinsFile } from '../../src/write/pinpoints-file.js';
import { tempDir } from '../helpers/sites.js';

const test = suite('id file writing');

/** A sketch as legalsite writes them (the writer copies records; reading them back checks them). */
const SKETCH = 'BpsKtQswD_0Q3BqAHUge1CUEJ2UnpSgaKQsxVjwiTC1R01INU6lZOVzLca56sXt9fJB8l3y6geiB94O9iVSLVg';

/** An article's record: its first line, `paragraphs` paragraph lines, long enough that a few
 * thousand of them make a file of several of the writer's 8 MB blocks, and `extra` removed ones
 * (every number issued has its line). */
function record(slug: string, extra: number, paragraphs = 12): string {
  const lines = [`{"article":"${slug}","issued":${paragraphs + extra}}`];
  for (let p = 1; p <= paragraphs + extra; p++) {
    const n = String(p).padStart(3, '0');
    const removed = p > paragraphs ? ',"removed":"2025-01-01"' : '';
    lines.push(`{"id":"p${n}","hash":"${hashOf(slug, n).slice(0, 16)}","sketch":"${SKETCH}","start":"${`Paragraph ${n} of ${slug} begins with these words`.padEnd(620, ' and more words')}…"${removed}}`);
  }
  return lines.join('\n');
}

function site(count: number) {
  const dir = tempDir('legalsite-pins-');
  const slugs = Array.from({ length: count }, (_, i) => `article-${String(i).padStart(5, '0')}`);
  const records = new Map(slugs.map((s, i) => [s, record(s, i % 17)]));
  writeFileSync(path.join(dir, PINPOINTS_FILE), `${headerLine()}\n${slugs.map((s) => records.get(s)).join('\n')}\n`);
  return { dir, records };
}

const expected = (records: Map<string, string>) => `${headerLine()}\n${[...records.keys()].sort().map((s) => `${records.get(s)}\n`).join('')}`;

for (const whole of [true, false]) {
  test(`changed, removed and new records, the old file ${whole ? 'held whole' : 'read in blocks'}`, () => {
    const { dir, records } = site(2000);
    const read = readPinsFile(dir, (abs) => abs);
    assert.equal(read.diagnostics, []);
    assert.ok(readFileSync(read.abs).length > 2 * (8 << 20), 'the file spans several blocks');
    const pins = whole ? read : { ...read, bytes: undefined };
    const changes = new Map<string, string | null>([
      ['article-00007', record('article-00007', 99, 3)],
      ['article-01999', null],
      ['article-00750', record('article-00750', 5, 40)],
      ['a-new-first-article', record('a-new-first-article', 0, 2)],
    ]);
    const { memo } = writePinsFile(pins, changes);
    for (const [slug, lines] of changes) (lines === null ? records.delete(slug) : records.set(slug, lines));
    const written = readFileSync(read.abs);
    const want = Buffer.from(expected(records));
    const differs = want.findIndex((b, i) => written[i] !== b);
    assert.ok(written.equals(want), `the file as expected (${written.length} bytes, ${want.length} expected; first difference at ${differs}: ${JSON.stringify(written.subarray(Math.max(0, differs - 40), differs + 40).toString())})`);
    assert.is(memo.hash, hashOf(written));
    // The memo says the file is in canonical form; read afresh, without it, the file must be.
    assert.ok(memo.canonical);
    assert.ok(readPinsFile(dir, (abs) => abs).canonical, 'the file as written is in canonical form');
    // As the next build takes it: hashed by its first step, so its index comes from the memo.
    const again = readPinsFile(dir, (abs) => abs, memo, { stat: memo.stat, hash: hashOf(written), takenAt: Date.now() });
    assert.ok(again.bytes === undefined, 'the index is the memo\'s: the file is not read again');
    for (const [slug, lines] of records) assert.is(spanText(again, again.spans.get(slug)!), lines, slug);
  });
}

test.run();
