/**
 * Renders HTML routes on worker threads (all cores by default, `--workers N`). Routes are split into
 * batches handed out as workers come free; results keep the routes' order, so output is identical
 * to rendering on the main thread. Small sites render on the main thread: starting workers costs more
 * than it saves below MIN_PAGES_FOR_WORKERS.
 */
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { packageRoot } from '../package-root.js';
import type { ClientBundle } from '../bundle/client-bundle.js';
import type { HtmlRoute } from '../routes/types.js';
import type { Chrome } from '../../templates/types.js';
import { renderPage } from './render-page.js';
import type { RenderJob } from './render-worker.js';

export const MIN_PAGES_FOR_WORKERS = 2000;
const BATCH = 100;

export function defaultWorkers(): number {
  return Math.max(1, availableParallelism());
}

export async function renderAll(routes: HtmlRoute[], chrome: Chrome, bundle: ClientBundle, workers: number, minPages = MIN_PAGES_FOR_WORKERS): Promise<string[]> {
  if (workers <= 1 || routes.length < minPages) return routes.map((r) => renderPage(r, chrome, bundle));
  // Workers do not inherit tsx's loader, so under tsx (tests) they run the compiled copy in lib/.
  const file = import.meta.url.endsWith('.ts') ? pathToFileURL(path.join(packageRoot(), 'lib/src/render/render-worker.js')) : new URL('./render-worker.js', import.meta.url);
  const pool = Array.from({ length: Math.min(workers, Math.ceil(routes.length / BATCH)) }, () => new Worker(file));
  const entries = [...bundle.entries] as RenderJob['entries'];
  const out: string[] = new Array(routes.length);
  let next = 0;
  try {
    await Promise.all(
      pool.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            const send = () => {
              if (next >= routes.length) return resolve();
              const start = next;
              next += BATCH;
              worker.postMessage({ id: start, routes: routes.slice(start, start + BATCH), chrome, entries } satisfies RenderJob);
            };
            worker.on('message', (msg: { id: number; html?: string[]; error?: string }) => {
              if (msg.error) return reject(new Error(`rendering failed in a worker: ${msg.error}`));
              msg.html!.forEach((h, i) => (out[msg.id + i] = h));
              send();
            });
            worker.on('error', reject);
            send();
          }),
      ),
    );
  } finally {
    await Promise.all(pool.map((w) => w.terminate()));
  }
  return out;
}
