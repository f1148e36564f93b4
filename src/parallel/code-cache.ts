/**
 * Runs one of the CLI's bundles (lib/bundle/*.cjs, made by scripts/bundle-lib.mjs) with V8's code
 * cache: the bytecode of every function the last run of that bundle compiled, kept between
 * processes. Each thread of a build compiled its code afresh (V8 compiles a function when it is
 * first called): at 1,000 articles about a tenth of the build's CPU time (docs/performance-log.md,
 * "Start-up: one file per thread, compiled code kept"). A script has no import() on Node 20 (the
 * bundle script checks that the bundles have none).
 *
 * V8 checks that cached code was made by the same V8 with the same flags, but of the source it
 * checks only the length: the cache is therefore named by the bundle's content hash (which the
 * bundle script writes into its loader), its size and modification time, Node's version, and the
 * thread's flags, so code made from other source is never read. A cache V8 rejects, or none, means
 * the bundle is compiled as before. The code is saved when the thread ends, holding every function
 * the run compiled: when there was no cache, or when this run lasted more than twice the run that
 * saved it, and by at least LONGER_MS (a `--version` compiles little of what a build calls; two
 * runs of a few milliseconds differ by twice on a busy machine for nothing). A missing, unreadable or
 * unwritable cache folder costs nothing but the speed-up. LEGALSITE_NO_CODE_CACHE=1 turns it off.
 *
 * Loads nothing but Node's own modules (and package-root.ts, which loads no more): it runs before
 * the CLI is loaded.
 * Reads and writes: node_modules/.cache/legalsite/code/<bundle>-<key>.v8 (at most KEPT files).
 */
import { createHash } from 'node:crypto';
import { accessSync, constants, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { isMainThread } from 'node:worker_threads';
import { toolCacheDir } from '../package-root.js';

/** Cache files kept in all: one per bundle and set of flags (the launcher sizes the heap flags to
 * the site, so a few sites give a few sets). The oldest go first. */
const KEPT = 12;

/** How much longer than the run that saved the cache a run must last to save it again (as well as
 * twice as long). */
const LONGER_MS = 250;

/** Runs the CommonJS bundle at `url` (as require would) and returns its exports. `contentHash`:
 * the hash of its text, written beside it by the bundle script. */
export function runBundle(url: URL, contentHash: string): Record<string, unknown> {
  const file = fileURLToPath(url);
  const source = readFileSync(file, 'utf8');
  const off = process.env.LEGALSITE_NO_CODE_CACHE;
  const cacheFile = off && off !== '0' ? undefined : cacheFileFor(file, contentHash);
  const started = performance.now();
  let cached: { code: Buffer; runMs: number } | undefined;
  try {
    if (cacheFile) cached = readCache(cacheFile);
    // Marked as used: the oldest are removed first (pruneOldest).
    if (cached && cacheFile) utimesSync(cacheFile, new Date(), new Date());
  } catch {
    // None yet: compiled below, saved at the end.
  }
  const script = new vm.Script(Module.wrap(source), { filename: file, cachedData: cached?.code });
  if (cacheFile) saveWhenDone(script, cacheFile, started, cached && !script.cachedDataRejected ? cached.runMs : undefined);
  const module = { exports: {} as Record<string, unknown> };
  const wrapper = script.runInThisContext() as (exports: object, require: NodeRequire, module: object, filename: string, dirname: string) => void;
  wrapper.call(module.exports, module.exports, createRequire(file), module, file, path.dirname(file));
  return module.exports;
}

/** The cache file for `file` in this thread, or undefined when there is no folder to keep it in. */
function cacheFileFor(file: string, contentHash: string): string | undefined {
  // `file` is in <package>/lib/bundle/.
  const dir = toolCacheDir(path.dirname(path.dirname(path.dirname(file))), 'code');
  if (!dir) return undefined;
  const { size, mtimeMs } = statSync(file);
  const key = createHash('sha256').update([contentHash, size, mtimeMs, process.version, process.arch, isMainThread, ...process.execArgv].join('\u0000')).digest('hex').slice(0, 24);
  return path.join(dir, `${path.basename(file, '.cjs')}-${key}.v8`);
}


/** A cache file: how long the run that saved it lasted (ms, a float64), the SHA-256 of V8's data,
 * then the data. V8 checks the data's length but not its bytes (a byte changed on disk would be run
 * as code), so they are checked here: data whose hash differs is no cache. */
function readCache(cacheFile: string): { code: Buffer; runMs: number } | undefined {
  const bytes = readFileSync(cacheFile);
  if (bytes.length <= HEAD) return undefined;
  const code = bytes.subarray(HEAD);
  if (!createHash('sha256').update(code).digest().equals(bytes.subarray(8, HEAD))) return undefined;
  return { runMs: bytes.readDoubleLE(0), code };
}

/** The run's time (8 bytes) and the data's SHA-256 (32). */
const HEAD = 40;

/**
 * Saves the script's code when the thread ends, by then holding every function the run compiled,
 * unless a cache it used came from a run at least half as long as this one, or less than LONGER_MS
 * shorter. A shard ends itself when its pool closes (engine/shard-pool.ts), so that it gets here too.
 */
function saveWhenDone(script: vm.Script, cacheFile: string, started: number, usedRunMs: number | undefined): void {
  process.once('exit', () => {
    const runMs = performance.now() - started;
    if (usedRunMs !== undefined && (runMs <= 2 * usedRunMs || runMs - usedRunMs < LONGER_MS)) return;
    const temp = `${cacheFile}.${process.pid}-${Math.random().toString(36).slice(2)}.tmp`;
    try {
      const dir = path.dirname(cacheFile);
      mkdirSync(dir, { recursive: true });
      accessSync(dir, constants.W_OK);
      const code = script.createCachedData();
      const head = Buffer.alloc(HEAD);
      head.writeDoubleLE(runMs, 0);
      createHash('sha256').update(code).digest().copy(head, 8);
      writeFileSync(temp, Buffer.concat([head, code]));
      renameSync(temp, cacheFile);
      pruneOldest(dir);
    } catch {
      // A read-only install, a full disk: the next run compiles as this one did.
      rmSync(temp, { force: true });
    }
  });
}

/** Keeps the KEPT cache files last used (or made), and drops what a thread stopped while writing left (a temp
 * file over ten minutes old). */
function pruneOldest(dir: string): void {
  const files = readdirSync(dir).map((f) => ({ f, t: statSync(path.join(dir, f)).mtimeMs }));
  const stale = files.filter(({ f, t }) => f.endsWith('.tmp') && Date.now() - t > 600_000);
  const caches = files.filter(({ f }) => f.endsWith('.v8')).sort((a, b) => b.t - a.t);
  for (const { f } of [...stale, ...caches.slice(KEPT)]) rmSync(path.join(dir, f), { force: true });
}
