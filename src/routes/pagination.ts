/**
 * Numbered pages of a long list (issue 18): the first page keeps the list's own address, the others
 * are `{list}/page/{n}`, n from 2 (/articles/page/2). Slugs and page names cannot hold "/", so no
 * article, term, dataset or page can ever publish at one of these addresses (an article whose slug is
 * `page` is /articles/page, beside /articles/page/2). Reads: nothing. Writes: nothing.
 */
import type { PagerData } from '../../templates/types.js';

/** The address of page `n` of the list at `list`. */
export const pageUrl = (list: string, n: number) => (n === 1 ? list : `${list}/page/${n}`);

/** `items` in runs of at most `size`, in order (at least one run, empty for no items). */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const runs: T[][] = [];
  for (let i = 0; i < items.length; i += size) runs.push(items.slice(i, i + size));
  return runs.length ? runs : [[]];
}

/** How many page numbers the pager shows either side of the current one (besides the first and last). */
const PAGER_SPAN = 2;

/**
 * The pager of page `page` of `pages`: previous and next, the first and last page, and the pages
 * near this one; a gap (null) where two or more numbers are left out (one is shown instead), so a
 * pager of 100 pages stays one line.
 */
export function pagerOf(list: string, page: number, pages: number, label: string): PagerData {
  const shown = [...new Set([1, ...Array.from({ length: 2 * PAGER_SPAN + 1 }, (_, i) => page - PAGER_SPAN + i), pages])].filter((n) => n >= 1 && n <= pages).sort((a, b) => a - b);
  const links: PagerData['links'] = [];
  const link = (n: number) => ({ page: n, href: pageUrl(list, n) });
  shown.forEach((n, i) => {
    if (i > 0 && n === shown[i - 1] + 2) links.push(link(n - 1));
    else if (i > 0 && n > shown[i - 1] + 2) links.push(null);
    links.push(link(n));
  });
  return {
    label, page, pages, links,
    prev: page > 1 ? pageUrl(list, page - 1) : undefined,
    next: page < pages ? pageUrl(list, page + 1) : undefined,
  };
}

/** The numbers of the first and last item of page `page` (from 1) of `size`-item pages, of `total`. */
export function rangeOf(page: number, size: number, shownOnPage: number, total: number): { first: number; last: number; total: number } {
  const first = (page - 1) * size + 1;
  return { first, last: first + shownOnPage - 1, total };
}
