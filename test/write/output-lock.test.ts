/** The output folder's lock is given back by the file it is, without reading it (a build that
 * failed for want of open files could not read it, and left it behind), and a lock another process
 * took over in its place is left to that process. */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { lockFileOf, lockOutputFolder, OutputLockedError } from '../../src/write/output-lock.js';
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

test.run();
