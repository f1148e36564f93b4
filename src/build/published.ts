/**
 * The published manifest's file (/api/published.json, passes/published.ts): made after every page,
 * from each page's ids as the shards found them when they made it; a page left as the output folder
 * holds it has the ids the last build's manifest gave it (or, when that manifest is not as the last
 * build wrote it, those read from the page itself). Fingerprinted by every page's fingerprint, the
 * site's URLs and redirects: unchanged, it is not even made.
 * Reads: the emitted pages, the routes, the last manifest in the output folder. Writes: nothing.
 */
import type { SiteEmitter } from '../engine/emit-site.js';
import { pageIds } from '../html/page-ids.js';
import { buildPublished, expandIds, formatPublished, type PublishedManifest, publishedFrom } from '../passes/published.js';
import type { FileRoute, Route } from '../routes/types.js';
import type { OutputTarget } from '../write/output-target.js';

export const PUBLISHED_URL = '/api/published.json';
const PUBLISHED_PATH = PUBLISHED_URL.slice(1);

/** The manifest's route; `manifest` (when asked for) holds what it was made of. */
export function publishedRoute(baseUrl: string, emitter: SiteEmitter, routes: Route[], urls: Set<string>, target: OutputTarget | undefined): { route: FileRoute; manifest: () => PublishedManifest } {
  const pages = emitter.pageIds();
  const redirects = new Map(routes.flatMap((r) => ('redirectTo' in r && r.redirectTo !== undefined ? [[r.url, r.redirectTo] as [string, string]] : [])));
  const files = [...urls].filter((u) => !pages.has(u) && !redirects.has(u));
  let made: PublishedManifest | undefined;
  const manifest = () => (made ??= buildPublished(baseUrl, resolveIds(pages, target), files, redirects));
  const inputs = () => JSON.stringify([baseUrl, [...pages].map(([url, p]) => [url, emitter.fingerprintOf(p.path)]), files, [...redirects]]);
  return { route: { kind: 'file', url: PUBLISHED_URL, body: () => formatPublished(manifest()), inputs, type: 'application/json; charset=utf-8' }, manifest };
}

/** Every page's ids: as found when made, else from the last manifest, else from the page file. */
function resolveIds(pages: Map<string, { path: string; ids?: string[] }>, target: OutputTarget | undefined): Map<string, string[]> {
  let last: PublishedManifest | undefined | null = null;
  const lastManifest = () => {
    if (last === null) last = target?.previousIfIntact(PUBLISHED_PATH) ? readManifest(target, PUBLISHED_PATH) : undefined;
    return last;
  };
  return new Map([...pages].map(([url, p]) => {
    if (p.ids) return [url, p.ids];
    const known = lastManifest()?.pages[url];
    return [url, known ? [...expandIds(known)] : pageIds(target!.read(p.path).toString('utf8'))];
  }));
}

function readManifest(target: OutputTarget, file: string): PublishedManifest | undefined {
  try {
    const m = publishedFrom(JSON.parse(target.read(file).toString('utf8')));
    return typeof m === 'string' ? undefined : m;
  } catch {
    return undefined;
  }
}
