/**
 * Runs a pure function over many items on worker threads (all cores by default, `--workers N`).
 * Items go out in batches as workers come free; results keep the items' order, so the output is
 * identical to running on the main thread. Each worker receives `setup` once, before its first batch.
 * A worker module answers with `serveBatches` (worker-side half of this file).
 */
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parentPort, Worker } from 'node:worker_threads';
import { packageRoot } from '../package-root.js';

export function defaultWorkers(): number {
  return Math.max(1, availableParallelism());
}

/** The URL of a worker module beside `fromUrl`. Workers do not inherit tsx's loader, so under tsx
 * (tests) they run the compiled copy in lib/. */
export function workerModule(fromUrl: string, relative: string): URL {
  if (!fromUrl.endsWith('.ts')) return new URL(relative.replace(/\.ts$/, '.js'), fromUrl);
  const source = new URL(relative, fromUrl);
  const fromRoot = path.relative(packageRoot(), fileURLToPath(source)).replace(/\.ts$/, '.js');
  return pathToFileURL(path.join(packageRoot(), 'lib', fromRoot));
}

interface Batch<I> {
  id: number;
  items?: I[];
  setup?: unknown;
}

/**
 * `onResult` sees each result as it arrives (in no particular order), e.g. to write it out at once;
 * with `keep` false the results are not also collected (the returned array stays empty).
 */
export async function mapInWorkers<I, O>(module: URL, setup: unknown, items: I[], workers: number, batchSize: number, onResult?: (index: number, result: O) => void, keep = true): Promise<O[]> {
  const pool = Array.from({ length: Math.max(1, Math.min(workers, Math.ceil(items.length / batchSize))) }, () => new Worker(module));
  const out: O[] = keep ? new Array(items.length) : [];
  let next = 0;
  try {
    await Promise.all(
      pool.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            const send = () => {
              if (next >= items.length) return resolve();
              const start = next;
              next += batchSize;
              worker.postMessage({ id: start, items: items.slice(start, start + batchSize) } satisfies Batch<I>);
            };
            worker.on('message', (msg: { id: number; results?: O[]; error?: string }) => {
              if (msg.error) return reject(new Error(`a worker failed: ${msg.error}`));
              try {
                msg.results!.forEach((r, i) => (keep && (out[msg.id + i] = r), onResult?.(msg.id + i, r)));
              } catch (error) {
                return reject(error);
              }
              send();
            });
            worker.on('error', reject);
            worker.postMessage({ id: -1, setup } satisfies Batch<I>);
            send();
          }),
      ),
    );
  } finally {
    await Promise.all(pool.map((w) => w.terminate()));
  }
  return out;
}

/** The worker side: `prepare` turns the setup message into the function applied to every item. */
export function serveBatches<S, I, O>(prepare: (setup: S) => (item: I) => O): void {
  let run: ((item: I) => O) | undefined;
  parentPort?.on('message', (batch: Batch<I>) => {
    try {
      if (batch.id === -1) {
        run = prepare(batch.setup as S);
        return;
      }
      parentPort!.postMessage({ id: batch.id, results: batch.items!.map(run!) });
    } catch (error) {
      parentPort!.postMessage({ id: batch.id, error: (error as Error).stack ?? String(error) });
    }
  });
}
