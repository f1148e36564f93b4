/**
 * The search box and filter chips of a list split into pages (/articles, /glossary): they cannot
 * filter one page's cards, so they search the whole site. The box is a plain form to /search
 * (`?q=…&type=…`) and each chip a link to /search with its filter (`&jurisdiction=…` or `&tag=…`),
 * the URL contract of the search page; the Filters button shows every filter. No JavaScript needed.
 */
import type { FilterLink } from '../types.js';

export interface SiteSearchFormProps {
  /** The box's id: the page's own search box, which the "/" shortcut focuses. */
  id: string;
  label: string;
  placeholder: string;
  /** The /search type filter: what the page lists. */
  type: 'article' | 'term';
  /** The filters shown at once, and the rest, shown by the Filters button. */
  chips?: FilterLink[];
  moreFilters?: FilterLink[];
}

export function SiteSearchForm(p: SiteSearchFormProps) {
  const chip = (f: FilterLink) => <li key={f.href}><a className="chip" href={f.href}>{f.label}</a></li>;
  return (
    <div className="site-filters">
      <form className="filter-bar" role="search" action="/search" method="get">
        <label htmlFor={p.id} className="visually-hidden">{p.label}</label>
        <input id={p.id} type="search" name="q" placeholder={p.placeholder} autoComplete="off" />
        <input type="hidden" name="type" value={p.type} />
        <button type="submit" className="button">Search</button>
      </form>
      {p.chips && p.chips.length > 0 && (
        <ul className="chips" aria-label="Filter by jurisdiction or tag">{p.chips.map(chip)}</ul>
      )}
      {p.moreFilters && p.moreFilters.length > 0 && (
        <details className="more-filters">
          <summary className="button button-secondary">Filters</summary>
          <ul className="chips" aria-label="Every jurisdiction and tag">{p.moreFilters.map(chip)}</ul>
        </details>
      )}
    </div>
  );
}
