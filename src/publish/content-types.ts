/**
 * The Content-Type and Cache-Control each published object is stored with, decided from its path in
 * dist/. Object stores answer with the headers stored on the object, so these are what readers,
 * feed readers and crawlers see.
 * `legalsite serve` sends the same types (src/serve.ts), and `_headers` declares them for the files
 * hosts do not know by name (routes/reference-files.ts).
 * Reads: nothing. Writes: nothing.
 */
import { lookup } from 'mrmime';

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  json: 'application/json; charset=utf-8',
  jsonl: 'application/jsonl; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  bib: 'application/x-bibtex; charset=utf-8',
  ris: 'application/x-research-info-systems; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  pdf: 'application/pdf',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  map: 'application/json; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  ico: 'image/x-icon',
  woff2: 'font/woff2',
  woff: 'font/woff',
};

const RSS = 'application/rss+xml; charset=utf-8';
const ATOM = 'application/atom+xml; charset=utf-8';

/** Immutable: an asset whose name carries a content hash (`site.f5f507ba77.css`, `chunk-4XK2J7QZ.js`). */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything a new build can change under the same URL: cached briefly, then revalidated. */
export const REVALIDATE = 'public, max-age=300, must-revalidate';
/** legalsite's own bookkeeping (`_legalsite/`): always fetched fresh. */
export const NO_CACHE = 'no-cache';

/** The Content-Type for a dist/ path; feeds get their RSS or Atom type, other XML plain XML. A file
 * of a kind the table does not list (a template download: .zip, .xlsx) gets the type mrmime (sirv's
 * table) knows it by, or application/octet-stream; never an empty type. */
export function contentTypeFor(distPath: string): string {
  return siteType(distPath) ?? lookup(distPath) ?? 'application/octet-stream';
}

/** The Content-Type this table gives `distPath`, or undefined for an extension it does not list. */
function siteType(distPath: string): string | undefined {
  if (distPath === 'feeds/atom.xml') return ATOM;
  if (distPath === 'feed.xml' || /^feeds\/[^/]+\.xml$/.test(distPath)) return RSS;
  const ext = /\.([a-z0-9]+)$/i.exec(distPath)?.[1].toLowerCase() ?? '';
  return TYPES[ext];
}

/** The Cache-Control for a dist/ path: a year for hashed assets, five minutes for the rest. */
export function cacheControlFor(distPath: string): string {
  if (distPath.startsWith('_legalsite/')) return NO_CACHE;
  if (distPath.startsWith('assets/') && isContentHashed(distPath)) return IMMUTABLE;
  return REVALIDATE;
}

// A hex hash of 8+ digits (our CSS) or esbuild's 8-character base32 hash, right before the extension.
const isContentHashed = (p: string) => /[.-]([0-9a-f]{8,}|[0-9A-Z]{8})\.[a-z0-9]+$/.test(p.split('/').pop() ?? '');
