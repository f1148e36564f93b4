#!/usr/bin/env node
// The CLI lives in src/cli.ts, compiled to lib/ by `npm ci` (the prepare script).
// React must load in production mode (its development build is several times slower), so the
// environment is set before the CLI, and with it React, is imported.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';

process.env.NODE_ENV ??= 'production';

const SAMPLED_FILES = 256;
/** Content sizes (MB) that set the young generation's size (youngGeneration). */
const TINY_SITE_MB = 32;
const SMALL_SITE_MB = 64;
const LARGE_SITE_MB = 256;
const BIG_YOUNG_MIN_MEMORY_MB = 8192;
/** The helper threads Node gives V8 unless told otherwise (its --v8-pool-size). */
const NODE_V8_POOL_SIZE = 4;
/** The most bytecode (bytes) V8's optimizing compiler inlines into one function (compilerFlags). */
const INLINED_BYTECODE_CUMULATIVE = 460;
/** Free memory (MB) glibc keeps at the top of each of its heaps (withMallocTunables). */
const MALLOC_TRIM_MB = 32;
/** The last major version of V8 known to have the flags compilerFlags gives. */
const LAST_V8_CHECKED = 13;
/** Set by the launcher for the CLI's process: the semi-space size it was given is for its main
 * thread alone, the shard threads keep V8's default (youngGeneration). */
const SEMI_SPACE_MAIN_ONLY = 'LEGALSITE_SEMI_SPACE_MAIN_ONLY';
/** Set by the launcher for the CLI's process: its own process id, which tells the CLI's process it
 * was started by it. */
const LAUNCHER_PID = 'LEGALSITE_LAUNCHER_PID';
/** Set by the launcher for the CLI's process: the shard threads to start before the CLI is loaded
 * (earlyShards). */
const EARLY_SHARDS = 'LEGALSITE_EARLY_SHARDS';

// V8 lets a busy heap grow well past what it holds before collecting: at 10,000 articles the main
// thread held about 350 MB but grew to 870 MB under Node's default limit. A limit sized to the site
// (what it reads, several times over) keeps the build's memory near what it needs at no cost in
// time (measured with npm run bench). Heap sizes can only be set when Node starts, so the CLI runs
// in a child Node with one, unless the caller chose its own (a flag on the command line or in
// NODE_OPTIONS). Worker threads get limits of their own (src/build/shards.ts).
const chosen = callerChose(/^--max-old-space-size/);

if (chosen || process.env.LEGALSITE_NO_RESPAWN) {
  // Started by the launcher below (not by another program that gave a heap flag of its own, which
  // then holds for every thread): its heap flags were for this thread. V8 reads them as each
  // thread starts and puts them before a worker's own limits, so unless cleared the shard threads
  // would each get the main thread's limit, not the smaller one sized for them (src/build/shards.ts).
  if (process.channel && process.env[LAUNCHER_PID] === String(process.ppid)) {
    v8.setFlagsFromString('--max-old-space-size=0');
    v8.setFlagsFromString('--initial-old-space-size=0');
    // A large site's rebuild: the larger young generation is for this thread alone (youngGeneration).
    if (process.env[SEMI_SPACE_MAIN_ONLY]) v8.setFlagsFromString('--max-semi-space-size=0');
  }
  const earlyThreads = process.env[LAUNCHER_PID] === String(process.ppid) ? Number(process.env[EARLY_SHARDS]) : 0;
  const launcher = process.env[LAUNCHER_PID];
  delete process.env[LAUNCHER_PID];
  delete process.env[SEMI_SPACE_MAIN_ONLY];
  delete process.env[EARLY_SHARDS];
  if (process.channel) {
    // If the launcher (or the program that started this one with a channel) dies without passing a
    // signal on, end as if told to stop.
    process.channel.unref();
    process.on('disconnect', () => process.kill(process.pid, 'SIGTERM'));
  }
  // A launcher killed before that listener was added (kill -9 in the first tenth of a second): its
  // channel closed while Node started, before any code here could hear of it, and this process,
  // on its own, went on to replace the output folder of a build its caller had seen killed. It is
  // gone if its channel is, or if this process has another parent than the launcher that started it.
  if (launcher && (!process.channel || !process.connected || launcher !== String(process.ppid))) {
    process.kill(process.pid, 'SIGTERM');
    process.exit(143);
  }
  const cli = cliModule();
  let loaded;
  try {
    if (earlyThreads > 0) await startEarly(cli, earlyThreads);
    loaded = await import(cli);
  } catch (error) {
    // The machine refusing the files the CLI is made of (ulimit -n): one line and exit 4, as
    // everywhere else, not Node's trace of a failed import.
    const refusal = machineRefusal(error) ?? missingModule(error, cli);
    if (!refusal) throw error;
    process.stderr.write(`legalsite: ${refusal}\n`);
    process.exit(4);
  }
  const { main, endUncaught } = loaded;
  // An error no caller waits for (a library's process that could not start) ends the command as
  // its own errors do: one line and the exit code of its kind (4: the machine refused).
  process.on('uncaughtException', (error) => void endUncaught(error, process.argv));
  process.exitCode = await main(process.argv);
  // The command is done: nothing left running (a thread a failure left open) may keep it from ending.
  setTimeout(() => process.exit(), 2000).unref();
} else {
  // The machine refusing the launcher what it needs (open files: ulimit -n; processes: ulimit -u;
  // memory) is one line and exit 4, as every failure of the environment is in the CLI
  // (src/diagnostics/environment.ts), never a stack trace.
  process.on('uncaughtException', (error) => {
    process.stderr.write(`legalsite: ${machineRefusal(error) ?? `internal failure in the launcher: ${error?.stack ?? error}`}\n`);
    process.exit(machineRefusal(error) ? 4 : 3);
  });
  const args = process.argv.slice(2);
  const contentMb = Math.ceil(contentBytes(contentDirOf(args)) / 2 ** 20);
  const heapMb = Math.min(Math.floor((os.totalmem() / 2 ** 20) * 0.75), 768 + 4 * contentMb);
  const cacheToLoad = await loadsCache(args);
  const initial = cacheToLoad ? initialHeap(contentMb, heapMb) : [];
  const young = youngGeneration(contentMb, cacheToLoad);
  // Never inherited (a caller's environment, an outer legalsite's): only this launcher says so.
  const env = { ...process.env, [SEMI_SPACE_MAIN_ONLY]: young.mainThreadOnly ? '1' : '', [EARLY_SHARDS]: String(earlyShards(args, cacheToLoad)) };
  // UV_THREADPOOL_SIZE (unless the caller set it): libuv's threads for file operations, 8 rather
  // than 4. A build that replaces its output folder removes the old one many files at a time
  // (src/write/output-recovery.ts, removeMarkedFolderFast), each mostly waiting on the disk: the
  // 85,000 files of a 10,000-article site took 2.4 s with 8 threads, 3.5 s with 4, 6.5 s one at a time.
  const child = spawn(process.execPath, [...process.execArgv, `--max-old-space-size=${heapMb}`, ...initial, ...young.flags, ...compilerFlags(), ...helperThreads(), fileURLToPath(import.meta.url), ...args], {
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    env: { ...env, LEGALSITE_NO_RESPAWN: '1', [LAUNCHER_PID]: String(process.pid), GLIBC_TUNABLES: withMallocTunables(process.env.GLIBC_TUNABLES), UV_THREADPOOL_SIZE: process.env.UV_THREADPOOL_SIZE || '8' },
  });
  child.on('error', (error) => {
    process.stderr.write(`legalsite: ${machineRefusal(error) ?? `could not start the build's process: ${error.message}.`}\n`);
    process.exit(4);
  });
  // Ctrl-C reaches both processes (one process group); a signal sent to this one alone is passed on.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => {
    if (signal) {
      process.removeAllListeners(signal);
      process.kill(process.pid, signal);
    } else process.exit(code ?? 1);
  });
}

/** What to tell the user when the machine refused a file, process or memory (the code of `error`).
 * The words of src/diagnostics/environment.ts, kept here rather than imported: when no file can be
 * opened, neither can the module that would say so. */
function machineRefusal(error) {
  // An error from a thread or the module loader may carry its code only in its message.
  switch (error?.code ?? /^(E[A-Z]+):/.exec(String(error?.message))?.[1]) {
    case 'EMFILE':
    case 'ENFILE':
      return 'too many files are open at once on this machine. Close other programs, or raise the limit (ulimit -n), and run again.';
    case 'EAGAIN':
      return 'the machine would not start another process or thread (too many are running, or ulimit -u is low). Close other programs, or raise the limit, and run again.';
    case 'ENOMEM':
      return 'the machine ran out of memory. Close other programs, or build with fewer threads (--workers 1), and run again.';
    default:
      return undefined;
  }
}

/** What to tell the user when a module the CLI needs could not be loaded. Node's loader reports a
 * module it could not open for want of files as not found ("Cannot find module 'esbuild'"), so a
 * module that is there after all, or a process at its limit of open files, is the machine's
 * refusal; a module really missing is an incomplete installation. Both exit 4, the environment's. */
function missingModule(error, from) {
  if (error?.code !== 'MODULE_NOT_FOUND' && error?.code !== 'ERR_MODULE_NOT_FOUND') return undefined;
  const name = /Cannot find (?:module|package) '([^']+)'/.exec(String(error.message))?.[1];
  if ((name && isInstalled(name, from)) || atOpenFilesLimit()) return machineRefusal({ code: 'EMFILE' });
  return `could not load ${name ?? 'a module'}, which legalsite needs: its installation is incomplete. Run npm ci (or install legalsite again), and run again.`;
}

function isInstalled(name, from) {
  try {
    createRequire(from).resolve(name);
    return true;
  } catch {
    return false;
  }
}

/** Slack left under the limit of open files that still counts as at it: threads open and close
 * files meanwhile. */
const OPEN_FILES_SLACK = 16;

/** Whether this process has (nearly) as many files open as it may (Linux's /proc; false elsewhere). */
function atOpenFilesLimit() {
  try {
    const limit = Number(/^Max open files\s+(\d+)/m.exec(readFileSync('/proc/self/limits', 'utf8'))?.[1]);
    return readdirSync('/proc/self/fd').length + OPEN_FILES_SLACK >= limit;
  } catch (error) {
    return error?.code === 'EMFILE' || error?.code === 'ENFILE';
  }
}

/** How many shard threads the CLI's process should start before it loads the CLI (0: none): a
 * build that loads no build cache starts one per core (or --workers), unless it has fewer articles
 * than it starts threads for, which the CLI's process finds out (src/engine/early-shards.ts). A
 * build that loads its cache may start one thread or none, and serve keeps its own. */
function earlyShards(args, cacheToLoad) {
  if (args[0] !== 'build' || cacheToLoad || args.includes('--help') || args.includes('-h')) return 0;
  const workers = optionOf(args, '--workers', undefined);
  if (workers === undefined) return Math.max(1, os.availableParallelism());
  // As the CLI reads it (src/commands/parsers.ts parseWorkers); a value it refuses starts none.
  const n = Number(workers);
  return Number.isInteger(n) && n >= 1 && n <= 64 ? n : 0;
}

/** Starts the build's shard threads (src/engine/early-shards.ts), running the worker module beside
 * the CLI module `cli` that the pool will start them from. Nothing is lost if it cannot: the pool
 * starts its own. */
async function startEarly(cli, threads) {
  try {
    const { startEarlyShards } = await import('../lib/src/engine/early-shards.js');
    const module = new URL(cli.includes('/lib/bundle/') ? './shard-worker.js' : './engine/shard-worker.js', cli);
    startEarlyShards(contentDirOf(process.argv.slice(2)), module, threads);
  } catch {
    // No lib/src/ to load it from: the pool starts its threads.
  }
}

/** The old generation's first size, a little more than a rebuild holds once it has loaded its cache
 * (2.2 times the content's size at 10,000 articles): V8 starts it small and collects the whole
 * heap each time it grows past a step (three times while a rebuild loads its cache), copying what a
 * build keeps for good. A 10,000-article rebuild after one edit took 6% less time with it (interleaved
 * runs, npm run bench's edit); the heap only grows to it as it is used, so a small site keeps a small
 * heap. Only for a command that will load a build cache. The CLI clears it (and the limit) once its
 * own thread has started, so worker threads do not take them (see above). */
function initialHeap(contentMb, heapMb) {
  const mb = Math.min(Math.floor(heapMb / 2), 3 * contentMb);
  return mb > 0 ? [`--initial-old-space-size=${mb}`] : [];
}

/** Whether the caller gave Node a flag matching `pattern`, on the command line or in NODE_OPTIONS. */
function callerChose(pattern) {
  return [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].some((a) => pattern.test(a));
}

/** Every thread's young generation sized to the site, unless the caller chose its own (the flag is
 * read by each thread as it starts, so the shard threads take it too, except in a large site's
 * rebuild: below). V8 caps a semi-space at 16 MB whatever the heap, and a busy thread fills its
 * young generation (three semi-spaces) whatever the site's size:
 * - under TINY_SITE_MB of content, semi-spaces of 4 MB, and up to SMALL_SITE_MB, 8 MB: for a small
 *   site they are a large part of the peak (1,000 articles: 276–285 MB with 8 MB, 251–255 MB with
 *   4 MB, time unchanged). 4 MB stops at 32 MB, a cautious line: at 61 MB it was a little slower;
 * - up to LARGE_SITE_MB, on a machine with at least BIG_YOUNG_MIN_MEMORY_MB, semi-spaces of 64 MB:
 *   a shard copies what its pages are still using at every young collection, and at 10,000 articles
 *   (117 MB) the shards made 575 of them each (2.0 s per shard); with 64 MB, 150 (1.0 s). The cold
 *   build took 4–7% less time for about 0.4 GB more memory (1.45 GB; Hugo's is 2.5 GB);
 * - above that V8's default for a build without a cache to load: at 50,000 articles the cold
 *   build's peak is near 4 GB without it. But for a command that will load one (`cacheToLoad`: a
 *   rebuild into an output folder, or serve), 64 MB for its main thread alone (`mainThreadOnly`:
 *   the CLI clears the flag for its shards). The main thread is a rebuild's whole wall time, and
 *   copies the loaded cache at every young collection (4.6 s of a 26 s one-change rebuild at
 *   50,000 articles; about 4% less time with 64 MB). The shards keep V8's default because theirs
 *   set the peak of a rebuild that makes every page again (4.37 GB with every thread at 64 MB,
 *   3.91 GB with the main thread's alone).
 * Measured in docs/performance-log.md ("The launcher's measure of the site", "A smaller young generation
 * for small sites, a larger one for rebuilds"). */
function youngGeneration(contentMb, cacheToLoad) {
  const semi = (mb, mainThreadOnly = false) => ({ flags: [`--max-semi-space-size=${mb}`], mainThreadOnly });
  const none = { flags: [], mainThreadOnly: false };
  const bigMemory = os.totalmem() / 2 ** 20 >= BIG_YOUNG_MIN_MEMORY_MB;
  if (callerChose(/^--(max|min)-semi-space-size/)) return none;
  if (contentMb < TINY_SITE_MB) return semi(4);
  if (contentMb < SMALL_SITE_MB) return semi(8);
  if (contentMb < LARGE_SITE_MB && bigMemory) return semi(64);
  if (cacheToLoad && bigMemory) return semi(64, true);
  return none;
}

/** V8's optimizing compiler told to inline less, each unless the caller chose:
 * - to call the array builtins (map, filter, forEach, some, …) rather than inline them. Inlined,
 *   Array.prototype.map makes its result with another elements kind than the builtin does, so the
 *   arrays a function returns change their map once that function is optimized, and every
 *   optimized reader of them is thrown away and compiled again ("wrong map" deoptimizations: 289 in
 *   a 10,000-article cold build, 173 without inlining). Inlining also makes each compiled function
 *   larger: the optimizing compiler's threads worked 24 s in that build, 14 s without. That cold
 *   build used about a tenth less CPU and took about 9% less time (seven interleaved pairs); a
 *   1,000-article cold build and a one-change rebuild took what they took. Measured in
 *   docs/performance-log.md ("The optimizing compiler's work").
 * - to inline at most INLINED_BYTECODE_CUMULATIVE bytes of bytecode into a function, half of V8's
 *   920. Each of a build's threads compiles the same hot functions for itself, and at 1,000
 *   articles the compiler's threads used about a fifth of the build's CPU: with half the budget a
 *   1,000-article cold build took about 5% less time (18 interleaved pairs, faster in 16), a
 *   10,000-article one no more (10 pairs, faster in 7). Without inlining at all, the
 *   10,000-article build used 7% more CPU. Measured in docs/performance-log.md ("Less inlining, fewer
 *   helper threads", twenty-second session).
 * V8 reads the flags for the whole process, so the shard threads take them too. Node refuses to
 * start with a V8 flag its V8 does not know, so the flags are given only up to LAST_V8_CHECKED: the
 * V8 versions whose flag definitions were read for them (11 to 13: Node 20 to 24). */
function compilerFlags() {
  if (Number(process.versions.v8.split('.')[0]) > LAST_V8_CHECKED) return [];
  return [
    ...(callerChose(/^--(no-)?turbo-inline-array-builtins$/) ? [] : ['--no-turbo-inline-array-builtins']),
    ...(callerChose(/^--max-inlined-bytecode-size-cumulative/) ? [] : [`--max-inlined-bytecode-size-cumulative=${INLINED_BYTECODE_CUMULATIVE}`]),
  ];
}

/** No more of V8's helper threads (the optimizing compiler's and the collector's, shared by every
 * thread of the process) than the machine has cores, when that is fewer than the NODE_V8_POOL_SIZE
 * Node starts, unless the caller chose. A build's shards already keep every core busy; on 2 cores,
 * four helper threads more only took turns with them. A 1,000-article cold build took about 5% less
 * time with two (18 interleaved pairs, faster in 15), a 10,000-article one what it took (six pairs).
 * Measured in docs/performance-log.md ("Less inlining, fewer helper threads", twenty-second session). */
function helperThreads() {
  if (callerChose(/^--v8-pool-size/)) return [];
  const cores = os.availableParallelism();
  return cores < NODE_V8_POOL_SIZE ? [`--v8-pool-size=${Math.max(1, cores)}`] : [];
}

/** glibc's malloc told how to take memory from the system and give it back, each unless the caller
 * set it (in GLIBC_TUNABLES, or through the variable glibc reads for it). Where touching a fresh
 * page of memory is slow, as on the virtual machines the benchmark runs on (about 14 µs per 4 KB
 * page: a build that touches 2 GB spends 7 s of kernel time on it), memory kept and used again is
 * much cheaper than memory given back and asked for again:
 * - `hugetlb=1`: large blocks backed by transparent huge pages (where the system allows them on
 *   request). A 10,000-article rebuild after one edit took 6% less time.
 * - `mmap_threshold` (MALLOC_MMAP_THRESHOLD_): blocks of 256 KB and more mapped on their own, so they
 *   go back to the system when freed. glibc otherwise raises that threshold as large blocks are
 *   freed, and serves the next ones from heaps that keep their memory: a cold build of 50,000
 *   articles peaked at 4.17 GB, 3.97 GB with it; no change in time at 1,000 and 10,000.
 * - `trim_threshold` (MALLOC_TRIM_THRESHOLD_): up to MALLOC_TRIM_MB of free memory kept at the top
 *   of each of glibc's heaps rather than 128 KB. The optimizing compiler's working memory, taken and
 *   freed for every function it compiles on each of a build's threads, was otherwise given back and
 *   faulted in again each time: a 1,000-article cold build had 35% fewer page faults and took 13%
 *   less time (8 interleaved pairs), a 10,000-article one 10% less (3 pairs); the peak did not move
 *   at 1,000 or 50,000 articles.
 * Measured in docs/performance-log.md ("Memory kept for the next block", twenty-fourth session). Other
 * C libraries, and older glibc, ignore them. */
function withMallocTunables(tunables) {
  const callerSet = (name, alias) => (tunables ?? '').includes(`glibc.malloc.${name}=`) || (alias !== undefined && process.env[alias] !== undefined);
  const ours = [
    ['hugetlb', '1'],
    ['mmap_threshold', String(256 * 1024), 'MALLOC_MMAP_THRESHOLD_'],
    ['trim_threshold', String(MALLOC_TRIM_MB * 2 ** 20), 'MALLOC_TRIM_THRESHOLD_'],
  ].filter(([name, , alias]) => !callerSet(name, alias));
  return [tunables, ...ours.map(([name, value]) => `glibc.malloc.${name}=${value}`)].filter(Boolean).join(':');
}

/** The CLI's module: its bundle (scripts/bundle-lib.mjs: one file per thread, run with V8's code
 * cache), unless a file it was made of (listed in its inputs.json, written last) changed since: a
 * tsc run, a file of lib/ edited, a package updated. Then lib/src/ as it is. About 700 stats. */
function cliModule() {
  const made = new URL('../lib/bundle/inputs.json', import.meta.url);
  const root = new URL('../', import.meta.url);
  try {
    const madeMs = statSync(made).mtimeMs;
    const inputs = JSON.parse(readFileSync(made, 'utf8'));
    if (inputs.every((file) => statSync(new URL(file, root)).mtimeMs <= madeMs)) return new URL('../lib/bundle/cli.js', import.meta.url).href;
  } catch {
    // No bundle, or an input gone: lib/src/ it is.
  }
  return new URL('../lib/src/cli.js', import.meta.url).href;
}

/** Whether the command will load a build cache: it is build or serve, one exists for its content
 * folder, and it was not told --no-cache (src/write/cache-location.ts, which loads nothing but
 * Node's own modules). A build whose output folder is missing loads only the cache's memos
 * (src/build/output.ts mayUpdateOutput): a first size would only make its threads' heaps larger. */
async function loadsCache(args) {
  if (!['build', 'serve'].includes(args[0]) || args.includes('--no-cache')) return false;
  if (args[0] === 'build' && !existsSync(optionOf(args, '--out', 'dist'))) return false;
  try {
    const { cacheFile } = await import('../lib/src/write/cache-location.js');
    return existsSync(cacheFile(process.cwd(), contentDirOf(args)));
  } catch {
    return false;
  }
}

/** The content folder the command names (--content, default "content"). */
function contentDirOf(args) {
  return optionOf(args, '--content', 'content');
}

/** The value of an option given as "--name value" or "--name=value", or its default. */
function optionOf(args, name, fallback) {
  const at = args.findIndex((a) => a === name || a.startsWith(`${name}=`));
  return at < 0 ? fallback : args[at].startsWith(`${name}=`) ? args[at].slice(name.length + 1) : args[at + 1] ?? fallback;
}

/** The size of what legalsite reads of the content folder `dir` (hidden files and folders, such as a
 * build cache kept there, left out); 0 if unreadable. Estimated per folder from the sizes of at most
 * SAMPLED_FILES of its files, spread over it, times their number: a heap limit needs no more, and
 * stating all 12,000 files of a large site took a tenth of a second of every command. Per folder, so
 * that one large file beside many small ones (the id file beside the articles' folder) is measured,
 * not multiplied by the number of articles. */
function contentBytes(dir) {
  try {
    const folders = new Map();
    const hiddenFolder = new Map();
    const isHidden = (folder) => {
      let hidden = hiddenFolder.get(folder);
      if (hidden === undefined) hiddenFolder.set(folder, (hidden = path.relative(dir, folder).split(path.sep).some((part) => part.startsWith('.'))));
      return hidden;
    };
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      const folder = entry.parentPath ?? entry.path;
      if (!entry.isFile() || entry.name.startsWith('.') || isHidden(folder)) continue;
      (folders.get(folder) ?? folders.set(folder, []).get(folder)).push(entry.name);
    }
    let total = 0;
    for (const [folder, names] of folders) {
      const step = Math.max(1, Math.floor(names.length / SAMPLED_FILES));
      let sampled = 0;
      let bytes = 0;
      for (let i = 0; i < names.length; i += step) {
        bytes += statSync(path.join(folder, names[i])).size;
        sampled++;
      }
      total += (bytes / sampled) * names.length;
    }
    return total;
  } catch {
    // No content folder to measure: the CLI will say so; the heap keeps its base size.
    return 0;
  }
}
