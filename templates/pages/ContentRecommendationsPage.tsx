/** /content-recommendations: an index of every recommendation page, by topic cluster; once the site
 * has more than a page holds, the topics show their first articles (and a search for the rest) and
 * the list of every recommendation page goes on over numbered pages. */
import { Pager } from '../components/Pager.js';
import type { PagerData, PageRange } from '../types.js';

type Linked = { slug: string; title: string };

export interface ContentRecommendationsPageProps {
  /** The topics (on the first page only). `more`: the topic has more articles than are listed. */
  clusters?: { id: string; name: string; description: string; articles: Linked[]; more?: { count: number; href: string } }[];
  articles: Linked[];
  terms: Linked[];
  /** Once split: which links of all articles' and terms' this page holds, and the pager. */
  range?: PageRange;
  pager?: PagerData;
}

export function ContentRecommendationsPage({ clusters, articles, terms, range, pager }: ContentRecommendationsPageProps) {
  return (
    <>
      <h1>Content Recommendations</h1>
      <p className="lede">Every article and term has a page of recommendations: similar and related content, prerequisites and a learning pathway.</p>
      {clusters && <h2>By topic</h2>}
      {clusters?.map((c) => (
        <section key={c.id} aria-labelledby={`topic-${c.id}`}>
          <h3 id={`topic-${c.id}`}>{c.name}</h3>
          <p className="muted">{c.description}</p>
          <ul className="inline-list">
            {c.articles.map((a) => <li key={a.slug}><a href={`/recommendations/article/${a.slug}`}>{a.title}</a></li>)}
          </ul>
          {c.more && <p><a href={c.more.href}>All {c.more.count} articles on {c.name}</a></p>}
        </section>
      ))}
      {range && <p className="counter">Recommendation pages {range.first}–{range.last} of {range.total}: articles, newest first, then terms.</p>}
      {/* A page of a split list shows only the kinds it holds. */}
      {(!range || articles.length > 0) && (
        <>
          <h2>All articles</h2>
          <ul>{articles.map((a) => <li key={a.slug}><a href={`/recommendations/article/${a.slug}`}>{a.title}</a></li>)}</ul>
        </>
      )}
      {(!range || terms.length > 0) && (
        <>
          <h2>All terms</h2>
          <ul className="inline-list">{terms.map((t) => <li key={t.slug}><a href={`/recommendations/term/${t.slug}`}>{t.title}</a></li>)}</ul>
        </>
      )}
      {pager && <Pager pager={pager} />}
    </>
  );
}
