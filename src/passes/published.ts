/**
 * The published manifest (/api/published.json): every URL a build publishes, the anchors (element
 * ids) of each HTML page, and the URLs that redirect, so a later build can be checked against it:
 * nothing once published may disappear without a redirect or a tombstone (`legalsite check
 * --against`). docs/cli.md ("Checking against an earlier build")
 * documents the format.
 *
 * An article page's paragraph ids run without a gap from p001 to the highest number issued (a
 * removed paragraph keeps its id as a tombstone), so the manifest writes each such run as one
 * number: `"paragraphs": {"fact-first-methodology": 50}` stands for fact-first-methodology-p001 …
 * fact-first-methodology-p050. Anything else is listed as it is.
 * Reads: the URLs, ids and redirects of a build. Writes: the manifest; the comparison of two.
 */
import { HOST_CONFIG_NAMES } from '../constants.js';
import { paragraphId } from '../model/pinpoints.js';

export const PUBLISHED_FORMAT = 'legalsite-published/1';

export interface PublishedPage {
  ids: string[];
  /** Runs of paragraph ids: prefix → the last number (prefix-p001 … prefix-p{n}). */
  paragraphs?: Record<string, number>;
  /** An article page's paragraphs' texts, to see a number given to other words (movedSince): for
   * its own run, the first TEXT_HASH_DIGITS hex digits of each paragraph's SHA-256 (the JSON
   * mirror's), p001 first, REMOVED_TEXT for a number whose paragraph was removed. Absent from
   * manifests made before it was recorded. */
  texts?: Record<string, string>;
}

export const TEXT_HASH_DIGITS = 6;
const REMOVED_TEXT = '-'.repeat(TEXT_HASH_DIGITS);

/** `anchors` with the texts of the paragraphs of `prefix`'s run: `shas` by paragraph id. */
export function withTexts(anchors: PublishedPage, prefix: string, shas: Map<string, string>): PublishedPage {
  const n = anchors.paragraphs?.[prefix];
  if (!n) return anchors;
  let text = '';
  for (let k = 1; k <= n; k++) text += shas.get(paragraphId(prefix, k))?.slice(0, TEXT_HASH_DIGITS) ?? REMOVED_TEXT;
  return { ...anchors, texts: { [prefix]: text } };
}

/**
 * Paragraph numbers that now hold words another number held when `before` was published: a
 * published pinpoint that now lands on other text. Only a number whose text changed and whose old
 * text is now under another number of the page counts (an edit in place is not a move). Both
 * manifests must have the page's texts.
 */
export function movedSince(before: PublishedManifest, now: PublishedManifest): string[] {
  const moved: string[] = [];
  for (const [url, page] of Object.entries(before.pages).sort(([a], [b]) => byCode(a, b))) {
    for (const [prefix, was] of Object.entries(page.texts ?? {})) {
      const is = now.pages[url]?.texts?.[prefix];
      if (is === undefined) continue;
      const [wasHashes, isHashes] = [textHashes(was), textHashes(is)];
      const [numberOf, wasNumberOf] = [firstNumbers(isHashes), firstNumbers(wasHashes)];
      wasHashes.forEach((hash, k) => {
        const id = `${url}#${paragraphId(prefix, k + 1)}`;
        const here = isHashes[k];
        if (hash === REMOVED_TEXT) {
          // A removed number holds words again only when its own come back (a split undone): words
          // another number held when `before` was published are a published number given away.
          const from = here === undefined || here === REMOVED_TEXT ? undefined : wasNumberOf.get(here);
          if (from !== undefined && from !== k + 1) moved.push(`${id} (removed, it now holds the words of #${paragraphId(prefix, from)})`);
        } else if (here !== hash && numberOf.has(hash)) moved.push(`${id} (its text is now at #${paragraphId(prefix, numberOf.get(hash)!)})`);
      });
    }
  }
  return moved;
}

/** Each text's first number in a run's hashes (removed ones left out). */
function firstNumbers(hashes: string[]): Map<string, number> {
  const numberOf = new Map<string, number>();
  hashes.forEach((hash, k) => {
    if (hash !== REMOVED_TEXT && !numberOf.has(hash)) numberOf.set(hash, k + 1);
  });
  return numberOf;
}

/** A run's texts (PublishedPage.texts), one hash per number. */
const textHashes = (text: string): string[] => Array.from({ length: Math.floor(text.length / TEXT_HASH_DIGITS) }, (_, k) => text.slice(k * TEXT_HASH_DIGITS, (k + 1) * TEXT_HASH_DIGITS));

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
const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The prefix and number of a paragraph id as paragraphId writes it ("x-p014" → ["x", 14]). */
function paragraphParts(id: string): [prefix: string, n: number] | undefined {
  const dash = id.lastIndexOf('-p');
  const digits = id.length - dash - 2;
  if (dash <= 0 || digits < 3 || (digits > 3 && id.charCodeAt(dash + 2) === 48)) return undefined;
  for (let i = dash + 2; i < id.length; i++) {
    const c = id.charCodeAt(i);
    if (c < 48 || c > 57) return undefined;
  }
  return [id.slice(0, dash), Number(id.slice(dash + 2))];
}

/** A page's ids, with each unbroken run of paragraph ids (p001 … pN) written as one number. Made
 * where the page is rendered (a shard), for every page of the site. */
export function compactIds(ids: readonly string[]): PublishedPage {
  const runs = new Map<string, Set<number>>();
  const parts = ids.map(paragraphParts);
  parts.forEach((p) => p && (runs.get(p[0]) ?? runs.set(p[0], new Set()).get(p[0])!).add(p[1]));
  const paragraphs: [string, number][] = [];
  for (const [prefix, numbers] of runs) {
    let unbroken = true;
    for (const k of numbers) if (k < 1 || k > numbers.size) unbroken = false;
    if (unbroken) paragraphs.push([prefix, numbers.size]);
  }
  const inRun = new Set(paragraphs.map(([prefix]) => prefix));
  const rest = [...new Set(ids.filter((_, i) => !(parts[i] && inRun.has(parts[i]![0]))))].sort(byCode);
  return paragraphs.length ? { ids: rest, paragraphs: Object.fromEntries(paragraphs.sort(([a], [b]) => byCode(a, b))) } : { ids: rest };
}

/** Every id of a page as the manifest records it. */
export function expandIds(page: PublishedPage): Set<string> {
  const ids = new Set(page.ids);
  for (const [prefix, n] of Object.entries(page.paragraphs ?? {})) for (let k = 1; k <= n; k++) ids.add(paragraphId(prefix, k));
  return ids;
}

/** The manifest of one build (each page's anchors as compactIds made them), sorted so the same
 * site gives the same bytes. */
export function buildPublished(site: string, pages: Map<string, PublishedPage>, files: Iterable<string>, redirects: Map<string, string>): PublishedManifest {
  const sortedPages = [...pages.keys()].sort(byCode);
  return {
    format: PUBLISHED_FORMAT,
    about: ABOUT,
    site,
    pages: Object.fromEntries(sortedPages.map((url) => [url, pages.get(url)!])),
    files: [...new Set(files)].sort(byCode),
    redirects: Object.fromEntries([...redirects].sort(([a], [b]) => byCode(a, b))),
  };
}

/** The manifest as published: JSON with one page per line, so two builds' manifests diff by page.
 * Made from each page's anchors already written as JSON (`pageJson`, by URL, in any order: a page
 * unchanged since the last manifest keeps its line as it was), so a rebuild writes it without making
 * the manifest's objects (24,000 pages at 10,000 articles); sorted as buildPublished sorts. */
export function formatPublishedLines(site: string, pageJson: Map<string, string>, files: Iterable<string>, redirects: Map<string, string>): string {
  // Sorted by UTF-16 code units, as byCode sorts: the default order, without a comparator's calls.
  const pages = [...pageJson.keys()].sort().map((url) => `${pageKey(url)}${pageJson.get(url)!}`);
  const { head, tail } = publishedFrame(site, files, redirects);
  return pages.length ? `${head}\n${pages.join(',\n')}\n  ${tail}` : `${head}${tail}`;
}

/**
 * What formatPublishedLines writes, made from `last`, the text it wrote for an earlier build, when
 * that build published the same pages (`urls`, sorted): each page's line is copied as it was, but
 * for the pages `changed` gives anchors (as JSON) for; the files and redirects are written anew (an
 * edit renames the search index's files). A rebuild after one edit makes a line or two, not the
 * 120,000 of a 50,000-article site. undefined when `last` lists other pages, or is not such a text:
 * the caller then makes the whole manifest.
 */
export function splicePublishedLines(last: string, site: string, urls: string[], changed: (url: string) => string | undefined, files: Iterable<string>, redirects: Map<string, string>): string | undefined {
  return spliceFramed(last, publishedFrame(site, files, redirects), urls, changed);
}

/** As splicePublishedLines, with the text around the pages made already (publishedFrame). */
export function spliceFramed(last: string, { head, tail }: PublishedFrame, urls: string[], changed: (url: string) => string | undefined): string | undefined {
  if (urls.length === 0 || !last.startsWith(`${head}\n`)) return undefined;
  const out: string[] = [];
  let at = head.length + 1;
  let copied = 0;
  for (let k = 0; k < urls.length; k++) {
    const key = pageKey(urls[k]);
    const end = last.indexOf('\n', at);
    if (end < 0 || !last.startsWith(key, at)) return undefined;
    // Every line but the last ends in the comma between pages; none holds a newline of its own.
    const comma = k < urls.length - 1 ? ',' : '';
    if ((last.charCodeAt(end - 1) === 44) !== (comma === ',')) return undefined;
    const line = changed(urls[k]);
    if (line !== undefined) {
      out.push(last.slice(copied, at), key, line, comma);
      copied = end;
    }
    at = end + 1;
  }
  // The files and redirects after the pages are written as they now are.
  if (!last.startsWith(`  ${tail.slice(0, tail.indexOf('\n') + 1)}`, at)) return undefined;
  out.push(last.slice(copied, at), '  ', tail);
  return out.join('');
}

const pageKey = (url: string) => `    ${jsonString(url)}: `;

/** The manifest's text before its pages (up to the pages' opening brace) and after them (from the
 * closing brace: the files and redirects). */
export interface PublishedFrame {
  head: string;
  tail: string;
}

export function publishedFrame(site: string, files: Iterable<string>, redirects: Map<string, string>): PublishedFrame {
  const moved = [...redirects.keys()].sort().map((from) => `    ${jsonString(from)}: ${jsonString(redirects.get(from)!)}`);
  const list = (lines: string[], open: string, close: string) => (lines.length ? `${open}\n${lines.join(',\n')}\n  ${close}` : `${open}${close}`);
  const head = ['{', `  "format": ${JSON.stringify(PUBLISHED_FORMAT)},`, `  "about": ${JSON.stringify(ABOUT)},`, `  "site": ${JSON.stringify(site)},`, '  "pages": {'].join('\n');
  const tail = ['},', `  "files": ${list([...new Set(files)].sort().map((f) => `    ${jsonString(f)}`), '[', ']')},`, `  "redirects": ${list(moved, '{', '}')}`, '}', ''].join('\n');
  return { head, tail };
}

/** JSON.stringify(text), without its call for the usual URL that needs nothing escaped. */
const jsonString = (text: string) => (/["\\\u0000-\u001f\ud800-\udfff]/.test(text) ? JSON.stringify(text) : `"${text}"`);

/** Each page's line of a manifest formatPublishedLines wrote: URL → its anchors' JSON, as written. */
export function publishedPageLines(text: string): Map<string, string> {
  const lines = new Map<string, string>();
  const start = text.indexOf('\n  "pages": {\n');
  if (start < 0) return lines;
  for (let at = start + '\n  "pages": {\n'.length; text.startsWith('    "', at); ) {
    const end = text.indexOf('\n', at);
    const line = text.slice(at + 4, end < 0 ? text.length : end).replace(/,$/, '');
    const split = line.indexOf('": {');
    lines.set(JSON.parse(line.slice(0, split + 1)) as string, line.slice(split + 3));
    at = end + 1;
  }
  return lines;
}

/** A manifest read from JSON, or what is wrong with it. */
export function publishedFrom(data: unknown): PublishedManifest | string {
  const m = data as Partial<PublishedManifest> | undefined;
  if (!m || typeof m !== 'object' || m.format !== PUBLISHED_FORMAT) return `is not a legalsite published manifest (its "format" is not "${PUBLISHED_FORMAT}")`;
  const pagesOk = m.pages && typeof m.pages === 'object' && Object.values(m.pages).every((p) => Array.isArray(p?.ids) && p.ids.every((id) => typeof id === 'string') && (p.paragraphs === undefined || Object.values(p.paragraphs).every((n) => Number.isInteger(n) && n >= 0)) && (p.texts === undefined || (typeof p.texts === 'object' && Object.values(p.texts).every((t) => typeof t === 'string'))));
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

/** Files named by their content (the stylesheet, scripts, the search index's chunks): replaced under
 * a new name whenever they change, by design, and never cited. */
export const isHashedAsset = (url: string): boolean => url.startsWith('/assets/');

/** Files for static hosts (`/_headers`, `/_redirects`, `/.nojekyll`): never served, so not listed
 * (manifests made before they were left out list them: they are not compared either). */
export const isHostFile = (url: string): boolean => HOST_CONFIG_NAMES.includes(url.slice(1));

/**
 * Pages whose sections are made from the site's relations, not written by an editor: the home page,
 * lists, /api's topic clusters, recommendation pages, a term page's backlinks and "Going further".
 * Their sections come and go with the content around them (a tag removed from one article drops a
 * topic), so a citation points at the page, never into it: only their address is compared. Every
 * other page's anchors are (articles, the site's own pages, the glossary and its letters, datasets).
 */
const GENERATED_PAGES = [/^\/$/, /^\/(api|analytics|integrations|search|for-ai-systems|templates|datasets)$/, /^\/(articles|answers|content-recommendations)(\/page\/\d+)?$/, /^\/recommendations\//, /^\/glossary\/(?!letter\/)[^/]+$/];
export const anchorsCompared = (url: string): boolean => !GENERATED_PAGES.some((p) => p.test(url));

/** What `before` published that `now` no longer reaches: each URL with no page, file or redirect,
 * and each anchor (URL#id) missing from the page its URL now leads to, on a page whose anchors are
 * compared (anchorsCompared). A tombstone is an anchor. Hashed assets are not compared (isHashedAsset). */
export function lostSince(before: PublishedManifest, now: PublishedManifest): string[] {
  const lost: string[] = [];
  const files = new Set(now.files);
  for (const url of [...new Set([...Object.keys(before.pages), ...before.files.filter((f) => !isHashedAsset(f) && !isHostFile(f)), ...Object.keys(before.redirects)])].sort(byCode)) {
    const target = resolve(now, files, url);
    if (target === undefined) {
      lost.push(url);
      continue;
    }
    const page = before.pages[url];
    if (!page || !anchorsCompared(url)) continue;
    const here = now.pages[target] ? expandIds(now.pages[target]) : new Set<string>();
    for (const id of [...expandIds(page)].sort(byCode)) if (!here.has(id)) lost.push(`${url}#${id}`);
  }
  return lost;
}
