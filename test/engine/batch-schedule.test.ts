/** How the shard pool shares jobs out (src/engine/batch-schedule.ts): results in the jobs' order
 * whatever the timing, tied jobs on their shard, and, when stealing is allowed, a shard slowed by
 * the rest of the machine does not keep the other idle while it works through its own list. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { schedule, type ScheduleOptions } from '../../src/engine/batch-schedule.js';

const test = suite('engine: batch schedule');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `jobs` on fake shards, shard s taking `msPerJob[s]` per job; returns the results and which
 * shard ran each job. */
async function runOn(jobs: number[], tiedTo: (job: number) => number | undefined, opts: ScheduleOptions, msPerJob: number[]) {
  const ranOn = new Map<number, number>();
  const busy = msPerJob.map(() => 0);
  const results = await schedule(jobs, tiedTo, opts, async (shard, batch) => {
    busy[shard]++;
    assert.ok(busy[shard] <= (opts.mode === 'eager' ? Infinity : opts.inFlight ?? 1), 'no more batches in hand than allowed');
    await sleep(msPerJob[shard] * batch.length);
    busy[shard]--;
    for (const job of batch) ranOn.set(job, shard);
    return batch.map((job) => `result ${job}`);
  });
  return { results, ranOn };
}

const jobs = Array.from({ length: 60 }, (_, i) => i);
const expected = jobs.map((job) => `result ${job}`);

test('results come back in the jobs order, in every mode', async () => {
  for (const mode of ['eager', 'balanced'] as const) {
    const { results } = await runOn(jobs, (j) => (j % 3 === 0 ? undefined : j % 2), { shards: 2, batchSize: 4, mode, inFlight: 2, steal: true }, [1, 3]);
    assert.equal(results, expected, mode);
  }
});

test('without stealing, a tied job runs on its shard however slow that shard is', async () => {
  const { results, ranOn } = await runOn(jobs, (j) => j % 2, { shards: 2, batchSize: 4, mode: 'balanced', inFlight: 2 }, [1, 6]);
  assert.equal(results, expected);
  for (const job of jobs) assert.is(ranOn.get(job), job % 2, `job ${job}`);
});

test('with stealing, a shard that runs out takes the slow shard\'s waiting jobs, from the end of its list', async () => {
  const { results, ranOn } = await runOn(jobs, (j) => j % 2, { shards: 2, batchSize: 4, mode: 'balanced', inFlight: 2, steal: true }, [1, 6]);
  assert.equal(results, expected);
  const moved = jobs.filter((job) => job % 2 === 1 && ranOn.get(job) === 0);
  assert.ok(moved.length >= 10, `the fast shard took ${moved.length} of the slow shard's 30 jobs`);
  // The slow shard did its own first jobs itself: what was taken is the end of its list.
  const kept = jobs.filter((job) => job % 2 === 1 && ranOn.get(job) === 1);
  assert.ok(Math.max(...kept) < Math.min(...moved), 'stolen from the end');
  // Shard 0 never gives its own away: it is never the slower one here.
  for (const job of jobs) if (job % 2 === 0) assert.is(ranOn.get(job), 0);
});

test('eager mode shares untied jobs evenly and keeps tied ones in place', async () => {
  const { ranOn } = await runOn(jobs, (j) => (j < 10 ? 1 : undefined), { shards: 2, batchSize: 5, mode: 'eager' }, [1, 1]);
  for (let j = 0; j < 10; j++) assert.is(ranOn.get(j), 1);
  const onZero = jobs.filter((j) => ranOn.get(j) === 0).length;
  assert.is(onZero, 30, 'the 50 untied jobs bring both shards to 30');
});

test('batches shrink as the waiting jobs run out: none holds more than its share of what is left', async () => {
  // Each shard's own 100 jobs in batches of up to 40, two in hand. With fixed batches of 40 a shard's
  // last ones held 20 jobs or more, and the other shard, done, waited for them. Now a batch holds at
  // most a quarter of the jobs not yet handed out (two shards), whatever the timing.
  const many = Array.from({ length: 200 }, (_, i) => i);
  const handedOut: { left: number; size: number }[] = [];
  let handed = 0;
  const results = await schedule(many, (j) => j % 2, { shards: 2, batchSize: 40, mode: 'balanced', inFlight: 2, steal: true }, async (_shard, batch) => {
    handedOut.push({ left: many.length - handed, size: batch.length });
    handed += batch.length;
    await sleep(batch.length);
    return batch.map((job) => job * 10);
  });
  assert.equal(results, many.map((job) => job * 10));
  assert.is(Math.max(...handedOut.map((b) => b.size)), 40, 'full batches while many jobs wait');
  for (const { left, size } of handedOut) assert.ok(size <= Math.max(1, Math.ceil(left / 4)), `a batch of ${size} jobs when ${left} were left`);
  assert.is(handedOut.at(-1)!.size, 1, 'the last batch holds one job');
});

test.run();
