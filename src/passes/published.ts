/**
 * The published manifest (/api/published.json): every URL a build publishes, the anchors (element
 * ids) of each HTML page, and the URLs that redirect, so a later build can be checked against it:
 * nothing once published may disappear without a redirect or a tombstone (`legalsite check
 * --against`). docs/cli.md ("check --against") documents the format.
 *
 * An article page's paragraph ids run without a gap from p001 to the highest number issued (a
 * removed paragraph keeps its id as a tombstone), so the manifest writes each such run as one
 * number: `"paragraphs": {"fact-first-methodology": 50}` stands for fact-first-methodology-p001 …
 * fact-first-methodology-p050. Anything else is listed as it is.
 * Reads: the URLs, ids and redirects of a build. Writes: the manifest; the comparison of two.
 */
import { paragraphId } from '../model/pinpoints.js';

export const PUBLISHED_FORMAT = 'legalsite-published/1';

export interface PublishedPage {
  ids: string[];
  /** Runs of paragraph ids: prefix → the last number (prefix-p001 … prefix-p{n}). */
  paragraphs?: Record<string, number>;
}

export interface PublishedManifest {
  format: typeof PUBLISHED_FORMAT;
  about: string;
  /** The site's base URL the paths are under. */
  site: string;
  /** Each HTML page by its URL path, with its anchors. */
  pages: Record<string, PublishedPage>;
  /** Every other file by its URL path. */
  files: string[];
  /** URL path → the URL path it redirects to. */
  redirects: Record<string, string>;
}

const ABOUT = 'Every URL this build published, the anchors (element ids) of each HTML page, and the URLs that redirect. legalsite check --against compares a later build with it: see docs/cli.md.';
const PARAGRAPH = /^(.+)-p(\d{3,})$/;
const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A page's ids, with each unbroken run of paragraph ids (p001 … pN) written as one number. */
export function compactIds(ids: readonly string[]): PublishedPage {
  const runs = new Map<string, Set<number>>();
  for (const id of ids) {
    const m = PARAGRAPH.exec(id);
    if (m && paragraphId(m[1], Number(m[2])) === id) (runs.get(m[1]) ?? runs.set(m[1], new Set()).get(m[1])!).add(Number(m[2]));
  }
  const paragraphs: Record<string, number> = {};
  for (const [prefix, numbers] of runs) {
    const n = numbers.size;
    if ([...numbers].every((k) => k >= 1 && k <= n)) paragraphs[prefix] = n;
  }
  const covered = (id: string) => {
    const m = PARAGRAPH.exec(id);
    return Boolean(m && paragraphs[m[1]] !== undefined && paragraphId(m[1], Number(m[2])) === id);
  };
  const rest = [...new Set(ids.filter((id) => !covered(id)))].sort(byCode);
  return Object.keys(paragraphs).length ? { ids: rest, paragraphs: Object.fromEntries(Object.entries(paragraphs).sort(([a], [b]) => byCode(a, b))) } : { ids: rest };
}

/** Every id of a page as the manifest records it. */
export function expandIds(page: PublishedPage): Set<string> {
  const ids = new Set(page.ids);
  for (const [prefix, n] of Object.entries(page.paragraphs ?? {})) for (let k = 1; k <= n; k++) ids.add(paragraphId(prefix, k));
  return ids;
}

/** The manifest of one build, sorted so the same site gives the same bytes. */
export function buildPublished(site: string, pages: Map<string, readonly string[]>, files: Iterable<string>, redirects: Map<string, string>): PublishedManifest {
  const sortedPages = [...pages.keys()].sort(byCode);
  return {
    format: PUBLISHED_FORMAT,
    about: ABOUT,
    site,
    pages: Object.fromEntries(sortedPages.map((url) => [url, compactIds(pages.get(url)!)])),
    files: [...new Set(files)].sort(byCode),
    redirects: Object.fromEntries([...redirects].sort(([a], [b]) => byCode(a, b))),
  };
}

/** The manifest as published: JSON with one page per line, so two builds' manifests diff by page. */
export function formatPublished(m: PublishedManifest): string {
  const entries = (o: Record<string, unknown>) => Object.entries(o).map(([k, v]) => `    ${JSON.stringify(k)}: ${JSON.stringify(v)}`).join(',\n');
  const block = (o: Record<string, unknown>) => (Object.keys(o).length ? `{\n${entries(o)}\n  }` : '{}');
  return [
    '{',
    `  "format": ${JSON.stringify(m.format)},`,
    `  "about": ${JSON.stringify(m.about)},`,
    `  "site": ${JSON.stringify(m.site)},`,
    `  "pages": ${block(m.pages as Record<string, unknown>)},`,
    `  "files": ${m.files.length ? `[\n${m.files.map((f) => `    ${JSON.stringify(f)}`).join(',\n')}\n  ]` : '[]'},`,
    `  "redirects": ${block(m.redirects)}`,
    '}',
    '',
  ].join('\n');
}

/** A manifest read from JSON, or what is wrong with it. */
export function publishedFrom(data: unknown): PublishedManifest | string {
  const m = data as Partial<PublishedManifest> | undefined;
  if (!m || typeof m !== 'object' || m.format !== PUBLISHED_FORMAT) return `is not a legalsite published manifest (its "format" is not "${PUBLISHED_FORMAT}")`;
  const pagesOk = m.pages && typeof m.pages === 'object' && Object.values(m.pages).every((p) => Array.isArray(p?.ids) && p.ids.every((id) => typeof id === 'string') && (p.paragraphs === undefined || Object.values(p.paragraphs).every((n) => Number.isInteger(n) && n >= 0)));
  if (!pagesOk) return '"pages" must map each URL to its {"ids": [...]}';
  if (!Array.isArray(m.files) || !m.files.every((f) => typeof f === 'string')) return '"files" must be a list of URLs';
  if (!m.redirects || typeof m.redirects !== 'object' || !Object.values(m.redirects).every((t) => typeof t === 'string')) return '"redirects" must map each URL to the URL it redirects to';
  return m as PublishedManifest;
}

/** Where a URL now leads: itself, or the end of its redirects (undefined when it leads nowhere). */
function resolve(now: PublishedManifest, files: Set<string>, url: string): string | undefined {
  const seen = new Set<string>();
  let at = url;
  while (now.redirects[at] !== undefined && !seen.has(at)) {
    seen.add(at);
    at = now.redirects[at];
  }
  return now.pages[at] || files.has(at) ? at : undefined;
}

/** What `before` published that `now` no longer reaches: each URL with no page, file or redirect,
 * and each anchor (URL#id) missing from the page its URL now leads to. A tombstone is an anchor. */
export function lostSince(before: PublishedManifest, now: PublishedManifest): string[] {
  const lost: string[] = [];
  const files = new Set(now.files);
  for (const url of [...new Set([...Object.keys(before.pages), ...before.files, ...Object.keys(before.redirects)])].sort(byCode)) {
    const target = resolve(now, files, url);
    if (target === undefined) {
      lost.push(url);
      continue;
    }
    const page = before.pages[url];
    if (!page) continue;
    const here = now.pages[target] ? expandIds(now.pages[target]) : new Set<string>();
    for (const id of [...expandIds(page)].sort(byCode)) if (!here.has(id)) lost.push(`${url}#${id}`);
  }
  return lost;
}
