/**
 * The articles list's search box, Filters button and filter chips (spec §2, §4, §5). It filters the
 * server-rendered cards in [data-article-list] by data attributes, so the full list works without
 * JavaScript and the island stays small at any list size. Shown = title or summary contains the text
 * (case-insensitive) AND (no chip selected OR the article has any selected tag or jurisdiction).
 * The query and chips live in the URL (?q=…&f=…), so a filtered list can be shared and Back works.
 * An active filter is always in sight: its chip shows pressed whether or not the Filters panel is
 * open, with the result count and a "Clear filters" button. Without JavaScript the controls stay
 * hidden (they would do nothing) and every article is listed.
 */
import { useEffect, useRef, useState } from 'react';
import { isString, readStoredList } from '../../client/lib/storage.js';

export interface ArticleFiltersProps {
  chips: string[];
  allFilters: string[];
}

export interface FilterState {
  query: string;
  selected: string[];
}

/** The spec's rule, as a pure function for tests. */
export function matchesFilters(card: { text: string; tags: string[]; jurisdiction: string }, state: FilterState): boolean {
  const q = state.query.trim().toLowerCase();
  const textOk = !q || card.text.includes(q);
  const chipOk = state.selected.length === 0 || state.selected.some((s) => s === card.jurisdiction || card.tags.includes(s));
  return textOk && chipOk;
}

export function readUrlState(search: string): FilterState {
  const params = new URLSearchParams(search);
  return { query: params.get('q') ?? '', selected: params.getAll('f') };
}

/** The chips to show: the first few (or every option, when the panel is open), then any selected
 * chip that is not among them, so an active filter never hides. */
export function visibleChips(shown: string[], selected: string[]): string[] {
  return [...shown, ...selected.filter((s) => !shown.includes(s))];
}

export function writeUrlState(state: FilterState): string {
  const params = new URLSearchParams();
  if (state.query) params.set('q', state.query);
  for (const s of state.selected) params.append('f', s);
  const qs = params.toString();
  return qs ? `?${qs}` : '';
}

export function ArticleFilters({ chips, allFilters }: ArticleFiltersProps) {
  const [state, setState] = useState<FilterState>({ query: '', selected: [] });
  const [showAll, setShowAll] = useState(false);
  const [ready, setReady] = useState(false);
  const [saved, setSaved] = useState<{ slug: string; title: string }[]>([]);
  const [counts, setCounts] = useState<{ shown: number; total: number } | undefined>(undefined);
  const searchBox = useRef<HTMLInputElement>(null);

  useEffect(() => {
    setState(readUrlState(location.search));
    setReady(true);
    const slugs = readStoredList('saved-articles', isString);
    const titles = new Map([...document.querySelectorAll<HTMLElement>('[data-article-list] [data-slug]')].map((c) => [c.dataset.slug!, c.querySelector('.card-title')?.textContent ?? c.dataset.slug!]));
    setSaved(slugs.filter((s) => titles.has(s)).map((s) => ({ slug: s, title: titles.get(s)! })));
    const onPop = () => setState(readUrlState(location.search));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  useEffect(() => {
    if (!ready) return;
    let shown = 0;
    let total = 0;
    for (const card of document.querySelectorAll<HTMLElement>('[data-article-list] [data-slug]')) {
      const ok = matchesFilters({ text: card.dataset.search ?? '', tags: (card.dataset.tags ?? '').split(' '), jurisdiction: card.dataset.jurisdiction ?? '' }, state);
      card.hidden = !ok;
      total++;
      if (ok) shown++;
    }
    setCounts({ shown, total });
  }, [state, ready]);

  const update = (next: FilterState, push: boolean) => {
    setState(next);
    const url = `${location.pathname}${writeUrlState(next)}`;
    if (push) history.pushState(null, '', url);
    else history.replaceState(null, '', url);
  };
  const toggle = (chip: string) => update({ ...state, selected: state.selected.includes(chip) ? state.selected.filter((s) => s !== chip) : [...state.selected, chip] }, true);
  const clear = () => {
    update({ query: '', selected: [] }, true);
    // The button goes away with the filters: keep the keyboard in the search box, not on the page.
    searchBox.current?.focus();
  };
  const active = state.query.trim() !== '' || state.selected.length > 0;
  const options = visibleChips(showAll ? allFilters : chips, state.selected);

  return (
    <div className="article-filters" hidden={!ready}>
      <form className="filter-bar" role="search" action="/search" method="get" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor="article-search" className="visually-hidden">Search articles</label>
        <input ref={searchBox} id="article-search" type="search" name="q" placeholder="Search articles..." autoComplete="off" value={state.query} onChange={(e) => update({ ...state, query: e.target.value }, false)} />
        <button type="button" className="button button-secondary" aria-expanded={showAll} aria-controls="filter-chips" onClick={() => setShowAll(!showAll)}>
          Filters
        </button>
      </form>
      <div id="filter-chips" className="chips" role="group" aria-label="Filter by jurisdiction or tag">
        {options.map((c) => (
          <button key={c} type="button" className="chip" aria-pressed={state.selected.includes(c)} onClick={() => toggle(c)}>
            {c}
          </button>
        ))}
      </div>
      <div className="filter-status">
        <p className="counter" role="status" data-filter-count>
          {counts && (active ? `Showing ${counts.shown} of ${counts.total} articles` : `${counts.total} articles`)}
        </p>
        {active && <button type="button" className="button button-secondary button-small" onClick={clear}>Clear filters</button>}
      </div>
      {counts?.shown === 0 && <p className="empty" role="status">No articles found matching your criteria.</p>}
      {saved.length > 0 && (
        <section className="saved" aria-labelledby="saved-title">
          <h2 id="saved-title">Saved articles</h2>
          <ul className="inline-list">{saved.map((s) => <li key={s.slug}><a href={`/articles/${s.slug}`}>{s.title}</a></li>)}</ul>
        </section>
      )}
    </div>
  );
}
