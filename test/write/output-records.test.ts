/** The output folder's records in columns (write/output-records.ts) agree with the obvious model, a
 * Map of one record per path: lookups, the stored columns, and the records a commit makes. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createRng } from '../../bench/corpus/random.js';
import { type OutputRecord, OutputRecords } from '../../src/write/output-records.js';

const test = suite('output records');

/** A deterministic pseudo-random stream (the corpus generator's mulberry32), so a failure can be run again. */
const random = (seed: number): (() => number) => createRng(seed).next;

const NAMES = ['articles/a.html', 'articles/a.json', 'articles/b.html', 'glossary/z.html', 'index.html', 'Über.html', 'api/published.json', 'b/c/d.md', '_headers', '.nojekyll', 'a-b.html', 'a.html', 'A.html'];

function someRecords(next: () => number): Map<string, OutputRecord> {
  const model = new Map<string, OutputRecord>();
  for (const name of NAMES) {
    if (next() < 0.3) continue;
    model.set(name, { fingerprint: next() < 0.2 ? '' : `fp-${Math.floor(next() * 1000)}`, size: Math.floor(next() * 1e6), mtimeMs: 1.7e12 + next() * 1e9 });
  }
  return model;
}

const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

test('every lookup, and the stored columns read back, agree with a Map of the records', () => {
  const next = random(7);
  for (let round = 0; round < 200; round++) {
    const model = someRecords(next);
    const records = OutputRecords.from(model);
    assert.equal([...records.paths], [...model.keys()].sort(byCode), 'sorted by path');
    // A path that is another's beginning, or has it as its own, is a path of its own.
    for (const name of [...NAMES, 'missing.html', ...NAMES.map((n) => n.slice(0, -1)), ...NAMES.map((n) => n.slice(0, 3)), ...NAMES.map((n) => `${n}x`)]) {
      assert.equal(records.get(name), model.get(name), name);
      assert.is(records.seek(name), records.find(name), `${name}: the binary search finds what the index finds`);
    }
    const { paths, fingerprints, numbers } = records.columns();
    const again = OutputRecords.fromColumns(paths, fingerprints, numbers);
    for (const name of NAMES) assert.equal(again.get(name), model.get(name), `${name}, read back`);
  }
});

test('a commit\'s records: the kept files as they were, the written files as they are now, in path order', () => {
  const next = random(11);
  for (let round = 0; round < 200; round++) {
    const before = someRecords(next);
    const previous = OutputRecords.from(before);
    const kept = new Uint8Array(previous.count);
    const expected = new Map<string, OutputRecord>();
    previous.paths.forEach((p, i) => {
      if (next() < 0.5) {
        kept[i] = 1;
        expected.set(p, before.get(p)!);
      }
    });
    // Written: new files, and some kept ones made again (their new record wins).
    const written = NAMES.filter(() => next() < 0.3).sort(byCode);
    const now = (p: string): OutputRecord => ({ fingerprint: `new-${p}`, size: p.length, mtimeMs: 2e12 });
    for (const p of written) expected.set(p, now(p));
    const merged = previous.merged(kept, written, now);
    assert.equal([...merged.paths], [...expected.keys()].sort(byCode));
    for (const p of merged.paths) assert.equal(merged.get(p), expected.get(p), p);
  }
});

test('a single file without a fingerprint, and no file at all, read back as they were stored', () => {
  const one = OutputRecords.from([['index.html', { fingerprint: '', size: 9, mtimeMs: 1.5 }]]);
  const { paths, fingerprints, numbers } = one.columns();
  assert.equal(OutputRecords.fromColumns(paths, fingerprints, numbers).get('index.html'), { fingerprint: '', size: 9, mtimeMs: 1.5 });
  const none = OutputRecords.from([]).columns();
  assert.is(OutputRecords.fromColumns(none.paths, none.fingerprints, none.numbers).count, 0);
});

test('columns stored out of order (not as legalsite saves them) are read back sorted', () => {
  const numbers = Float64Array.from([1, 10, 2, 20, 3, 30]);
  const records = OutputRecords.fromColumns(['b.html', 'a.html', 'c.html'].join('\0'), ['fb', 'fa', 'fc'].join('\0'), numbers);
  assert.equal([...records.paths], ['a.html', 'b.html', 'c.html']);
  assert.equal(records.get('b.html'), { fingerprint: 'fb', size: 1, mtimeMs: 10 });
  assert.is(records.seek('c.html'), 2);
});

test('a file rewritten in place has its new record', () => {
  const records = OutputRecords.from([['a.html', { fingerprint: 'x', size: 1, mtimeMs: 2 }], ['b.html', { fingerprint: 'y', size: 3, mtimeMs: 4 }]]);
  records.update(records.seek('b.html'), { fingerprint: 'z', size: 5, mtimeMs: 6 });
  assert.equal(records.get('b.html'), { fingerprint: 'z', size: 5, mtimeMs: 6 });
  assert.equal(records.get('a.html'), { fingerprint: 'x', size: 1, mtimeMs: 2 });
  assert.is(records.count, 2);
  const { paths, fingerprints, numbers } = records.columns();
  assert.equal(OutputRecords.fromColumns(paths, fingerprints, numbers).get('b.html'), { fingerprint: 'z', size: 5, mtimeMs: 6 }, 'stored with its new fingerprint');
  const merged = records.merged(Uint8Array.from([1, 1]), ['c.html'], () => ({ fingerprint: 'w', size: 7, mtimeMs: 8 }));
  assert.equal(merged.get('b.html'), { fingerprint: 'z', size: 5, mtimeMs: 6 }, 'kept by a commit with its new fingerprint');
});

/** Paths that share long prefixes, are prefixes of each other, and differ in one character. */
function manyPaths(next: () => number, count: number): string[] {
  const stems = ['articles/', 'articles/a', 'glossary/', 'api/articles/', 'recommendations/', 'x', 'é/', ''];
  const paths = new Set<string>();
  while (paths.size < count) {
    const stem = stems[Math.floor(next() * stems.length)];
    const name = Math.floor(next() * count * 4).toString(36);
    const ext = ['', '.html', '.json', '.md', '.html.bak'][Math.floor(next() * 5)];
    paths.add(`${stem}${name}${ext}` || 'index.html');
  }
  return [...paths];
}

test('thousands of paths: lookups, fingerprints, commits and stored columns agree with a Map of the records', () => {
  const next = random(23);
  for (let round = 0; round < 6; round++) {
    const all = manyPaths(next, 3000);
    const model = new Map<string, OutputRecord>();
    for (const p of all.slice(0, 2000)) model.set(p, { fingerprint: next() < 0.1 ? '' : `${Math.floor(next() * 1e9).toString(16)}`, size: Math.floor(next() * 1e5), mtimeMs: 1.7e12 + Math.floor(next() * 1e6) });
    const records = OutputRecords.from(model);
    const sorted = [...model.keys()].sort(byCode);
    sorted.forEach((p, i) => {
      assert.is(records.pathAt(i), p);
      assert.is(records.find(p), i);
      assert.is(records.seek(p), i);
      const { fingerprint } = model.get(p)!;
      assert.is(records.fingerprintAt(i), fingerprint);
      assert.is(records.hasFingerprint(i), fingerprint !== '');
      assert.ok(records.fingerprintIs(i, fingerprint));
      assert.not.ok(records.fingerprintIs(i, `${fingerprint}0`), 'a longer fingerprint is another');
      if (fingerprint) assert.not.ok(records.fingerprintIs(i, fingerprint.slice(0, -1)), 'its beginning is another');
    });
    for (const p of all.slice(2000)) {
      assert.is(records.find(p), -1, `${p} is not recorded`);
      assert.is(records.seek(p), -1, `${p} is not recorded (seek)`);
    }
    // Rewritten in place, then committed with some files kept and others written.
    const rewritten = sorted[Math.floor(next() * sorted.length)];
    records.update(records.find(rewritten), { fingerprint: 'again', size: 1, mtimeMs: 2 });
    model.set(rewritten, { fingerprint: 'again', size: 1, mtimeMs: 2 });
    const kept = Uint8Array.from(sorted, () => (next() < 0.9 ? 1 : 0));
    const written = all.filter(() => next() < 0.05).sort(byCode);
    const now = (p: string): OutputRecord => ({ fingerprint: `new${p.length}`, size: p.length, mtimeMs: 3e12 });
    const expected = new Map(sorted.filter((_, i) => kept[i]).map((p) => [p, model.get(p)!]));
    for (const p of written) expected.set(p, now(p));
    const merged = records.merged(kept, written, now);
    const { paths, fingerprints, numbers } = merged.columns();
    const stored = OutputRecords.fromColumns(paths, fingerprints, numbers);
    for (const result of [merged, stored]) {
      assert.equal([...result.paths], [...expected.keys()].sort(byCode));
      for (const [p, record] of expected) assert.equal(result.get(p), record, p);
    }
  }
});

test('stored columns that do not agree on how many files there are are refused', () => {
  const numbers = Float64Array.from([1, 10, 2, 20]);
  assert.throws(() => OutputRecords.fromColumns(['a.html', 'b.html', 'c.html'].join('\0'), ['fa', 'fb', 'fc'].join('\0'), numbers));
  assert.throws(() => OutputRecords.fromColumns('a.html', ['fa', 'fb'].join('\0'), numbers.subarray(0, 2)));
  assert.throws(() => OutputRecords.fromColumns('a.html', 'fa', new Float64Array(0)));
});

test.run();
