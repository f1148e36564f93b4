/**
 * Shard threads started before the CLI is loaded, for a build that will start them anyway.
 *
 * A shard thread takes about a quarter of a second to start Node, read its bundle and run it, and
 * the build asks for its first work as soon as the content is loaded: at 1,000 articles the shards
 * were ready some 250 ms after that, while one of the two cores had been idle through the CLI's own
 * start (docs/performance-log.md, "Shard threads started with the CLI, and the bundles in ASCII"). So the
 * CLI's process (bin/legalsite.js, told by the launcher that this is a build that loads no cache)
 * starts them first, and the pool (shard-pool.ts) takes them when it starts, if they run its module
 * with the heap it would give them (shard-limits.ts, from the same article files); any it does not
 * take are stopped. Until taken they do not hold the process open: a build that stops early ends as
 * it would have.
 * Loads nothing but Node's own modules and shard-limits.ts: it runs before the CLI is loaded.
 * Reads: the names and sizes of the content folder's articles/*.md. Writes: nothing.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { type ResourceLimits, Worker } from 'node:worker_threads';
import { MIN_ARTICLES_FOR_WORKERS, shardLimits } from './shard-limits.js';

/** Shared through the global object: bin/legalsite.js loads this module from lib/src/, the CLI's
 * bundle has its own copy. */
const EARLY = Symbol.for('legalsite.earlyShards');

interface Early {
  module: string;
  limits: ResourceLimits;
  waiting: { worker: Worker; failed: boolean }[];
}

const registry = globalThis as { [EARLY]?: Early };

/**
 * Starts `threads` shard threads running `module` (the worker module the pool would start), sized
 * to the articles of `contentDir`, unless it has fewer than the pool would start threads for.
 * Returns how many were started.
 */
export function startEarlyShards(contentDir: string, module: URL, threads: number): number {
  if (threads < 1) return 0;
  const sizes = articleSizes(contentDir);
  if (!sizes || sizes.length < MIN_ARTICLES_FOR_WORKERS) return 0;
  const limits = shardLimits(threads, sizes);
  const waiting = Array.from({ length: threads }, () => {
    const entry = { worker: new Worker(module, { resourceLimits: limits }), failed: false };
    // A thread that fails before the pool takes it is not taken: the pool starts another, whose
    // failure it reports.
    const failed = () => (entry.failed = true);
    entry.worker.once('error', failed).once('exit', failed).unref();
    return entry;
  });
  registry[EARLY] = { module: module.href, limits, waiting };
  return threads;
}

/** A waiting shard thread running `module` with `limits`, held open from now on; or undefined. */
export function takeEarlyShard(module: URL, limits: ResourceLimits | undefined): Worker | undefined {
  const early = registry[EARLY];
  if (!early || early.module !== module.href || early.limits.maxOldGenerationSizeMb !== limits?.maxOldGenerationSizeMb) return undefined;
  let entry = early.waiting.shift();
  while (entry?.failed) entry = early.waiting.shift();
  entry?.worker.ref();
  return entry?.worker;
}

/** Stops the shard threads no pool took. */
export function dropEarlyShards(): void {
  const early = registry[EARLY];
  if (!early) return;
  registry[EARLY] = undefined;
  for (const { worker } of early.waiting) void worker.terminate();
}

/** The sizes of the article files a build would read (articles/*.md, not hidden, regular files or
 * links to them), or undefined when the folder cannot be read. A link the build would refuse (one
 * leading out of the content folder) is counted here: the limits then differ from the pool's and
 * its threads are not taken. */
function articleSizes(contentDir: string): number[] | undefined {
  const dir = path.join(contentDir, 'articles');
  try {
    const sizes: number[] = [];
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || !entry.name.endsWith('.md')) continue;
      if (entry.isFile()) sizes.push(statSync(path.join(dir, entry.name)).size);
      else if (entry.isSymbolicLink()) {
        const st = statSync(path.join(dir, entry.name), { throwIfNoEntry: false });
        if (st?.isFile()) sizes.push(st.size);
      }
    }
    return sizes;
  } catch {
    return undefined;
  }
}
