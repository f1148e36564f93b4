/**
 * A render worker: receives batches of HTML routes with the page chrome and script table, renders
 * them with the same renderPage as the main thread, and sends the HTML back.
 */
import { parentPort } from 'node:worker_threads';
import type { ClientBundle } from '../bundle/client-bundle.js';
import type { HtmlRoute } from '../routes/types.js';
import type { Chrome } from '../../templates/types.js';
import { renderPage } from './render-page.js';

export interface RenderJob {
  id: number;
  routes: HtmlRoute[];
  chrome: Chrome;
  entries: [string, { src: string; imports: string[]; bytes: number }][];
}

parentPort?.on('message', (job: RenderJob) => {
  const bundle = { files: [], entries: new Map(job.entries) } as unknown as ClientBundle;
  try {
    const html = job.routes.map((r) => renderPage(r, job.chrome, bundle));
    parentPort!.postMessage({ id: job.id, html });
  } catch (error) {
    parentPort!.postMessage({ id: job.id, error: (error as Error).stack ?? String(error) });
  }
});
