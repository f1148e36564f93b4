/**
 * A large site's heap grows slowly once its articles are rendered.
 *
 * After each full collection V8 lets a heap grow by a factor it works out from how fast the
 * program allocates, up to about 1.8 times what it held on a heap of this size. At 50,000
 * articles the main thread held 1.54 GB after a full collection as it wrote the site's files,
 * then grew to 2.78 GB before the next one: over a gigabyte of garbage (the site files' text and
 * bytes), on top of the shards still making the term and recommendation pages. That moment was the
 * build's peak. Capped at V8's own "conservative" factor, 1.3, the heap is collected sooner.
 *
 * The factor is a V8 flag, read at each full collection and shared by every thread of the process.
 * It is set only from the site files to the end of the build: earlier, the shards render the
 * articles with heaps of their own, and a slower growth doubled their full collections (ninth
 * session: 9% more CPU for the whole build). And only for a heap that holds a large site as the
 * site files start (a gigabyte: some 30,000 benchmark articles; 10,000 held 0.35 GB), whose
 * garbage sets the peak. A small site's never comes near it, and its build pays nothing.
 */
import v8 from 'node:v8';

/** A heap holding this much as the site files start holds a site whose garbage sets the peak. */
export const SLOW_GROWTH_MIN_HEAP_MB = 1024;
/** How far the heap may grow past what a full collection left, in per cent. */
export const SLOW_GROWTH_PERCENT = 30;

const FLAG = /^--heap[-_]growing[-_]percent/;

/** Starts the slow growth where it applies; the function returned ends it (V8's own factor again). */
export function growHeapSlowly(heldBytes = v8.getHeapStatistics().used_heap_size): () => void {
  if (heldBytes < SLOW_GROWTH_MIN_HEAP_MB * 2 ** 20 || callerChose()) return () => {};
  v8.setFlagsFromString(`--heap-growing-percent=${SLOW_GROWTH_PERCENT}`);
  // 0 is V8's default: no fixed factor.
  return () => v8.setFlagsFromString('--heap-growing-percent=0');
}

/** A factor given to Node by whoever started it is theirs to keep (Node takes it on the command line
 * only, and the launcher passes its own command line's flags on). */
function callerChose(): boolean {
  return process.execArgv.some((a) => FLAG.test(a));
}
