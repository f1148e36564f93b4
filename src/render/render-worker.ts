/**
 * A render worker: receives the page chrome and script table once, then batches of HTML routes,
 * renders them with the same renderPage as the main thread, and sends the HTML back.
 */
import type { ClientBundle } from '../bundle/client-bundle.js';
import { serveBatches } from '../parallel/worker-pool.js';
import type { HtmlRoute } from '../routes/types.js';
import type { Chrome } from '../../templates/types.js';
import { renderPage } from './render-page.js';

export interface RenderSetup {
  chrome: Chrome;
  entries: [string, { src: string; imports: string[]; bytes: number }][];
}

serveBatches<RenderSetup, HtmlRoute, string>(({ chrome, entries }) => {
  const bundle = { files: [], entries: new Map(entries) } as unknown as ClientBundle;
  return (route) => renderPage(route, chrome, bundle);
});
