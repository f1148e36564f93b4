/** Reads every HTML page of a built site once with parse5, keeping what the gates need: links, ids,
 * head metadata and JSON-LD blocks. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { parse } from 'parse5';
import type { DefaultTreeAdapterMap } from 'parse5';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

export interface PageFacts {
  file: string;
  url: string;
  lang?: string;
  titles: string[];
  metas: Map<string, string[]>;
  canonical: string[];
  ids: Set<string>;
  /** Where a redirect page sends its reader, fragment kept (templates/client/redirect.ts). */
  redirectTo?: string;
  links: { attr: string; value: string }[];
  jsonLd: string[];
  h1: number;
}

/** "articles/x.html" → "/articles/x"; "index.html" → "/". */
export function urlOfFile(rel: string): string {
  if (rel === 'index.html') return '/';
  return `/${rel.replace(/\.html$/, '').replace(/\/index$/, '')}`;
}

export function readPages(dist: string): PageFacts[] {
  // Links are not followed: a build never makes one, and one could lead out of the folder (a home
  // folder's pages would be read and their titles printed) or round in a circle.
  return fg.sync('**/*.html', { cwd: dist, followSymbolicLinks: false, onlyFiles: true }).sort().map((rel) => factsOf(rel, readFileSync(path.join(dist, rel), 'utf8')));
}

function factsOf(rel: string, html: string): PageFacts {
  const facts: PageFacts = { file: rel, url: urlOfFile(rel), titles: [], metas: new Map(), canonical: [], ids: new Set(), links: [], jsonLd: [], h1: 0 };
  const attr = (el: Element, name: string) => el.attrs.find((a) => a.name === name)?.value;
  const text = (n: Node): string => (n.nodeName === '#text' ? (n as DefaultTreeAdapterMap['textNode']).value : 'childNodes' in n ? n.childNodes.map(text).join('') : '');
  const visit = (n: Node) => {
    if ('tagName' in n) {
      const el = n;
      const id = attr(el, 'id');
      if (id) facts.ids.add(id);
      const name = attr(el, 'name');
      if (el.tagName === 'a' && name) facts.ids.add(name);
      if (el.tagName === 'a' && attr(el, 'data-redirect-target') !== undefined) facts.redirectTo = attr(el, 'href');
      if (el.tagName === 'html') facts.lang = attr(el, 'lang');
      if (el.tagName === 'h1') facts.h1++;
      if (el.tagName === 'title') facts.titles.push(text(el));
      if (el.tagName === 'meta') {
        const key = attr(el, 'name') ?? attr(el, 'property');
        if (key) facts.metas.set(key, [...(facts.metas.get(key) ?? []), attr(el, 'content') ?? '']);
      }
      if (el.tagName === 'link' && attr(el, 'rel') === 'canonical') facts.canonical.push(attr(el, 'href') ?? '');
      if (el.tagName === 'script' && attr(el, 'type') === 'application/ld+json') facts.jsonLd.push(text(el));
      for (const a of ['href', 'src']) {
        const v = attr(el, a);
        if (v !== undefined && !(el.tagName === 'link' && attr(el, 'rel') === 'canonical')) facts.links.push({ attr: a, value: v });
      }
    }
    if ('childNodes' in n) n.childNodes.forEach(visit);
    if ('content' in n && n.content) (n.content as DefaultTreeAdapterMap['documentFragment']).childNodes.forEach(visit);
  };
  visit(parse(html));
  return facts;
}
