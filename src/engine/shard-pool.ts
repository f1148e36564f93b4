/**
 * The shards of a build: worker threads (all cores by default, `--workers N`), or one shard on the
 * main thread for small sites, where starting threads costs more than it saves. Work goes out in
 * batches as shards come free; an article stays with the shard that loaded it, so its page is
 * rendered where its body is. Results keep the jobs' order, so output never depends on timing.
 * A pool lives for one build, or for a whole `serve` session (shards keep their units).
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { workerModule } from '../parallel/worker-module.js';
import { type ArticleJob, type ArticleResult, ContentChangedError, type Emitted, type PageJob, Shard, type ShardSetup, type Sink } from './shard.js';
import type { ShardCall, ShardReply } from './shard-worker.js';
import type { Chrome } from '../../templates/types.js';
import type { RecContext } from '../passes/recommendations.js';

export function defaultWorkers(): number {
  return Math.max(1, availableParallelism());
}

const LOAD_BATCH = 40;
const RENDER_BATCH = 60;
/** Calls kept in flight per shard, so a worker never waits while the main thread reads a reply. */
const IN_FLIGHT = 2;

interface Handle {
  call<T>(method: keyof Shard, args: unknown[]): Promise<T>;
  close(): Promise<void>;
}

export class ShardPool {
  /** Which shard holds each article file's unit. */
  private owners = new Map<string, number>();

  private constructor(private handles: Handle[]) {}

  /** `threads` 0 runs one shard on the main thread. */
  static start(threads: number): ShardPool {
    return new ShardPool(threads <= 0 ? [inlineHandle()] : Array.from({ length: threads }, () => workerHandle()));
  }

  get size(): number {
    return this.handles.length;
  }

  /** Whether shards keep articles' page parts between builds (serve). */
  private keepUnits = false;

  async configure(setup: ShardSetup, keepUnits: boolean): Promise<void> {
    this.keepUnits = keepUnits;
    await Promise.all(this.handles.map((h) => h.call('configure', [setup, keepUnits])));
  }

  async setRenderer(chrome: Chrome, entries: [string, { src: string; imports: string[]; bytes: number }][]): Promise<void> {
    await Promise.all(this.handles.map((h) => h.call('setRenderer', [chrome, entries])));
  }

  /** Sends every shard what recommendation and term pages are made from. Not awaited by callers
   * that queue pages after it: each shard takes its calls in order. */
  setRecommendations(recs: RecContext): Promise<void> {
    return Promise.all(this.handles.map((h) => h.call('setRecommendations', [recs]))).then(() => undefined);
  }

  /** Loads articles; a file already held by a shard goes back to it. `onResult` sees each as it comes. */
  loadArticles(jobs: ArticleJob[], sink: Sink, onResult?: (result: ArticleResult) => void): Promise<ArticleResult[]> {
    return this.schedule(jobs, (j) => this.owners.get(j.rel), LOAD_BATCH, 'balanced', async (shard, batch) => {
      const results = await this.handles[shard].call<ArticleResult[]>('loadArticles', [batch, sink]);
      for (const r of results) {
        if (r.digest) this.owners.set(r.rel, shard);
        else this.owners.delete(r.rel);
        onResult?.(r);
      }
      return results;
    });
  }

  /**
   * Renders pages; a page with an article body goes to the shard holding that article. Every batch is
   * sent at once, so the shards keep rendering while the main thread is busy with other passes.
   */
  renderPages(jobs: PageJob[], sink: Sink, remember: boolean, onPage?: (page: Emitted) => void): Promise<Emitted[]> {
    return this.schedule(jobs, (j) => (j.body ? this.owners.get(j.body.rel) : undefined), RENDER_BATCH, 'eager', async (shard, batch) => {
      const pages = await this.handles[shard].call<Emitted[]>('renderPages', [batch, sink, remember]);
      if (this.keepUnits) batch.forEach((j) => j.body && this.owners.set(j.body.rel, shard));
      if (onPage) pages.forEach(onPage);
      return pages;
    });
  }

  /** Forgets the units of files that are gone. */
  async retain(files: Iterable<string>): Promise<void> {
    const kept = new Set(files);
    for (const rel of this.owners.keys()) if (!kept.has(rel)) this.owners.delete(rel);
    const byShard = this.handles.map(() => [] as string[]);
    for (const [rel, shard] of this.owners) byShard[shard].push(rel);
    await Promise.all(this.handles.map((h, i) => h.call('retain', [byShard[i]])));
  }

  async close(): Promise<void> {
    await Promise.all(this.handles.map((h) => h.close()));
  }

  /**
   * Runs `jobs` in batches; a job tied to a shard runs there. `balanced`: each shard takes its own
   * jobs, then untied ones, as it comes free (IN_FLIGHT batches at a time: the main thread must be
   * free to hand them out). `eager`: untied jobs are shared out evenly and every batch is sent at once.
   * Results come back in the jobs' order.
   */
  private async schedule<J, R>(jobs: J[], tiedTo: (job: J) => number | undefined, batchSize: number, mode: 'balanced' | 'eager', run: (shard: number, batch: J[]) => Promise<R[]>): Promise<R[]> {
    const n = this.handles.length;
    const tied = this.handles.map(() => [] as number[]);
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
    if (mode === 'eager') {
      // Untied jobs go to the shards with the fewest jobs so far.
      for (const i of free) tied[tied.reduce((least, list, s) => (list.length < tied[least].length ? s : least), 0)].push(i);
      const batches = tied.flatMap((list, shard) => Array.from({ length: Math.ceil(list.length / batchSize) }, (_, b) => runBatch(shard, list.slice(b * batchSize, (b + 1) * batchSize))));
      await Promise.all(batches);
      return out;
    }
    const take = (shard: number): number[] => {
      const own = tied[shard];
      if (own.length) return own.splice(0, batchSize);
      // Untied jobs in small batches near the end, so no shard is left with a long tail.
      const share = Math.max(1, Math.min(batchSize, Math.ceil(free.length / (2 * n))));
      return free.splice(0, share);
    };
    const lane = async (shard: number) => {
      for (let batch = take(shard); batch.length; batch = take(shard)) await runBatch(shard, batch);
    };
    await Promise.all(this.handles.flatMap((_, shard) => Array.from({ length: IN_FLIGHT }, () => lane(shard))));
    return out;
  }
}

function inlineHandle(): Handle {
  const shard = new Shard();
  return {
    call: async <T>(method: keyof Shard, args: unknown[]) => (shard[method] as (...a: unknown[]) => T)(...args),
    close: async () => {},
  };
}

function workerHandle(): Handle {
  const worker = new Worker(workerModule(import.meta.url, './shard-worker.ts'));
  const waiting = new Map<number, { resolve: (v: never) => void; reject: (e: Error) => void }>();
  let next = 0;
  let failure: Error | undefined;
  const failAll = (error: Error) => {
    failure ??= error;
    for (const w of waiting.values()) w.reject(error);
    waiting.clear();
  };
  worker.on('message', (reply: ShardReply) => {
    const w = waiting.get(reply.id);
    if (!w) return;
    waiting.delete(reply.id);
    if ('error' in reply) w.reject(reviveError(reply.error));
    else w.resolve(reply.result as never);
  });
  worker.on('error', failAll);
  worker.on('exit', (code) => failAll(new Error(`a worker thread stopped (exit code ${code})`)));
  return {
    call<T>(method: keyof Shard, args: unknown[]): Promise<T> {
      if (failure) return Promise.reject(failure);
      const id = next++;
      return new Promise<T>((resolve, reject) => {
        waiting.set(id, { resolve: resolve as (v: never) => void, reject });
        worker.postMessage({ id, method, args } satisfies ShardCall);
      });
    },
    async close() {
      failure ??= new Error('the shard pool is closed');
      await worker.terminate();
    },
  };
}

function reviveError(e: { name: string; message: string; stack?: string; file?: string }): Error {
  if (e.name === 'ContentChangedError' && e.file) return new ContentChangedError(e.file);
  const error = new Error(`a worker failed: ${e.message}`);
  error.stack = e.stack;
  return error;
}
