/** The output folder's lock is given back by the file it is, without reading it (a build that
 * failed for want of open files could not read it, and left it behind), and a lock another process
 * took over in its place is left to that process. */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { UsageError } from '../../src/diagnostics/diagnostic.js';
import { lockFileOf, lockHolder, lockOutputFolder, OutputLockedError } from '../../src/write/output-lock.js';
import { tempDir } from '../helpers/sites.js';

const test = suite('output lock');

test('taken, held against a second taker, given back', () => {
  const out = path.join(tempDir(), 'dist');
  const lock = lockOutputFolder(out);
  assert.equal(JSON.parse(readFileSync(lockFileOf(out), 'utf8')).pid, process.pid);
  assert.throws(() => lockOutputFolder(out), (e: unknown) => e instanceof OutputLockedError);
  lock.release();
  assert.not.ok(existsSync(lockFileOf(out)));
  lockOutputFolder(out).release();
});

test('a lock file put in its place (another process taking it over) is not removed, even one naming this process', () => {
  const out = path.join(tempDir(), 'dist');
  const lock = lockOutputFolder(out);
  const file = lockFileOf(out);
  const other = `${file}.other`;
  writeFileSync(other, readFileSync(file));
  renameSync(other, file);
  lock.release();
  assert.ok(existsSync(file), 'the new holder keeps its lock');
});

test("what legalsite did not write at the lock's name is refused and left as it was, whatever it is", () => {
  const cases: [string, (file: string) => void, (file: string) => void][] = [
    ['a text file', (f) => writeFileSync(f, 'my notes\n'), (f) => assert.is(readFileSync(f, 'utf8'), 'my notes\n')],
    ['JSON of another shape', (f) => writeFileSync(f, '{"pid": 999999, "owner": "me"}'), (f) => assert.is(readFileSync(f, 'utf8'), '{"pid": 999999, "owner": "me"}')],
    ['JSON that is not an object', (f) => writeFileSync(f, '999999'), (f) => assert.is(readFileSync(f, 'utf8'), '999999')],
    ['a large file', (f) => writeFileSync(f, JSON.stringify({ pid: 999999 }) + ' '.repeat(4096)), (f) => assert.ok(existsSync(f))],
    ['a folder', (f) => { mkdirSync(f); writeFileSync(path.join(f, 'kept'), 'x'); }, (f) => assert.equal(readdirSync(f), ['kept'])],
    ['a link', (f) => symlinkSync('/nonexistent-target', f), (f) => assert.ok(existsSync(path.dirname(f)) && readdirSync(path.dirname(f)).includes(path.basename(f)))],
  ];
  for (const [what, make, unchanged] of cases) {
    const out = path.join(tempDir(), 'dist');
    make(lockFileOf(out));
    assert.throws(() => lockOutputFolder(out), (e: unknown) => e instanceof UsageError && /is in the way/.test((e as Error).message), what);
    assert.throws(() => lockHolder(out) ?? lockOutputFolder(out), (e: unknown) => e instanceof UsageError, `${what}: no holder`);
    unchanged(lockFileOf(out));
  }
});

test("a killed build's lock, written or not, is taken over", () => {
  for (const left of [JSON.stringify({ pid: 999999, started: '1' }), JSON.stringify({ pid: 999999 }), '']) {
    const out = path.join(tempDir(), 'dist');
    writeFileSync(lockFileOf(out), left);
    assert.is(lockHolder(out), undefined);
    const lock = lockOutputFolder(out);
    assert.is(JSON.parse(readFileSync(lockFileOf(out), 'utf8')).pid, process.pid, JSON.stringify(left));
    lock.release();
    assert.not.ok(existsSync(lockFileOf(out)));
  }
});

test.run();
