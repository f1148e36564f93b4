/** /content-recommendations: an index of every recommendation page, by topic cluster. */
import type { TopicCluster } from '../../src/model/topic-cluster.js';

export function ContentRecommendationsPage({ clusters, articles, terms }: { clusters: TopicCluster[]; articles: { slug: string; title: string }[]; terms: { slug: string; title: string }[] }) {
  return (
    <>
      <h1>Content Recommendations</h1>
      <p className="lede">Every article and term has a page of recommendations: similar and related content, prerequisites and a learning pathway.</p>
      <h2>By topic</h2>
      {clusters.map((c) => (
        <section key={c.id} aria-labelledby={`topic-${c.id}`}>
          <h3 id={`topic-${c.id}`}>{c.name}</h3>
          <p className="muted">{c.description}</p>
          <ul className="inline-list">
            {c.articles.map((a) => <li key={a.slug}><a href={`/recommendations/article/${a.slug}`}>{a.title}</a></li>)}
          </ul>
        </section>
      ))}
      <h2>All articles</h2>
      <ul>{articles.map((a) => <li key={a.slug}><a href={`/recommendations/article/${a.slug}`}>{a.title}</a></li>)}</ul>
      <h2>All terms</h2>
      <ul className="inline-list">{terms.map((t) => <li key={t.slug}><a href={`/recommendations/term/${t.slug}`}>{t.title}</a></li>)}</ul>
    </>
  );
}
