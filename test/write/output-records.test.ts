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
    for (const name of [...NAMES, 'missing.html']) {
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
});

test.run();
