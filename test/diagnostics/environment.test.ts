/** Failures of the environment are told as such: the path or port, what to do, and nothing for a
 * failure that is not one (that stays "a bug in legalsite"). */
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { environmentMessage, isMachineFailure } from '../../src/diagnostics/environment.js';
import { writeFileNamed } from '../../src/write/named-write.js';
import { copyFixture, runCli } from '../helpers/sites.js';
import { withTmpfs } from '../helpers/tmpfs.js';

const test = suite('environment failures');

const sys = (code: string, extra: object = {}) => Object.assign(new Error(`${code}: something, open '/x/y'`), { code, ...extra });

test('a write that fails on a full disk names its file, on the main thread and from a worker thread', () => {
  // /dev/full refuses every write with ENOSPC once it is open: Node's own error names no path.
  let failure: unknown;
  try {
    writeFileNamed('/dev/full', 'a page');
  } catch (error) {
    failure = error;
  }
  assert.match(environmentMessage(failure)!, /^the disk is full \(could not write \/dev\/full\)/);
  const fromWorker = new Error(`a worker failed: ${(failure as Error).message}`);
  assert.match(environmentMessage(fromWorker)!, /^the disk is full \(could not write \/dev\/full\)/);
});

test("a read's failure is the machine's (open files, memory, threads, the disk), not the file's, by its code or a worker's message", () => {
  for (const code of ['EMFILE', 'ENFILE', 'ENOMEM', 'EAGAIN', 'EIO']) assert.ok(isMachineFailure(sys(code)), code);
  assert.ok(isMachineFailure(new Error("EMFILE: too many open files, open '/c/a.md'")), 'the code read from the message, as a worker thread sends it');
  for (const code of ['EACCES', 'ENOENT', 'EISDIR', 'ELOOP']) assert.not.ok(isMachineFailure(sys(code)), `${code} is the file's`);
  assert.not.ok(isMachineFailure(new Error('not a system error')));
});

test('system errors name the path or port and what to do', () => {
  assert.match(environmentMessage(sys('ENOSPC', { path: '/data/dist.tmp-1/a.html' }))!, /disk is full \(could not write \/data\/dist\.tmp-1\/a\.html\)/);
  assert.match(environmentMessage(sys('EACCES', { path: '/srv/site', syscall: 'open' }))!, /permission denied \(open\) for \/srv\/site/);
  assert.match(environmentMessage(sys('EROFS', { path: '/mnt/ro/dist' }))!, /\/mnt\/ro\/dist is on a read-only file system/);
  assert.match(environmentMessage(sys('EADDRINUSE', { port: 4321, address: '127.0.0.1' }))!, /port 4321 on 127\.0\.0\.1 is already in use.*--port/);
  assert.match(environmentMessage(sys('ENOTFOUND', { hostname: 'nosuch.invalid' }))!, /host name nosuch\.invalid could not be found/);
  assert.match(environmentMessage(sys('EMFILE'))!, /too many files/);
  assert.match(environmentMessage(sys('EAGAIN', { syscall: 'uv_thread_create' }))!, /would not start another process or thread.*ulimit -u/, 'a thread or process refused (ulimit -u)');
});

test('an error from a worker thread, which loses its code, is known by its message', () => {
  assert.match(environmentMessage(new Error("a worker failed: ENOSPC: no space left on device, write '/d/x.html'"))!, /disk is full \(could not write \/d\/x\.html\)/);
});

test('a thread that could not start for want of files, processes or memory is the environment', () => {
  const failed = (why: string) => Object.assign(new Error(`Worker initialization failure: ${why}`), { code: 'ERR_WORKER_INIT_FAILED' });
  assert.match(environmentMessage(failed('EMFILE'))!, /too many files/);
  assert.match(environmentMessage(failed('EAGAIN'))!, /would not start another process or thread/);
  assert.is(environmentMessage(failed('something else')), undefined);
});

test('other failures are not the environment', () => {
  assert.is(environmentMessage(new TypeError("Cannot read properties of undefined (reading 'slug')")), undefined);
  assert.is(environmentMessage(sys('ENOENT')), undefined);
  assert.is(environmentMessage('ENOSPC'), undefined);
});

test('a read-only output folder and an unknown host give exit 4 and one line', async () => {
  const cwd = copyFixture('minimal');
  const host = await runCli(['serve', '--port', '0', '--host', 'nosuch.invalid'], cwd);
  assert.is(host.exitCode, 4);
  assert.match(host.stderr, /^legalsite: the host name nosuch\.invalid could not be found/m);
  await withTmpfs('size=1m,ro', async (ro) => {
    const r = await runCli(['build', '--quiet', '--out', path.join(ro, 'dist')], cwd);
    assert.is(r.exitCode, 4);
    assert.match(r.stderr, /is on a read-only file system\. Write elsewhere with --out\.\n?$/);
    assert.not.match(r.stderr, /bug in legalsite|\n\s+at /);
  });
});

test.run();
