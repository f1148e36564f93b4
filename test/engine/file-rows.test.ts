/** A file of rows made again from the last one (engine/file-rows.ts makeRows) is byte for byte the
 * file made whole (routes/article-rows.ts rowsText), whatever changed between the two: rows edited,
 * added, removed, moved, a new frame or separator; and a layout that does not fit the bytes given is
 * not used. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createRng } from '../../bench/corpus/random.js';
import { makeRows, type RowsLayout } from '../../src/engine/file-rows.js';
import { rowsText } from '../../src/routes/article-rows.js';
import type { FileRows } from '../../src/routes/types.js';

const test = suite('file rows');

/** A deterministic pseudo-random stream (the corpus generator's mulberry32), so a failure can be run again. */
const random = (seed: number): (() => number) => createRng(seed).next;

const WORDS = ['a', 'row', '"quoted"', 'comma,', 'Überblick', '— dash', '€', '', 'line\nbreak', '😀'];

/** Rows whose text is a function of the key alone, as FileRows requires. */
function rowsOf(keys: string[], frame: { head: string; separator: string; tail: string; variant: string }): FileRows {
  return { keys, row: (i) => `${frame.variant}${keys[i]}:${keys[i].length % 7}`, head: () => frame.head, separator: frame.separator, tail: () => frame.tail };
}

/** The file makeRows makes, as one buffer, with its layout. */
function made(rows: FileRows, last?: { bytes: Uint8Array; layout: RowsLayout }) {
  const out = makeRows(rows, last);
  const bytes = Buffer.concat(out.pieces);
  assert.is(out.size, bytes.length, 'the size said is the size made');
  const layout: RowsLayout = { fingerprint: 'f', size: out.size, keys: rows.keys, spans: out.spans, separator: rows.separator };
  return { bytes, layout };
}

const text = (out: { pieces: Uint8Array[] }) => Buffer.concat(out.pieces).toString();

/** Every row's span holds exactly its text. */
function assertSpans(rows: FileRows, bytes: Buffer, spans: Float64Array) {
  for (let i = 0; i < rows.keys.length; i++) assert.is(bytes.subarray(spans[2 * i], spans[2 * i + 1]).toString('utf8'), rows.row(i), `row ${i}`);
}

test('a file made again from the last one, through 300 random changes, is the file made whole', () => {
  const next = random(7);
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)];
  let counter = 0;
  const newKey = () => `${pick(WORDS)}-${counter++}`;
  let keys = Array.from({ length: 40 }, newKey);
  let frame = { head: 'HEAD\n', separator: ',\n', tail: '\nTAIL\n', variant: '' };
  let last = made(rowsOf(keys, frame));
  let copiedRuns = 0;
  for (let round = 0; round < 300; round++) {
    keys = [...keys];
    const edits = 1 + Math.floor(next() * 4);
    for (let e = 0; e < edits; e++) {
      const r = next();
      const at = Math.floor(next() * (keys.length + 1));
      if (r < 0.3 && keys.length) keys[Math.min(at, keys.length - 1)] = newKey();
      else if (r < 0.5) keys.splice(at, 0, newKey());
      else if (r < 0.65 && keys.length) keys.splice(Math.min(at, keys.length - 1), 1);
      else if (r < 0.8 && keys.length > 1) {
        const [moved] = keys.splice(Math.min(at, keys.length - 1), 1);
        keys.splice(Math.floor(next() * keys.length), 0, moved);
      } else if (r < 0.85) frame = { ...frame, head: `${pick(WORDS)}\n` };
      else if (r < 0.9) frame = { ...frame, separator: pick([',\n', '\n', ';']) };
      else if (r < 0.93) frame = { ...frame, tail: pick(['\n', '', ']\n}\n']) };
      else if (r < 0.95) keys = keys.slice(0, Math.floor(keys.length / 2));
    }
    // Rows with the same key are the same text: the row's variant changes only with every key.
    const rows = rowsOf(keys, frame);
    const again = made(rows, last);
    const whole = Buffer.from(rowsText(rows));
    assert.ok(again.bytes.equals(whole), `round ${round}`);
    assertSpans(rows, again.bytes, again.layout.spans);
    if (keys.some((k) => last.layout.keys.includes(k))) copiedRuns++;
    last = again;
  }
  assert.ok(copiedRuns > 200, `rows were copied in ${copiedRuns} rounds`);
});

test('rows are copied from the last file, not made again', () => {
  const keys = ['a', 'b', 'c', 'd'];
  const frame = { head: '[', separator: ',', tail: ']', variant: '' };
  const last = made(rowsOf(keys, frame));
  const asked: number[] = [];
  const rows = rowsOf(['a', 'b', 'x', 'c', 'd'], frame);
  const counted: FileRows = { ...rows, row: (i) => (asked.push(i), rows.row(i)) };
  const again = makeRows(counted, last);
  assert.equal(asked, [2]);
  assert.is(text(again), '[a:1,b:1,x:1,c:1,d:1]');
  // The copied rows come as runs: [a,b], the new row, [c,d], with the frame and separators.
  assert.ok(again.pieces.length <= 7, `${again.pieces.length} pieces`);
});

test('a layout that does not fit the bytes given is not used: every row is made', () => {
  const frame = { head: '[', separator: ',', tail: ']', variant: '' };
  const keys = ['a', 'b', 'c'];
  const last = made(rowsOf(keys, frame));
  const rows = rowsOf(keys, { ...frame, variant: 'new ' });
  const wrongs: RowsLayout[] = [
    { ...last.layout, size: last.layout.size + 1 },
    { ...last.layout, keys: ['a', 'b'] },
    { ...last.layout, spans: Float64Array.from([1, 4, 3, 6, 7, 10]) },
    { ...last.layout, spans: Float64Array.from([1, 4, 5, 8, 9, 99]) },
  ];
  for (const layout of wrongs) {
    const again = makeRows(rows, { bytes: last.bytes, layout });
    assert.is(text(again), '[new a:1,new b:1,new c:1]');
  }
  // The layout that fits is used (the rows keep their old text: same key, same row).
  assert.is(text(makeRows(rows, last)), '[a:1,b:1,c:1]');
});

test.run();
