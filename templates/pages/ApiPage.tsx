/** /api: content metrics, documented endpoints, topic clusters, exports (spec §2). */
import type { Endpoint } from '../types.js';

export interface ApiPageProps {
  metrics: { articles: number; terms: number; topicAreas: number; jurisdictions: number };
  endpoints: Endpoint[];
  clusters: { id: string; name: string; description: string; articles: { slug: string; title: string }[]; terms: { slug: string; title: string }[] }[];
}

export function ApiPage(p: ApiPageProps) {
  return (
    <>
      <h1>Content API and Knowledge Graph</h1>
      <p className="lede">Every page of this site has a machine-readable twin. The files below are static and can be fetched, cached and mirrored freely under the site licence.</p>
      <section aria-labelledby="metrics-title">
        <h2 id="metrics-title">Content metrics</h2>
        <dl className="metrics">
          <div><dt>Articles</dt><dd>{p.metrics.articles}</dd></div>
          <div><dt>Glossary terms</dt><dd>{p.metrics.terms}</dd></div>
          <div><dt>Topic areas</dt><dd>{p.metrics.topicAreas}</dd></div>
          <div><dt>Jurisdictions</dt><dd>{p.metrics.jurisdictions}</dd></div>
        </dl>
      </section>
      <section aria-labelledby="endpoints-title">
        <h2 id="endpoints-title">Endpoints</h2>
        <ul className="link-list">
          {p.endpoints.map((e) => (
            <li key={e.url}>{e.url.includes('{') ? <code>{e.url}</code> : <a href={e.url}><code>{e.url}</code></a>} <span className="muted">({e.format})</span> — {e.description}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="clusters-title">
        <h2 id="clusters-title">Topic clusters</h2>
        {p.clusters.map((c) => (
          <article key={c.id} className="cluster" id={`cluster-${c.id}`}>
            <h3>{c.name}</h3>
            <p className="muted">{c.description}</p>
            <p>{c.articles.length} articles, {c.terms.length} terms. {c.articles.slice(0, 3).map((a, i) => <span key={a.slug}>{i > 0 && ', '}<a href={`/articles/${a.slug}`}>{a.title}</a></span>)}</p>
          </article>
        ))}
      </section>
      <section aria-labelledby="exports-title">
        <h2 id="exports-title">Exports</h2>
        <div className="actions">
          <a className="button" href="/exports/articles.jsonl" download>Articles (JSONL)</a>
          <a className="button" href="/exports/articles.csv" download>Articles (CSV)</a>
          <a className="button button-secondary" href="/exports/glossary.jsonl" download>Glossary (JSONL)</a>
          <a className="button button-secondary" href="/exports/glossary.csv" download>Glossary (CSV)</a>
        </div>
        <p>Everything above in one index: <a href="/for-ai-systems/index.json">/for-ai-systems/index.json</a>.</p>
      </section>
    </>
  );
}
