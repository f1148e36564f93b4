/**
 * Renders HTML routes, on worker threads for large sites (src/parallel/worker-pool.ts). Small sites
 * render on the main thread: starting workers costs more than it saves below MIN_PAGES_FOR_WORKERS.
 */
import type { ClientBundle } from '../bundle/client-bundle.js';
import { mapInWorkers, workerModule } from '../parallel/worker-pool.js';
import type { HtmlRoute } from '../routes/types.js';
import type { Chrome } from '../../templates/types.js';
import { renderPage } from './render-page.js';
import type { RenderSetup } from './render-worker.js';

export { defaultWorkers } from '../parallel/worker-pool.js';

export const MIN_PAGES_FOR_WORKERS = 2000;
const BATCH = 100;

export async function renderAll(routes: HtmlRoute[], chrome: Chrome, bundle: ClientBundle, workers: number, minPages = MIN_PAGES_FOR_WORKERS): Promise<string[]> {
  if (workers <= 1 || routes.length < minPages) return routes.map((r) => renderPage(r, chrome, bundle));
  const setup: RenderSetup = { chrome, entries: [...bundle.entries] as RenderSetup['entries'] };
  return mapInWorkers(workerModule(import.meta.url, './render-worker.ts'), setup, routes, workers, BATCH);
}
