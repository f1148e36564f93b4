/** /articles once it is split into numbered pages (/articles, /articles/page/2 …): one page of cards
 * and the pager; the search box and chips search the whole site (components/SiteSearchForm.tsx). */
import { ArticleCard } from '../components/ArticleCard.js';
import { ARTICLES_LEDE } from './ArticlesPage.js';
import { Pager } from '../components/Pager.js';
import { SiteSearchForm } from '../components/SiteSearchForm.js';
import type { ArticleCardData, FilterLink, PagerData, PageRange } from '../types.js';

export interface ArticleListPageProps {
  articles: ArticleCardData[];
  range: PageRange;
  pager: PagerData;
  /** The first 7 filters (spec §5), then the others (the Filters button). */
  chips: FilterLink[];
  moreFilters: FilterLink[];
}

export function ArticleListPage(p: ArticleListPageProps) {
  return (
    <>
      <h1>Articles</h1>
      <p className="lede">{ARTICLES_LEDE}</p>
      <SiteSearchForm id="article-search" label="Search articles" placeholder="Search articles..." type="article" chips={p.chips} moreFilters={p.moreFilters} />
      <p className="counter">Articles {p.range.first}–{p.range.last} of {p.range.total}, newest first. Search and filters look through all of them.</p>
      <div className="card-grid" data-article-list>
        {p.articles.map((a) => <ArticleCard key={a.slug} article={a} headingLevel={2} />)}
      </div>
      <Pager pager={p.pager} />
    </>
  );
}
