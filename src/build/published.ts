/**
 * The published manifest's file (/api/published.json, passes/published.ts): made after every page,
 * from each page's ids as the shards found them when they made it; a page left as the output folder
 * holds it has the ids the last build's manifest gave it (or, when that manifest is not as the last
 * build wrote it, those read from the page itself). When that manifest lists the same pages, it is
 * its text with the lines of the pages made now replaced, and the files and redirects written anew.
 * Fingerprinted by every page's fingerprint, the site's URLs and redirects: unchanged, it is not
 * even made.
 * Reads: the emitted pages, the routes, the last manifest in the output folder. Writes: nothing.
 */
import type { PageAnchors, SiteEmitter } from '../engine/emit-site.js';
import { pageIds } from '../html/page-ids.js';
import { buildPublished, compactIds, formatPublishedLines, isHostFile, withTexts, type PublishedManifest, type PublishedPage, publishedPageLines, splicePublishedLines } from '../passes/published.js';
import type { FileRoute, Route } from '../routes/types.js';
import type { FileThread } from '../write/file-thread.js';
import type { OutputTarget } from '../write/output-target.js';

export const PUBLISHED_URL = '/api/published.json';
const PUBLISHED_PATH = PUBLISHED_URL.slice(1);

/** The manifest's files and redirects, worked out as soon as the site's URLs and routes are known,
 * before its pages are made; the file thread sorts and formats them meanwhile (`key`). */
export interface PublishedAhead {
  /** The pages, as the routes tell them: what is worked out ahead is used only if the pages made
   * are exactly these. */
  pageUrls: Set<string>;
  files: string[];
  redirects: Map<string, string>;
  key: number;
}

export function publishedAhead(baseUrl: string, urls: Set<string>, pageUrls: Set<string>, routes: Route[], thread: FileThread): PublishedAhead {
  const redirects = redirectsOf(routes);
  const files = filesOf(urls, pageUrls, redirects);
  const key = thread.framePublished({ site: baseUrl, files: files.join('\0'), redirects: [...redirects] });
  return { pageUrls, files, redirects, key };
}

/** Each redirecting URL with the URL it sends the reader to. */
export const redirectsOf = (routes: Route[]): Map<string, string> => new Map(routes.flatMap((r) => ('redirectTo' in r && r.redirectTo !== undefined ? [[r.url, r.redirectTo] as [string, string]] : [])));

/** Every URL that is neither a page nor a redirect. */
const filesOf = (urls: Set<string>, pages: { has(url: string): boolean }, redirects: Map<string, string>) => [...urls].filter((u) => !pages.has(u) && !redirects.has(u) && !isHostFile(u));

/** The manifest's route; `manifest` (when asked for) holds what it was made of; `aside` makes it on
 * the file thread (SiteEmitter.fileAside), from `ahead` when the pages made are those it expected. */
export function publishedRoute(
  baseUrl: string,
  emitter: SiteEmitter,
  routes: Route[],
  urls: Set<string>,
  target: OutputTarget | undefined,
  ahead?: PublishedAhead,
): { route: FileRoute; manifest: () => PublishedManifest; aside: (thread: FileThread, out: string) => Promise<boolean> } {
  const pages = emitter.pageAnchors();
  const early = ahead && ahead.pageUrls.size === pages.size && [...pages.keys()].every((url) => ahead.pageUrls.has(url)) ? ahead : undefined;
  const redirects = early?.redirects ?? redirectsOf(routes);
  const files = early?.files ?? filesOf(urls, pages, redirects);
  const anchors = lazy(() => resolveAnchors(pages, target));
  const manifest = () => buildPublished(baseUrl, new Map([...anchors()].map(([url, a]) => [url, typeof a === 'string' ? (JSON.parse(a) as PublishedPage) : a])), files, redirects);
  // A page not made again keeps the line the last manifest gave it: nothing is parsed or rewritten.
  // When the last manifest lists the same pages, only the lines of the pages made now are made, and
  // the rest of its pages copied.
  // Set when the file thread found the last manifest cannot be spliced (an article added, say): the
  // body is then made whole here, without trying the same splice again.
  let spliceRefused = false;
  const body = () => {
    const spliced = target && !spliceRefused ? splicedBody(target, baseUrl, pages, files, redirects) : undefined;
    if (spliced !== undefined) return spliced;
    const lines = new Map([...anchors()].map(([url, a]) => [url, typeof a === 'string' ? a : JSON.stringify(a)]));
    return formatPublishedLines(baseUrl, lines, files, redirects);
  };
  const inputs = () => JSON.stringify([baseUrl, Array.from(pages.keys(), (url) => [url, emitter.fingerprintOf(pages.pathOf(url))]), files, [...redirects]]);
  // The last manifest spliced on the file thread: at 50,000 articles a second and more of this
  // thread's time (its 300,000 files sorted, 57 MB of text put together), while this one goes on.
  // The same splice as splicedBody, from the same checks.
  const aside = (thread: FileThread, out: string): Promise<boolean> => {
    if (!target?.previousIfIntact(PUBLISHED_PATH)) return Promise.resolve(false);
    const line = madeLine(pages);
    const changed: [string, string][] = [];
    for (const url of pages.keys()) {
      const made = line(url);
      if (made !== undefined) changed.push([url, made]);
    }
    const tail = early ? { key: early.key } : { site: baseUrl, files: files.join('\0'), redirects: [...redirects] };
    return thread.splicePublished({ last: target.locate(PUBLISHED_PATH), out, urls: [...pages.keys()].join('\0'), changed, tail }).then((spliced) => ((spliceRefused = !spliced), spliced));
  };
  return { route: { kind: 'file', url: PUBLISHED_URL, body, inputs, type: 'application/json; charset=utf-8' }, manifest, aside };
}

/** The manifest made from the last one in the output folder (splicePublishedLines), when that one is
 * as the last build wrote it and lists the same pages; else undefined. */
function splicedBody(target: OutputTarget, baseUrl: string, pages: PageAnchors, files: string[], redirects: Map<string, string>): string | undefined {
  if (!target.previousIfIntact(PUBLISHED_PATH)) return undefined;
  let last: string;
  try {
    last = target.read(PUBLISHED_PATH).toString('utf8');
  } catch {
    return undefined;
  }
  return splicePublishedLines(last, baseUrl, [...pages.keys()].sort(), madeLine(pages), files, redirects);
}

/** A page's line in the manifest when this build made it (its anchors as JSON); else undefined. */
const madeLine = (pages: PageAnchors) => (url: string) => {
  const anchors = pages.anchorsOf(url);
  return anchors && JSON.stringify(anchors);
};

const lazy = <T>(make: () => T) => {
  let value: T | undefined;
  return () => (value ??= make());
};

/** Every page's anchors: as found when made; else its line in the last manifest (as JSON text), when
 * that file is as the last build wrote it; else read from the page file. */
function resolveAnchors(pages: PageAnchors, target: OutputTarget | undefined): Map<string, PublishedPage | string> {
  const last = lazy(() => (target?.previousIfIntact(PUBLISHED_PATH) ? lastLines(target, PUBLISHED_PATH) : new Map<string, string>()));
  return new Map(Array.from(pages.keys(), (url) => [url, pages.anchorsOf(url) ?? last().get(url) ?? readAnchors(target!, url, pages.pathOf(url))]));
}

const ARTICLE_PAGE = /^\/articles\/([^/]+)$/;

/** A kept page's anchors, read from the output folder: its ids from the page; an article's
 * paragraphs' texts from its JSON mirror beside it, whose hashes they are (passes/published.ts). */
function readAnchors(target: OutputTarget, url: string, file: string): PublishedPage {
  const anchors = compactIds(pageIds(target.read(file).toString('utf8')));
  const slug = ARTICLE_PAGE.exec(url)?.[1];
  if (!slug || !anchors.paragraphs?.[slug]) return anchors;
  try {
    const mirror = JSON.parse(target.read(`articles/${slug}.json`).toString('utf8')) as { sections?: { paragraphs?: { id: string; sha256: string }[] } };
    return withTexts(anchors, slug, new Map((mirror.sections?.paragraphs ?? []).map((p) => [p.id, p.sha256])));
  } catch {
    return anchors;
  }
}

function lastLines(target: OutputTarget, file: string): Map<string, string> {
  try {
    return publishedPageLines(target.read(file).toString('utf8'));
  } catch {
    return new Map();
  }
}
