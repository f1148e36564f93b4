/** What killed builds left beside the output folder is cleared by the next build, also when their
 * process number has been given to another process since (containers reuse numbers at once). */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { OUTPUT_MARKER, OUTPUT_MARKER_TEXT } from '../../src/write/output-guard.js';
import { recoverOutputFolder } from '../../src/write/output-recovery.js';
import { tempDir } from '../helpers/sites.js';

const test = suite('output recovery');

/** A folder named as a build of process `pid` names it at `madeAt`, holding the output marker. */
function leftover(out: string, kind: 'tmp' | 'old', pid: number, madeAt: number): string {
  const dir = `${out}.legalsite-${kind}-${pid}-${madeAt.toString(36)}`;
  mkdirSync(dir);
  writeFileSync(path.join(dir, OUTPUT_MARKER), OUTPUT_MARKER_TEXT);
  writeFileSync(path.join(dir, 'index.html'), '<p>a killed build</p>');
  return dir;
}

test("a killed build's folders named with a number a running process has now (this one, started after they were made) are cleared", () => {
  const out = path.join(tempDir(), 'dist');
  mkdirSync(out);
  writeFileSync(path.join(out, OUTPUT_MARKER), OUTPUT_MARKER_TEXT);
  const hourAgo = Date.now() - 3_600_000;
  const tmp = leftover(out, 'tmp', process.pid, hourAgo);
  const old = leftover(out, 'old', process.pid, hourAgo);
  const result = recoverOutputFolder(out);
  assert.not.ok(existsSync(tmp), 'the new output it was writing');
  assert.not.ok(existsSync(old), 'the old output it had set aside (the output folder is there)');
  assert.equal(result, { putBack: false, leftAside: [] });
});

test('the folders of a process that runs and had started when it made them are left to it', () => {
  const out = path.join(tempDir(), 'dist');
  const tmp = leftover(out, 'tmp', process.pid, Date.now());
  // The parent of the test runner started before this process, and runs.
  const parent = leftover(out, 'tmp', process.ppid, Date.now());
  recoverOutputFolder(out);
  assert.ok(existsSync(tmp));
  assert.ok(existsSync(parent));
});

test.run();
