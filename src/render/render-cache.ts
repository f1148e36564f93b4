/**
 * Rendering with serve's in-memory page cache: a page whose inputs (props, metadata, chrome, scripts,
 * template sources) are exactly those of a page rendered before is reused; the rest go to the
 * worker pool. Keys are content hashes, so a reused page is exactly what rendering would produce.
 */
import type { BuildCache } from '../build-cache.js';
import { hashOf, pruneTo } from '../build-cache.js';
import type { ClientBundle } from '../bundle/client-bundle.js';
import type { HtmlRoute } from '../routes/types.js';
import type { Chrome } from '../../templates/types.js';
import { templatesKey } from './templates-key.js';
import { renderAll } from './worker-pool.js';

/**
 * Renders every HTML route, reusing the HTML of routes rendered before from exactly the same inputs
 * (props, metadata, chrome, scripts, template sources); the rest go to the worker pool. `onPage`
 * sees every page, reused or rendered.
 */
export async function renderWithCache(routes: HtmlRoute[], chrome: Chrome, bundle: ClientBundle, cache: BuildCache | undefined, options: { workers: number; minPages?: number; keep: boolean; onPage?: (route: HtmlRoute, html: string) => void }): Promise<Map<HtmlRoute, string>> {
  const out = new Map<HtmlRoute, string>();
  const { onPage, keep } = options;
  if (!cache) {
    const html = await renderAll(routes, chrome, bundle, { ...options, onPage: onPage && ((i, h) => onPage(routes[i], h)) });
    if (keep) routes.forEach((r, i) => out.set(r, html[i]));
    return out;
  }
  const keys = renderKeys(routes, chrome, bundle);
  const missing = routes.filter((_, i) => !cache.pages.has(keys[i]));
  const rendered = await renderAll(missing, chrome, bundle, { workers: options.workers, minPages: options.minPages });
  const fresh = new Map(missing.map((r, i) => [r, rendered[i]]));
  routes.forEach((r, i) => {
    const html = fresh.get(r) ?? cache.pages.get(keys[i])!;
    cache.pages.set(keys[i], html);
    onPage?.(r, html);
    if (keep) out.set(r, html);
  });
  pruneTo(cache.pages, new Set(keys));
  return out;
}

/** For each route, a hash of everything its page is rendered from: props, metadata, chrome, scripts, templates. */
export function renderKeys(routes: HtmlRoute[], chrome: Chrome, bundle: ClientBundle): string[] {
  const context = hashOf(templatesKey(), JSON.stringify(chrome), JSON.stringify([...bundle.entries]));
  return routes.map((r) => hashOf(context, JSON.stringify(r)));
}

