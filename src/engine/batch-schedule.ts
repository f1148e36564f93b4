/**
 * How the shard pool shares jobs out among its shards, in batches. A job may be tied to a shard (an
 * article to the shard that read it, a page to the shard holding its item's recommendations); the
 * others go where there is room. Results always come back in the jobs' order, so what a build writes
 * never depends on which shard did what, or when.
 * Reads: nothing. Writes: nothing (the shards' work is `run`).
 */

export interface ScheduleOptions {
  /** How many shards there are. */
  shards: number;
  batchSize: number;
  /**
   * `balanced`: each shard takes its own jobs, then untied ones, as it comes free (`inFlight`
   * batches at a time: the main thread must be free to hand them out).
   * `eager`: untied jobs are shared out evenly and every batch is sent at once.
   */
  mode: 'balanced' | 'eager';
  /** Batches a shard has in hand at once (balanced). */
  inFlight?: number;
  /**
   * Balanced only: a shard that runs out of jobs takes some of the jobs still waiting for another,
   * from the end of that one's list. For jobs any shard can do (at some cost: an article its own
   * shard has parsed is read again), so that a shard slowed by the rest of the machine does not
   * leave the other idle for seconds at the end.
   */
  steal?: boolean;
}

export async function schedule<J, R>(jobs: J[], tiedTo: (job: J) => number | undefined, opts: ScheduleOptions, run: (shard: number, batch: J[]) => Promise<R[]>): Promise<R[]> {
  const { shards: n, batchSize } = opts;
  const tied = Array.from({ length: n }, () => [] as number[]);
  const free: number[] = [];
  jobs.forEach((job, i) => {
    const shard = tiedTo(job);
    (shard === undefined || shard >= n ? free : tied[shard]).push(i);
  });
  const out: R[] = new Array(jobs.length);
  const runBatch = async (shard: number, batch: number[]) => {
    const results = await run(shard, batch.map((i) => jobs[i]));
    batch.forEach((i, k) => (out[i] = results[k]));
  };
  if (opts.mode === 'eager') {
    // Untied jobs go to the shards with the fewest jobs so far.
    for (const i of free) tied[tied.reduce((least, list, s) => (list.length < tied[least].length ? s : least), 0)].push(i);
    const batches = tied.flatMap((list, shard) => Array.from({ length: Math.ceil(list.length / batchSize) }, (_, b) => runBatch(shard, list.slice(b * batchSize, (b + 1) * batchSize))));
    await Promise.all(batches);
    return out;
  }
  // Batches shrink as the jobs still waiting run out, a shard's own included: a shard then never
  // holds much more than its share of what is left, and none finishes while the other still has
  // a full batch or two in hand (at 1,000 articles, a fifth of a second of a core left idle).
  let waiting = jobs.length;
  const tailBatch = (left: number) => Math.max(1, Math.min(batchSize, Math.ceil(left / (2 * n))));
  const splice = (list: number[], start: number, count: number) => {
    const batch = list.splice(start, count);
    waiting -= batch.length;
    return batch;
  };
  const take = (shard: number): number[] => {
    const own = tied[shard];
    if (own.length) return splice(own, 0, tailBatch(waiting));
    if (free.length) return splice(free, 0, tailBatch(free.length));
    if (!opts.steal) return [];
    const busiest = tied.reduce((most, list, s) => (list.length > tied[most].length ? s : most), 0);
    const left = tied[busiest].length;
    if (!left) return [];
    const count = tailBatch(left);
    return splice(tied[busiest], left - count, count);
  };
  const lane = async (shard: number) => {
    for (let batch = take(shard); batch.length; batch = take(shard)) await runBatch(shard, batch);
  };
  await Promise.all(Array.from({ length: n }, (_, shard) => Array.from({ length: opts.inFlight ?? 1 }, () => lane(shard))).flat());
  return out;
}
