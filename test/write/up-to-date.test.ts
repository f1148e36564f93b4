/** The build state's content snapshot: a no-change build saves it again only when that changes what
 * a later build would conclude (a file changed, or one too recent to trust by its stat alone). */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { type ContentSnapshot, sameSnapshot } from '../../src/write/up-to-date.js';

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

test.run();
