/** Shard threads started before the CLI loads (src/engine/early-shards.ts): started only for as many
 * articles as a build starts threads for, taken by a pool that runs their module with their heap,
 * never taken when failed, stopped when not taken, and never holding a process open. */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Worker } from 'node:worker_threads';
import { execa } from 'execa';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { dropEarlyShards, startEarlyShards, takeEarlyShard } from '../../src/engine/early-shards.js';
import { MIN_ARTICLES_FOR_WORKERS, shardLimits } from '../../src/engine/shard-limits.js';
import { ShardPool } from '../../src/engine/shard-pool.js';
import { workerModule } from '../../src/parallel/worker-module.js';
import { ROOT, tempDir } from '../helpers/sites.js';

const test = suite('early shards');

/** The module the pool starts its shards from. */
const SHARD = workerModule(pathToFileURL(path.join(ROOT, 'src/engine/shard-pool.ts')).href, './shard-worker.ts');

/** A content folder with `n` articles of `bytes` bytes each (and a hidden file and a folder, not
 * articles); returns it and the articles' sizes. */
function contentWith(n: number, bytes = 1000): { dir: string; sizes: number[] } {
  const dir = tempDir('early-shards-');
  mkdirSync(path.join(dir, 'articles', 'not-an-article.md'), { recursive: true });
  writeFileSync(path.join(dir, 'articles', '.hidden.md'), 'x'.repeat(5000));
  for (let i = 0; i < n; i++) writeFileSync(path.join(dir, 'articles', `a-${i}.md`), 'x'.repeat(bytes + i));
  return { dir, sizes: Array.from({ length: n }, (_, i) => bytes + i) };
}

/** A shard thread's answer to the pool's protocol: the thread is running the shard. */
function answers(worker: Worker): Promise<unknown> {
  return new Promise((resolve) => {
    worker.once('message', resolve);
    worker.postMessage({ id: 7, method: 'readFrontMatter', args: [[]] });
  });
}

test('started for as many articles as a build starts threads for, and taken with the heap the pool gives them', async () => {
  const { dir, sizes } = contentWith(MIN_ARTICLES_FOR_WORKERS);
  assert.is(startEarlyShards(dir, SHARD, 2), 2);
  const limits = shardLimits(2, sizes);
  assert.is(takeEarlyShard(SHARD, { maxOldGenerationSizeMb: limits.maxOldGenerationSizeMb! + 1 }), undefined, 'another heap: not taken');
  assert.is(takeEarlyShard(new URL('./other-worker.js', SHARD), limits), undefined, 'another module: not taken');
  const taken = [takeEarlyShard(SHARD, limits), takeEarlyShard(SHARD, limits)];
  assert.is(takeEarlyShard(SHARD, limits), undefined, 'two started, two taken');
  for (const worker of taken) {
    assert.ok(worker);
    assert.equal(await answers(worker!), { id: 7, result: [] });
    await worker!.terminate();
  }
  dropEarlyShards();
});

test('none for fewer articles than that, nor for a folder that cannot be read', () => {
  assert.is(startEarlyShards(contentWith(MIN_ARTICLES_FOR_WORKERS - 1).dir, SHARD, 2), 0);
  assert.is(startEarlyShards(path.join(tempDir(), 'missing'), SHARD, 2), 0);
  assert.is(takeEarlyShard(SHARD, undefined), undefined);
});

test('the pool takes those it can use and stops the rest', async () => {
  const { dir, sizes } = contentWith(MIN_ARTICLES_FOR_WORKERS);
  startEarlyShards(dir, SHARD, 2);
  const pool = ShardPool.start(1, shardLimits(1, sizes));
  // Sized for one thread, the pool's heap is not the one the early threads got: it started its own.
  assert.equal(await pool.readFrontMatter([]), []);
  assert.is(takeEarlyShard(SHARD, shardLimits(2, sizes)), undefined, 'the others were dropped');
  await pool.close();
});

test('a thread that failed before it was taken is not taken', async () => {
  const { dir, sizes } = contentWith(MIN_ARTICLES_FOR_WORKERS);
  const broken = path.join(tempDir(), 'broken-worker.mjs');
  writeFileSync(broken, "throw new Error('broken');\n");
  const module = pathToFileURL(broken);
  startEarlyShards(dir, module, 1);
  // The registry the module keeps on the global object: waited on until the thread has failed.
  const early = (globalThis as Record<symbol, { waiting: { failed: boolean }[] } | undefined>)[Symbol.for('legalsite.earlyShards')];
  for (let i = 0; i < 200 && !early?.waiting[0]?.failed; i++) await new Promise((r) => setTimeout(r, 50));
  assert.ok(early?.waiting[0]?.failed, 'the thread failed');
  assert.is(takeEarlyShard(module, shardLimits(1, sizes)), undefined);
  dropEarlyShards();
});

test('threads no pool took do not hold the process open', async () => {
  const { dir } = contentWith(MIN_ARTICLES_FOR_WORKERS);
  const script = path.join(tempDir(), 'start-early.mjs');
  writeFileSync(script, `const { startEarlyShards } = await import(${JSON.stringify(pathToFileURL(path.join(ROOT, 'lib/src/engine/early-shards.js')).href)});
const started = startEarlyShards(${JSON.stringify(dir)}, new URL(${JSON.stringify(SHARD.href)}), 2);
const early = globalThis[Symbol.for('legalsite.earlyShards')];
// Running: each answers a call before the script ends.
await Promise.all(early.waiting.map(({ worker }) => new Promise((resolve) => { worker.once('message', resolve); worker.postMessage({ id: 1, method: 'readFrontMatter', args: [[]] }); })));
process.stdout.write(String(started));
`);
  const run = await execa('node', [script], { reject: false, timeout: 30_000 });
  assert.is(run.stdout, '2', run.stderr);
  assert.is(run.exitCode, 0, `ended by itself (${run.timedOut ? 'timed out' : run.stderr})`);
});

test.run();
