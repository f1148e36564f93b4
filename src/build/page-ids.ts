/**
 * Each page's ids, for the fragment check (validate/fragment-links.ts), once every page is made: as
 * the shards found them in the pages made now; for a page a rebuild kept, read from the page in the
 * output folder. A renamed page's old address is a redirect that keeps the fragment
 * (templates/client/redirect.ts), so a link to it is checked against the page it goes to.
 * A link from a page a rebuild kept to a page it kept is not checked again: both are as the last
 * build, which checked it, left them, and reading every kept page a site links into would cost a
 * one-change rebuild seconds on a site whose articles cite each other's paragraphs.
 * Reads: the emitted pages' anchors, the output folder. Writes: nothing.
 */
import type { PageAnchors } from '../engine/emit-site.js';
import { pageIds } from '../html/page-ids.js';
import { expandIds } from '../passes/published.js';
import type { Route } from '../routes/types.js';
import type { PageIdsOf } from '../validate/fragment-links.js';
import type { OutputTarget } from '../write/output-target.js';
import { redirectsOf } from './published.js';

export function pageIdsOf(pages: PageAnchors, routes: Route[], target: OutputTarget | undefined): PageIdsOf {
  const redirects = redirectsOf(routes);
  const known = new Map<string, ReadonlySet<string> | undefined>();
  const idsAt = (url: string): ReadonlySet<string> | undefined => {
    if (!pages.has(url)) return undefined;
    const made = pages.anchorsOf(url);
    if (made) return expandIds(made);
    try {
      return target ? new Set(pageIds(target.read(pages.pathOf(url)).toString('utf8'))) : undefined;
    } catch {
      // A page the output folder lost since the last build: nothing to check its links against.
      return undefined;
    }
  };
  return (path, from) => {
    // A redirect goes where the page it names goes (a page renamed twice: one hop each).
    let url = path;
    for (let hops = 0; redirects.has(url) && hops < 8; hops++) url = redirects.get(url)!;
    const kept = (page: string) => pages.has(page) && !pages.anchorsOf(page);
    if (from !== undefined && kept(from) && kept(url)) return undefined;
    if (!known.has(url)) known.set(url, idsAt(url));
    return known.get(url);
  };
}
