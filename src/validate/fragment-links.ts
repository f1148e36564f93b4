/**
 * The fragment check: a link to `/articles/x#x-p014`, `/articles/x#faq` or `#england-and-wales` must
 * land on an element of that page with that id. A pinpoint link that lands nowhere is a broken
 * citation the reader cannot see is broken: the page opens at its top. `legalsite check --dist`
 * finds these in a built site (verify/gates.ts); a build finds them at the link's file and line,
 * before anything is published, once every page is made and its ids known.
 * Reads: the links, each page's ids. Writes: diagnostics.
 */
import { diagnostic, didYouMean, type Diagnostic } from '../diagnostics/diagnostic.js';
import { paragraphId } from '../model/pinpoints.js';
import { type LinkSource, whereLinkIs } from './links.js';

/** The ids of the HTML page at a site path (after any redirect the page makes), for a link on the
 * page `from`; undefined for a path that is not a page (a JSON file, a feed), whose fragments mean
 * nothing to a browser, or for a link not to be checked again (build/page-ids.ts). */
export type PageIdsOf = (path: string, from?: string) => ReadonlySet<string> | undefined;

const PARAGRAPH_ID = /^(.+)-p(\d{3,})$/;

export function checkFragmentLinks(sources: LinkSource[], idsOf: PageIdsOf): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const source of sources) {
    for (const link of source.links) {
      const target = fragmentTarget(source, link.href);
      const ids = target && idsOf(target.page, source.pageUrl);
      if (!target || !ids) continue;
      const { id, written, href, samePage } = target;
      // A browser scrolls to the top for "#top" when no element has that id (the HTML standard's
      // "indicated part of the document").
      if (id !== undefined && (ids.has(id) || id.toLowerCase() === 'top')) continue;
      const { field, at } = whereLinkIs(source, link);
      const shown = id ?? written;
      out.push(diagnostic('broken-link', at, field, `link "${href}" points at no element of ${samePage ? 'this page' : target.page} with the id "${shown}"`, hintFor(shown, ids)));
    }
  }
  return out;
}

/** The page a link with a fragment points into (its own, for `#id`; a site path's, decoded, without
 * its query or a trailing slash) and the fragment's id, decoded (undefined: a malformed escape);
 * undefined for a link without one, or to another site. */
export function fragmentTarget(source: Pick<LinkSource, 'pageUrl'>, rawHref: string): { page: string; id: string | undefined; written: string; href: string; samePage: boolean } | undefined {
  const href = rawHref.trim();
  const hash = href.indexOf('#');
  if (hash === -1 || hash === href.length - 1 || !(hash === 0 || href.startsWith('/')) || href.startsWith('//')) return undefined;
  const page = hash === 0 ? source.pageUrl : pathOf(href.slice(0, hash));
  if (page === undefined) return undefined;
  const written = href.slice(hash + 1);
  return { page, id: decoded(written), written, href, samePage: hash === 0 };
}

/** A link's site path as the page's URL: decoded, without its query or a trailing slash. */
function pathOf(href: string): string | undefined {
  const path = decoded(href.split('?')[0], decodeURI);
  return path === undefined ? undefined : path.replace(/\/$/, '') || '/';
}

function decoded(text: string, decode: (text: string) => string = decodeURIComponent): string | undefined {
  try {
    return decode(text);
  } catch {
    return undefined;
  }
}

function hintFor(id: string, ids: ReadonlySet<string>): string {
  const paragraph = PARAGRAPH_ID.exec(id);
  if (paragraph) {
    // A paragraph's number is not misspelt like a word: the nearest id is no guess at the one meant.
    const prefix = `${paragraph[1]}-p`;
    const numbers = [...ids].flatMap((other) => (other.startsWith(prefix) && PARAGRAPH_ID.test(other) ? [Number(other.slice(prefix.length))] : [])).sort((a, b) => a - b);
    if (numbers.length) return `The page's paragraphs run from #${paragraphId(paragraph[1], numbers[0])} to #${paragraphId(paragraph[1], numbers[numbers.length - 1])}: link to a paragraph the page has (its ¶ link gives its address).`;
  }
  const guess = paragraph ? undefined : didYouMean(id, ids);
  return guess ? `${capitalised(guess)} Link to an id the page has: a heading's id is made from its text (see docs/content.md).` : 'Link to an id the page has: a heading\'s id is made from its text, a paragraph\'s is its ¶ link (see docs/content.md).';
}

const capitalised = (text: string) => text[0].toUpperCase() + text.slice(1);
