/** /articles: title, intro, search box, filter chips and every article card, server-rendered (spec §2). */
import { ArticleCard } from '../components/ArticleCard.js';
import type { ArticleCardData } from '../types.js';

export interface ArticlesPageProps {
  articles: ArticleCardData[];
  /** The first 7 of the union of jurisdictions and tags (spec §5). */
  chips: string[];
  /** Every filter option, shown by the Filters button. */
  allFilters: string[];
}

export function ArticlesPage(p: ArticlesPageProps) {
  return (
    <>
      <h1>Articles</h1>
      <p className="lede">Methods and materials for fact-first legal practice: chronologies, evidence, privilege logs, disclosure and the safe use of AI tools.</p>
      <form className="filter-bar" role="search" action="/search" method="get">
        <label htmlFor="article-search" className="visually-hidden">Search articles</label>
        <input id="article-search" type="search" name="q" placeholder="Search articles..." autoComplete="off" />
        <button type="button" className="button button-secondary" data-filters-toggle aria-expanded="false" aria-controls="filter-chips" hidden>Filters</button>
      </form>
      <div id="filter-chips" className="chips" role="group" aria-label="Filter by jurisdiction or tag" hidden>
        {p.chips.map((c) => (
          <button key={c} type="button" className="chip" aria-pressed="false" data-chip={c}>{c}</button>
        ))}
      </div>
      <div className="card-grid" data-article-list>
        {p.articles.map((a) => <ArticleCard key={a.slug} article={a} headingLevel={2} />)}
      </div>
      <p className="empty" data-empty hidden>No articles found matching your criteria.</p>
    </>
  );
}
