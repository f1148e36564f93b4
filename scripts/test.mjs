// Runs the test suite (test/**/*.test.ts) on one worker process per core, at most MAX_WORKERS, each
// taking the next test file as it finishes one: the suite is mostly end-to-end builds, browsers and
// servers, and one process took about 640 s on two cores where two took about 465 s. Each file's
// output is printed whole as it finishes (uvu's own format), then one summary in uvu's words
// ("Total:", "Passed:", "Skipped:"), which .ci/run reads.
//
// A file never hangs the run: one that has not finished in FILE_TIMEOUT_MS is stopped and failed.
// A worker that dies fails no file on its own say: the file it was running is run once more in a
// fresh worker (a timer left behind by the file before it can end a process), and fails only if it
// fails again, the file before it named as the likely cause when it then passes.
//
//   node scripts/test.mjs                      every test file
//   node scripts/test.mjs 'publish/'           the files whose path (under test/) matches a regex
//   TEST_WORKERS=1 node scripts/test.mjs       one at a time, as uvu's own runner does
import { fork } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TEST_DIR = path.join(ROOT, 'test');
/** More workers than this only take turns: each file's builds already use every core. */
const MAX_WORKERS = 2;
/** The longest files, started first so that none is left to run alone at the end. */
const SLOW_FIRST = [/^cli\//, /^browser\//, /^outputs\//];
/** The longest a file may take (the slowest takes about two and a half minutes). */
const FILE_TIMEOUT_MS = Number(process.env.TEST_FILE_TIMEOUT_MS) || 10 * 60_000;
/** How long a worker told to end may take before it is stopped (a server a test left listening). */
const END_WAIT_MS = 5_000;

const pattern = process.argv[2] ? new RegExp(process.argv[2], 'i') : undefined;
const queue = testFiles(TEST_DIR)
  .filter((name) => !pattern || pattern.test(name))
  .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
  .map((name) => ({ name, tries: 0 }));
if (queue.length === 0) {
  process.stderr.write(`No test file under test/ matches ${pattern}.\n`);
  process.exit(1);
}
const fileCount = queue.length;
const workers = Math.max(1, Math.min(Number(process.env.TEST_WORKERS) || Math.min(os.availableParallelism(), MAX_WORKERS), fileCount));
// Colour only for a terminal, unless the caller says otherwise.
const color = process.env.FORCE_COLOR ?? (process.stdout.isTTY && !('NO_COLOR' in process.env) ? '1' : '0');

// Every temporary folder the tests make (theirs, the CLI's they start, the browser's) goes in one
// folder of this run's, removed when the run ends: a worker stopped with SIGKILL, or a test process
// that ends under a file, never runs its own clean-up, and runs used to leave a hundred folders each.
const scratch = mkdtempSync(path.join(os.tmpdir(), 'legalsite-tests-'));
const removeScratch = () => rmSync(scratch, { recursive: true, force: true });
process.on('exit', removeScratch);
for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]]) process.on(signal, () => process.exit(code));

const started = process.hrtime.bigint();
const totals = { total: 0, passed: 0, skipped: 0, failedFiles: [] };
await Promise.all(Array.from({ length: workers }, () => runWorker()));

const ms = Number(process.hrtime.bigint() - started) / 1e6;
if (totals.failedFiles.length) process.stdout.write(`\n  Failed in: ${totals.failedFiles.join(', ')}\n`);
process.stdout.write(`\n  Total:     ${totals.total}\n  Passed:    ${totals.passed}\n  Skipped:   ${totals.skipped}\n  Duration:  ${ms.toFixed(2)}ms (${fileCount} files, ${workers} worker${workers === 1 ? '' : 's'})\n\n`);
process.exitCode = totals.failedFiles.length > 0 || totals.passed < totals.total ? 1 : 0;

/** One worker process at a time: takes files until none is left; one that dies or hangs is replaced. */
async function runWorker() {
  let previous;
  while (queue.length > 0) {
    const child = fork(path.join(ROOT, 'scripts', 'test-worker.mjs'), [], { cwd: ROOT, execArgv: ['--import', 'tsx'], stdio: ['ignore', 'pipe', 'pipe', 'ipc'], env: { ...process.env, FORCE_COLOR: color, TMPDIR: scratch } });
    let piped = '';
    child.stdout.on('data', (d) => (piped += d));
    child.stderr.on('data', (d) => (piped += d));
    // 'close' comes after the last of its output; an error (it could not be started) ends it too.
    const ended = new Promise((resolve) => {
      child.once('close', (code, signal) => resolve(signal ?? code));
      child.once('error', (error) => resolve(error.message));
    });
    let file;
    let stopped = false;
    for (;;) {
      file = queue.shift();
      if (!file) break;
      file.tries++;
      piped = '';
      try {
        child.send({ file: path.join(TEST_DIR, file.name), name: file.name });
      } catch {
        // Gone already: told below, by `ended`.
      }
      let timer;
      const timedOut = new Promise((resolve) => (timer = setTimeout(() => resolve('timeout'), FILE_TIMEOUT_MS)));
      const report = await Promise.race([new Promise((resolve) => child.once('message', resolve)), ended.then(() => 'ended'), timedOut]);
      clearTimeout(timer);
      if (report === 'timeout') {
        child.kill('SIGKILL');
        await ended;
        process.stdout.write(`${piped}\n  ${file.name}: did not finish in ${FILE_TIMEOUT_MS / 1000} s; stopped.\n`);
        fail(file.name);
        file = undefined;
        stopped = true;
        break;
      }
      if (report === 'ended') break;
      // What the file printed, whole (the pipe's copy may still be on its way: it is kept only for a
      // worker that dies).
      process.stdout.write(report.text);
      totals.total += report.total;
      totals.passed += report.passed;
      totals.skipped += report.skipped;
      if (report.failed) totals.failedFiles.push(file.name);
      if (file.tries > 1 && !report.failed && previous) process.stdout.write(`  (${file.name} passed when run again: the process that ended under it had run ${previous} just before)\n`);
      previous = file.name;
      file = undefined;
    }
    if (file) {
      // The worker ended in the middle of a file: once more in a fresh one, then a failure.
      const how = await ended;
      process.stdout.write(`${piped}\n  ${file.name}: the test process ended (${how}) before the file finished${file.tries < 2 ? '; running it again' : ''}.\n`);
      if (file.tries < 2) queue.unshift(file);
      else fail(file.name);
      continue;
    }
    if (stopped) continue;
    child.send({ done: true });
    const stop = setTimeout(() => child.kill('SIGKILL'), END_WAIT_MS);
    await ended;
    clearTimeout(stop);
  }
}

function fail(name) {
  totals.failedFiles.push(name);
  totals.total += 1;
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
