/**
 * Runs an async job over a list with at most `limit` jobs in flight, in list order. Used for hashing,
 * uploads and deletes so a 10,000-page site neither runs serially nor opens 60,000 sockets at once.
 * Reads: nothing. Writes: nothing.
 */

/** Calls `job` on every item, `limit` at a time; results are in the items' order. */
export async function runPool<T, R>(items: readonly T[], limit: number, job: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await job(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}
