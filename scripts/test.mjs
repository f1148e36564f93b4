// Runs the test suite (test/**/*.test.ts) on one worker process per core, at most MAX_WORKERS, each
// taking the next test file as it finishes one: the suite is mostly end-to-end builds, browsers and
// servers, and one process ran it in about 11 minutes on two cores where two take about two thirds of
// that. Each file's output is printed whole as it finishes (uvu's own format), then one summary in
// uvu's words ("Total:", "Passed:", "Skipped:"), which .ci/run reads. A worker that dies takes only
// its file down: the file is reported failed with what the worker printed, and a new worker goes on.
//
//   node scripts/test.mjs                      every test file
//   node scripts/test.mjs 'publish/'           the files whose path (under test/) matches a regex
//   TEST_WORKERS=1 node scripts/test.mjs       one at a time, as uvu's own runner does
import { fork } from 'node:child_process';
import { readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TEST_DIR = path.join(ROOT, 'test');
/** More workers than this only take turns: each file's builds already use every core. */
const MAX_WORKERS = 2;
/** The longest files, started first so that none is left to run alone at the end. */
const SLOW_FIRST = [/^cli\//, /^browser\//, /^outputs\//];

const pattern = process.argv[2] ? new RegExp(process.argv[2], 'i') : undefined;
const files = testFiles(TEST_DIR)
  .filter((name) => !pattern || pattern.test(name))
  .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
const workers = Math.max(1, Math.min(Number(process.env.TEST_WORKERS) || Math.min(os.availableParallelism(), MAX_WORKERS), files.length));

const started = process.hrtime.bigint();
const totals = { total: 0, passed: 0, skipped: 0, failedFiles: [] };
let next = 0;
await Promise.all(Array.from({ length: workers }, () => runWorker()));

const ms = Number(process.hrtime.bigint() - started) / 1e6;
const failed = totals.failedFiles.length > 0 || totals.passed < totals.total;
if (totals.failedFiles.length) process.stdout.write(`\n  Failed in: ${totals.failedFiles.join(', ')}\n`);
process.stdout.write(`\n  Total:     ${totals.total}\n  Passed:    ${totals.passed}\n  Skipped:   ${totals.skipped}\n  Duration:  ${ms.toFixed(2)}ms (${files.length} files, ${workers} worker${workers === 1 ? '' : 's'})\n\n`);
process.exitCode = failed ? 1 : 0;

/** One worker process: takes files until none is left; a worker that dies is replaced. */
async function runWorker() {
  while (next < files.length) {
    const child = fork(path.join(ROOT, 'scripts', 'test-worker.mjs'), [], { cwd: ROOT, execArgv: ['--import', 'tsx'], stdio: ['ignore', 'pipe', 'pipe', 'ipc'], env: { ...process.env, FORCE_COLOR: process.env.NO_COLOR ? '0' : '1' } });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const ended = new Promise((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
    let current;
    const reports = (async function* () {
      for (;;) {
        const message = await Promise.race([new Promise((resolve) => child.once('message', resolve)), ended.then(() => undefined)]);
        if (message === undefined) return;
        yield message;
      }
    })();
    const send = () => {
      if (next >= files.length) return false;
      current = files[next++];
      output = '';
      child.send({ file: path.join(TEST_DIR, current), name: current });
      return true;
    };
    if (!send()) {
      child.kill();
      return;
    }
    for await (const report of reports) {
      // What the file printed, whole (the pipe's copy may still be on its way: it is kept only for a
      // worker that dies).
      process.stdout.write(report.text);
      totals.total += report.total;
      totals.passed += report.passed;
      totals.skipped += report.skipped;
      if (report.code !== 0) totals.failedFiles.push(current);
      current = undefined;
      if (!send()) break;
    }
    if (current !== undefined) {
      // The worker ended in the middle of a file.
      const how = await ended;
      process.stdout.write(`${output}\n  ${current}: the test process ended (${how}) before the file finished.\n`);
      totals.failedFiles.push(current);
      totals.total += 1;
      continue;
    }
    child.send({ done: true });
    await ended;
  }
}

function rank(name) {
  const at = SLOW_FIRST.findIndex((re) => re.test(name));
  return at < 0 ? SLOW_FIRST.length : at;
}

/** Test files under `dir`, as paths relative to it with forward slashes. */
function testFiles(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.test.ts'))
    .map((e) => path.relative(dir, path.join(e.parentPath ?? e.path, e.name)).split(path.sep).join('/'));
}
