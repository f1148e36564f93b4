/**
 * Links into the site search: `/search?q=…&type=article|term|dataset&jurisdiction=…&tag=…`, the
 * URL contract of the /search page (issue 18). A list split into pages sends its search box and
 * filter chips there, since they cannot filter the cards of one page. Reads: nothing. Writes: nothing.
 */
export interface SearchQuery {
  q?: string;
  type?: 'article' | 'term' | 'dataset';
  jurisdiction?: string;
  tag?: string;
}

/** The /search address of a query; parameters in the contract's order, empty ones left out. */
export function searchUrl(query: SearchQuery): string {
  const params = new URLSearchParams();
  for (const key of ['q', 'type', 'jurisdiction', 'tag'] as const) if (query[key]) params.set(key, query[key]!);
  const qs = params.toString();
  return qs ? `/search?${qs}` : '/search';
}
