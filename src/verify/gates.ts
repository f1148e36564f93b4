/**
 * Static quality gates over a built dist/ (issue 8): internal links and fragments resolve, every page
 * has complete metadata, and JSON-LD parses with the properties each type requires. Each gate returns
 * a figure and the problems that fail it. Browser gates (accessibility, CSP) live in scripts/verify.ts.
 */
import { lstatSync, realpathSync } from 'node:fs';
import path from 'node:path';
import type { PageFacts } from './html-index.js';

export interface GateResult {
  name: string;
  figure: string;
  problems: string[];
}

/** The file a site path is served from, as a plain static host serves it: `x`, `x.html` or `x/index.html`.
 * None for a path with a malformed %-escape or a NUL, one that climbs out of `dist` ("/../.."), or
 * one through a link (which a build never makes, and which could lead anywhere). */
export function resolveUrl(dist: string, urlPath: string): string | undefined {
  const decoded = decodeOrUndefined(decodeURI, urlPath);
  if (decoded === undefined || decoded.includes('\0')) return undefined;
  const rel = decoded.replace(/^\/+/, '');
  const root = realpathSync(dist);
  const candidates = rel === '' ? ['index.html'] : [rel, `${rel}.html`, `${rel}/index.html`];
  return candidates.map((c) => path.join(root, c)).find((f) => isFileWithin(root, f));
}

/** `file` is a regular file (not a link) inside `root` by its real path: no "..", and no linked folder on the way. */
function isFileWithin(root: string, file: string): boolean {
  try {
    return file.startsWith(root + path.sep) && lstatSync(file).isFile() && realpathSync(file) === file;
  } catch {
    return false;
  }
}

/** `decode(text)`, or undefined where it has a malformed %-escape ("%zz"). */
function decodeOrUndefined(decode: (text: string) => string, text: string): string | undefined {
  try {
    return decode(text);
  } catch {
    return undefined;
  }
}

export function linkGate(dist: string, pages: PageFacts[]): GateResult {
  const byUrl = new Map(pages.map((p) => [p.url, p]));
  // A redirect page keeps the fragment: a link through it lands on the page it sends the reader to.
  const idsAt = (url: string) => {
    let page = byUrl.get(url);
    for (let hops = 0; page?.redirectTo?.startsWith('/') && hops < 8; hops++) page = byUrl.get(page.redirectTo.split(/[?#]/)[0]);
    return page?.ids;
  };
  const problems: string[] = [];
  let internal = 0;
  const external = new Set<string>();
  for (const page of pages) {
    for (const { value } of page.links) {
      if (/^(https?:)?\/\//i.test(value)) {
        external.add(value);
        continue;
      }
      if (/^(mailto|tel|data):/i.test(value)) continue;
      internal++;
      const [pathPart, fragment] = value.split('#');
      const target = pathPart === '' ? page.url : pathPart.split('?')[0];
      if (!target.startsWith('/')) {
        problems.push(`${page.file}: link "${value}" is relative; use a site path`);
        continue;
      }
      const file = resolveUrl(dist, target);
      if (!file) {
        problems.push(`${page.file}: link "${value}" resolves to no file`);
        continue;
      }
      if (fragment && file.endsWith('.html')) {
        const ids = idsAt(target.replace(/\/$/, '') || '/');
        const id = decodeOrUndefined(decodeURIComponent, fragment);
        // "#top" with no such element is the top of the page (the HTML standard's indicated part).
        if (ids && (id === undefined || !(ids.has(id) || id.toLowerCase() === 'top'))) problems.push(`${page.file}: link "${value}" points at no element with id "${fragment}"`);
      }
    }
  }
  return { name: 'links', figure: `${internal} internal links and fragments checked, ${problems.length} broken; ${external.size} external links listed, not fetched`, problems };
}

export function metadataGate(pages: PageFacts[], siteName: string): GateResult {
  const problems: string[] = [];
  for (const p of pages) {
    const one = (key: string) => (p.metas.get(key) ?? []).filter(Boolean).length === 1;
    if (p.titles.length !== 1) problems.push(`${p.file}: ${p.titles.length} <title> elements`);
    else if (p.url !== '/' && !p.titles[0].endsWith(` | ${siteName}`)) problems.push(`${p.file}: title "${p.titles[0]}" is not "{page title} | ${siteName}"`);
    if (!one('description')) problems.push(`${p.file}: no single meta description`);
    if (p.canonical.length !== 1 || !/^https?:\/\//.test(p.canonical[0])) problems.push(`${p.file}: canonical link missing or not absolute`);
    for (const key of ['og:title', 'og:description', 'og:url', 'og:type', 'twitter:card', 'twitter:title']) if (!one(key)) problems.push(`${p.file}: ${key} missing`);
    if (!p.lang) problems.push(`${p.file}: <html> has no lang`);
    if (p.h1 !== 1) problems.push(`${p.file}: ${p.h1} h1 elements`);
  }
  return { name: 'metadata', figure: `${pages.length} pages checked, ${problems.length} problems`, problems };
}

const REQUIRED: Record<string, string[]> = {
  Article: ['headline', 'datePublished', 'dateModified', 'author', 'publisher', 'license'],
  TechArticle: ['headline', 'datePublished', 'dateModified', 'author', 'publisher', 'license'],
  HowTo: ['headline', 'datePublished', 'dateModified', 'author', 'publisher', 'license'],
  BreadcrumbList: ['itemListElement'],
  Dataset: ['name', 'description', 'license', 'distribution'],
  DefinedTermSet: ['name', 'hasDefinedTerm'],
  DefinedTerm: ['name', 'description'],
  FAQPage: ['mainEntity'],
  WebSite: ['name', 'url', 'potentialAction'],
  ItemList: ['itemListElement'],
};

export function jsonLdGate(pages: PageFacts[]): GateResult {
  const problems: string[] = [];
  let blocks = 0;
  for (const p of pages) {
    for (const raw of p.jsonLd) {
      blocks++;
      let data: Record<string, any>;
      try {
        data = JSON.parse(raw);
      } catch {
        problems.push(`${p.file}: JSON-LD does not parse`);
        continue;
      }
      const type = String(data['@type']);
      if (data['@context'] !== 'https://schema.org') problems.push(`${p.file}: ${type} has no schema.org @context`);
      for (const key of REQUIRED[type] ?? []) if (data[key] === undefined || (Array.isArray(data[key]) && data[key].length === 0)) problems.push(`${p.file}: ${type} lacks ${key}`);
      if (type === 'Dataset') for (const d of data.distribution ?? []) if (!d.contentUrl || !d.encodingFormat) problems.push(`${p.file}: Dataset distribution lacks contentUrl or encodingFormat`);
      if (type === 'FAQPage') for (const q of data.mainEntity ?? []) if (!q.name || !q.acceptedAnswer?.text) problems.push(`${p.file}: FAQPage question lacks name or answer`);
      if (type === 'WebSite' && !String(data.potentialAction?.target?.urlTemplate ?? '').includes('{q}')) problems.push(`${p.file}: WebSite SearchAction has no {q} target`);
      if (raw.includes('</')) problems.push(`${p.file}: JSON-LD contains "</" unescaped`);
    }
  }
  return { name: 'structured data', figure: `${blocks} JSON-LD blocks on ${pages.length} pages, ${problems.length} problems`, problems };
}
