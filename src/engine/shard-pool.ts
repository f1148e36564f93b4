/**
 * The shards of a build: worker threads (all cores by default, `--workers N`), or one shard on the
 * main thread for small sites, where starting threads costs more than it saves. Work goes out in
 * batches as shards come free (batch-schedule.ts); an article's second step goes to the shard that did
 * its first, unless another has run out of work. Results keep the jobs' order, so output never
 * depends on timing.
 * A pool lives for one build, or for a whole `serve` session. Its threads may have been started
 * before the CLI loaded (early-shards.ts); it takes them when they fit.
 */
import { availableParallelism } from 'node:os';
import { type ResourceLimits, Worker } from 'node:worker_threads';
import { ResourceError } from '../diagnostics/diagnostic.js';
import { workerModule } from '../parallel/worker-module.js';
import { schedule } from './batch-schedule.js';
import { dropEarlyShards, takeEarlyShard } from './early-shards.js';
import { type ArticleJob, type ArticleResult, ContentChangedError, END, END_WAIT_MS, type Emitted, type FileJob, type FrontMatterResult, type PageJob, renderContextOf, type ShardSetup, type Sink } from './shard-protocol.js';
import type { Shard } from './shard.js';
import type { BundleEntry } from '../bundle/client-bundle.js';
import type { ClientEntry } from '../../templates/client/entries.js';
import type { ShardCall, ShardReply } from './shard-worker.js';
import type { Chrome } from '../../templates/types.js';
import { featuresToWire, type RecFeatures, recommendationShard } from '../passes/recommendations.js';
import { type CandidateMemo, type CandidatePlan, nextMemo, type SelectedLists, sharedPlan } from './candidate-memo.js';

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
  /** The recommendation features the shards hold (which shard renders an item's pages depends on them). */
  private features?: RecFeatures;

  /** Which shard parsed each article file in step 1 (it keeps the article until step 2). */
  private owners = new Map<string, number>();

  private constructor(
    private handles: Handle[],
    /** Shards on worker threads (not one on the main thread). */
    readonly threaded: boolean,
  ) {}

  /** `threads` 0 runs one shard on the main thread. Takes the threads started early
   * (early-shards.ts) that fit, and stops the others. */
  static start(threads: number, limits?: ResourceLimits): ShardPool {
    const pool = new ShardPool(threads <= 0 ? [inlineHandle()] : Array.from({ length: threads }, () => workerHandle(limits)), threads > 0);
    dropEarlyShards();
    return pool;
  }

  get size(): number {
    return this.handles.length;
  }

  /** What a build's articles are read with: the first call of every build. */
  async configure(setup: ShardSetup): Promise<void> {
    // A new build. Its step 1 may take more than one call (startReadingArticles): the last build's
    // owners are forgotten here, not there.
    this.owners.clear();
    await Promise.all(this.handles.map((h) => h.call('configure', [setup])));
  }

  /** What pages are rendered with; returns the render context (shard.ts renderContextOf). */
  async setRenderer(chrome: Chrome, entries: [ClientEntry, BundleEntry][]): Promise<string> {
    const context = renderContextOf(chrome, entries);
    await Promise.all(this.handles.map((h) => h.call('setRenderer', [context, chrome, entries])));
    return context;
  }

  /** Sends every shard what recommendation and term pages are made from; each selects candidates for
   * its share of the items (as `plan` says), whose pages renderPages sends it. Not awaited by callers
   * that queue pages after it: each shard takes its calls in order. Resolves to the memo of this
   * selection, for the next build's plan. */
  setRecommendations(features: RecFeatures, plan: CandidatePlan): Promise<CandidateMemo> {
    this.features = features;
    const count = this.handles.length;
    const [wire, sent] = [featuresToWire(features), sharedPlan(plan)];
    return Promise.all(this.handles.map((h, index) => h.call<SelectedLists>('setRecommendations', [wire, { index, count }, sent]))).then((selected) => nextMemo(features, plan, selected));
  }

  /**
   * Step 1 (shard.ts): reads and checks article files. Every batch is sent at once, shared out evenly:
   * the main thread reads the id file meanwhile (load-articles.ts), and a shard handed a batch or two
   * at a time would wait for it.
   */
  readFrontMatter(jobs: FileJob[]): Promise<FrontMatterResult[]> {
    return schedule(jobs, () => undefined, { shards: this.size, batchSize: LOAD_BATCH, mode: 'eager' }, async (shard, batch) => {
      const results = await this.handles[shard].call<FrontMatterResult[]>('readFrontMatter', [batch]);
      for (const r of results) if (r.meta) this.owners.set(r.rel, shard);
      return results;
    });
  }

  /** Step 2: each article on the shard that read it in step 1 (any shard, for one it did not); near
   * the end a shard with nothing left takes some of another's (batch-schedule.ts). */
  loadArticles(jobs: ArticleJob[], sink: Sink): Promise<ArticleResult[]> {
    const options = { shards: this.size, batchSize: LOAD_BATCH, mode: 'balanced', inFlight: IN_FLIGHT, steal: true } as const;
    return schedule(jobs, (j) => this.owners.get(j.rel), options, (shard, batch) => this.handles[shard].call<ArticleResult[]>('loadArticles', [batch, sink]));
  }

  /**
   * Renders pages. Every batch is sent at once, so the shards keep rendering while the main thread
   * is busy with other passes.
   */
  renderPages(jobs: PageJob[], sink: Sink, remember: boolean, onPage?: (page: Emitted) => void): Promise<Emitted[]> {
    // A term or recommendations page goes to the shard holding its item's candidates.
    const holder = (j: PageJob) => {
      const node = j.keyed?.node ?? (j.input && j.input.family !== 'article' ? j.input.node : undefined);
      return node === undefined ? undefined : recommendationShard(this.features!, node, this.handles.length);
    };
    return schedule(jobs, holder, { shards: this.size, batchSize: RENDER_BATCH, mode: 'eager' }, async (shard, batch) => {
      const pages = await this.handles[shard].call<Emitted[]>('renderPages', [batch, sink, remember]);
      if (onPage) pages.forEach(onPage);
      return pages;
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.handles.map((h) => h.close()));
  }
}

function inlineHandle(): Handle {
  // Loaded on the first call: the main thread loads the rendering stack only when it renders.
  let shard: Promise<Shard> | undefined;
  return {
    call: async <T>(method: keyof Shard, args: unknown[]) => {
      const s = await (shard ??= import('./shard.js').then((m) => new m.Shard()));
      return (s[method] as (...a: unknown[]) => T)(...args);
    },
    close: async () => {},
  };
}

function workerHandle(limits: ResourceLimits | undefined): Handle {
  const module = workerModule(import.meta.url, './shard-worker.ts');
  const worker = takeEarlyShard(module, limits) ?? new Worker(module, { resourceLimits: limits });
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
  worker.on('error', (error: Error & { code?: string }) =>
    failAll(
      error.code === 'ERR_WORKER_OUT_OF_MEMORY'
        ? new ResourceError(`a worker thread ran out of memory (its limit was ${limits?.maxOldGenerationSizeMb ?? 'the default'} MB). Run with fewer threads (--workers 1 gives one thread the most room), or raise the limit with LEGALSITE_WORKER_HEAP_MB=<megabytes>.`)
        : error,
    ),
  );
  worker.on('exit', (code) => failAll(new Error(`a worker thread stopped (exit code ${code})`)));
  const ended = new Promise((resolve) => worker.once('exit', resolve));
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
      // A shard with calls still to answer (a build stopped by an error) is stopped at once, as it
      // would write files no build wants. An idle one is asked to end, and saves its compiled code
      // as it goes (parallel/code-cache.ts); stopped if it has not ended in END_WAIT_MS.
      if (waiting.size > 0) {
        await worker.terminate();
        return;
      }
      worker.postMessage(END);
      const stop = setTimeout(() => void worker.terminate(), END_WAIT_MS);
      await ended;
      clearTimeout(stop);
    },
  };
}

function reviveError(e: { name: string; message: string; stack?: string; file?: string }): Error {
  if (e.name === 'ContentChangedError' && e.file) return new ContentChangedError(e.file);
  const error = new Error(`a worker failed: ${e.message}`);
  error.stack = e.stack;
  return error;
}
