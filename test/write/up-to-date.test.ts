/** The build state's content snapshot: a no-change build saves it again only when that changes what
 * a later build would conclude (a file changed, or one too recent to trust by its stat alone); and
 * the state file, read back as saved or not at all. */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { OutputRecords } from '../../src/write/output-records.js';
import { type BuildState, type ContentSnapshot, readBuildState, sameSnapshot, saveBuildState } from '../../src/write/up-to-date.js';
import { tempDir } from '../helpers/sites.js';

const test = suite('build state snapshot');

const TAKEN = 1_000_000;
const snapshot = (takenAt: number, files: ContentSnapshot['files']): ContentSnapshot => ({ takenAt, files });
const file = (name: string, mtimeMs: number, hash = `hash-${name}`): ContentSnapshot['files'][number] => [name, 100, mtimeMs, mtimeMs, 7, hash];

test('the same old files: nothing to save', () => {
  const files = [file('a.md', TAKEN - 60_000), file('b.yaml', TAKEN - 5_000)];
  assert.ok(sameSnapshot(snapshot(TAKEN, files), snapshot(TAKEN + 90_000, files.map((f) => [...f] as typeof f))));
});

test('a changed, added or removed file, or a new hash, is a new snapshot', () => {
  const before = snapshot(TAKEN, [file('a.md', TAKEN - 60_000), file('b.yaml', TAKEN - 60_000)]);
  assert.not.ok(sameSnapshot(before, snapshot(TAKEN + 1, [file('a.md', TAKEN - 60_000), file('b.yaml', TAKEN - 10)])), 'touched');
  assert.not.ok(sameSnapshot(before, snapshot(TAKEN + 1, [file('a.md', TAKEN - 60_000)])), 'removed');
  assert.not.ok(sameSnapshot(before, snapshot(TAKEN + 1, [file('a.md', TAKEN - 60_000), file('b.yaml', TAKEN - 60_000, 'other')])), 'other bytes');
});

test('a file changed just before the snapshot was taken is saved again, so it stops being re-read', () => {
  const files = [file('a.md', TAKEN - 500)];
  assert.not.ok(sameSnapshot(snapshot(TAKEN, files), snapshot(TAKEN + 90_000, files)));
});

test('the state read back is the state saved, names in any script included; a damaged or cut file is no state', () => {
  const names = ['articles/chronologies.md', 'articles/états-des-lieux.md', 'glossary/漢字.yaml', 'articles/emoji-😀.md'];
  const outputs = ['articles/chronologies.html', 'articles/états-des-lieux.html', 'glossary/漢字.html', 'index.html'];
  const state: BuildState = {
    inputKey: 'key',
    outDir: '/site/dist',
    pages: 3,
    content: snapshot(TAKEN, names.map((n, i) => [n, 100 + i, TAKEN - i, TAKEN - 2 * i, 7 + i, `hash-${i}`])),
    files: OutputRecords.from(outputs.map((p, i) => [p, { size: 10 * i, mtimeMs: TAKEN + i, fingerprint: `print-${p}` }])),
  };
  const file = path.join(tempDir('legalsite-state-'), 'x.state.bin');
  saveBuildState(file, state);
  const back = readBuildState(file)!;
  assert.equal({ ...back, files: undefined }, { ...state, files: undefined });
  for (const p of outputs) assert.equal(back.files.get(p), state.files.get(p), p);
  assert.is(back.files.count, outputs.length);

  const bytes = readFileSync(file);
  for (const at of [20, bytes.length - 3]) {
    const damaged = Buffer.from(bytes);
    damaged[at] ^= 0x20;
    writeFileSync(file, damaged);
    assert.is(readBuildState(file), undefined, `a flipped bit at ${at}`);
  }
  writeFileSync(file, bytes.subarray(0, bytes.length - 5));
  assert.is(readBuildState(file), undefined, 'cut');
});

test.run();
