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

export interface RenderOptions {
  workers: number;
  minPages?: number;
  /** Sees each page as soon as it is rendered. */
  onPage?: (index: number, html: string) => void;
  /** Also return every page (default); false when onPage has written them out. */
  keep?: boolean;
}

export async function renderAll(routes: HtmlRoute[], chrome: Chrome, bundle: ClientBundle, options: RenderOptions): Promise<string[]> {
  const { workers, minPages = MIN_PAGES_FOR_WORKERS, onPage, keep = true } = options;
  if (workers <= 1 || routes.length < minPages) {
    const out: string[] = [];
    routes.forEach((r, i) => {
      const html = renderPage(r, chrome, bundle);
      onPage?.(i, html);
      if (keep) out.push(html);
    });
    return out;
  }
  const setup: RenderSetup = { chrome, entries: [...bundle.entries] as RenderSetup['entries'] };
  return mapInWorkers(workerModule(import.meta.url, './render-worker.ts'), setup, routes, workers, BATCH, onPage, keep);
}
