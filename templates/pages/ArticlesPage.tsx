/** /articles: title, intro, search box, filter chips and every article card, server-rendered (spec §2). */
import { ArticleCard } from '../components/ArticleCard.js';
import { Island } from '../components/Island.js';
import { ArticleFilters } from '../islands/ArticleFilters/ArticleFilters.js';
import type { ArticleCardData } from '../types.js';

/** The list's introduction, on /articles whether it is one page or numbered pages. */
export const ARTICLES_LEDE = 'Methods and materials for fact-first legal practice: chronologies, evidence, privilege logs, disclosure and the safe use of AI tools.';

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
      <p className="lede">{ARTICLES_LEDE}</p>
      <Island name="ArticleFilters" component={ArticleFilters} props={{ chips: p.chips, allFilters: p.allFilters }} />
      <noscript>
        <p className="muted">Searching and filtering the list need JavaScript. All {p.articles.length} articles are listed below, newest first.</p>
      </noscript>
      <div className="card-grid" data-article-list>
        {p.articles.map((a) => <ArticleCard key={a.slug} article={a} headingLevel={2} />)}
      </div>
    </>
  );
}
