/**
 * How many shard threads a build's articles call for, and the heap each gets: shared by the build's
 * step that starts them (build/shards.ts) and the early start before the CLI loads (early-shards.ts),
 * which must come to the same answer for its threads to be used.
 * Reads: nothing. Writes: nothing.
 */
import type { ResourceLimits } from 'node:worker_threads';

/** Below this many articles, loading and rendering stay on the main thread: starting worker threads
 * costs more than they save (measured with npm run bench). */
export const MIN_ARTICLES_FOR_WORKERS = 200;

/**
 * Heap limits for shard threads, sized to their share of the articles (`sizes`, in bytes): a shard
 * holds its articles' parsed text between the two loading steps and little else, and a tight limit
 * makes V8 collect garbage before it grows the heap (at 10,000 articles the default limits let the
 * process reach 1.9 GB; measured with npm run bench). A large share grows by less than its size: at
 * 50,000 articles a shard held at most about 400 MB for its 290 MB of articles, and 1.1 GB rather
 * than 1.9 GB took the build's peak from 4.47 to 4.24 GB. LEGALSITE_WORKER_HEAP_MB overrides it.
 */
export function shardLimits(threads: number, sizes: Iterable<number>): ResourceLimits {
  const override = Number(process.env.LEGALSITE_WORKER_HEAP_MB);
  if (override > 0) return { maxOldGenerationSizeMb: override };
  let bytes = 0;
  for (const size of sizes) bytes += size;
  const shareMb = bytes / threads / 2 ** 20;
  return { maxOldGenerationSizeMb: Math.ceil(Math.min(192 + 6 * shareMb, 512 + 2 * shareMb)) };
}
