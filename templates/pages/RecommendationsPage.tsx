/** /recommendations/{type}/{slug}: difficulty out of 5, level, key factors, similar and related
 * content, and a learning pathway of up to 8 steps (spec §2). */
import type { Recommendations, RecResult } from '../../src/model/recommendations.js';
import { Breadcrumbs } from '../components/Breadcrumbs.js';
import type { Crumb } from '../types.js';

const href = (r: { type: string; slug: string }) => (r.type === 'term' ? `/glossary/${r.slug}` : `/articles/${r.slug}`);

function ResultList({ items, empty }: { items: RecResult[]; empty: string }) {
  if (items.length === 0) return <p className="empty">{empty}</p>;
  return (
    <ul className="link-list">
      {items.map((r) => (
        <li key={`${r.item.type}:${r.item.slug}`}>
          <a href={href(r.item)}>{r.item.title}</a> <span className="muted">({r.item.type}, {r.relationship}{r.score > 0 ? `, score ${r.score.toFixed(2)}` : ''})</span>
          {r.reasons.length > 0 && <p className="context">{r.reasons.join(' · ')}</p>}
        </li>
      ))}
    </ul>
  );
}

export function RecommendationsPage({ crumbs, rec }: { crumbs: Crumb[]; rec: Recommendations }) {
  return (
    <>
      <Breadcrumbs items={crumbs} />
      <h1>Recommendations: {rec.item.title}</h1>
      <p className="lede">What to read next, computed from shared tags, titles and wording. <a href={href(rec.item)}>Back to the {rec.item.type}</a>.</p>
      <section aria-labelledby="difficulty-title" className="card difficulty-card">
        <h2 id="difficulty-title">Difficulty</h2>
        <p className="difficulty-score"><strong>{rec.difficulty} / 5</strong> · {rec.level}</p>
        <p className="muted">Difficulty weighs the topic, the length and the technical vocabulary. Length and topic keywords alone give a complexity of {rec.complexity.toFixed(1)} out of 5.</p>
        <h3>Key factors</h3>
        <ul>{rec.keyFactors.map((f) => <li key={f}>{f}</li>)}</ul>
      </section>
      <section aria-labelledby="similar-title">
        <h2 id="similar-title">Similar content</h2>
        <ResultList items={rec.similar} empty="No similar content found" />
      </section>
      <section aria-labelledby="related-title">
        <h2 id="related-title">Related content</h2>
        <ResultList items={rec.related} empty="No related content found" />
      </section>
      {rec.prerequisites.length > 0 && (
        <section aria-labelledby="prereq-title">
          <h2 id="prereq-title">Prerequisites</h2>
          <ResultList items={rec.prerequisites} empty="" />
        </section>
      )}
      {rec.advanced.length > 0 && (
        <section aria-labelledby="advanced-title">
          <h2 id="advanced-title">Going further</h2>
          <ResultList items={rec.advanced} empty="" />
        </section>
      )}
      <section aria-labelledby="path-title">
        <h2 id="path-title">Suggested learning pathway</h2>
        {rec.path ? (
          <>
            <p>{rec.path.description} Estimated time: {rec.path.estimatedTime}.</p>
            <ol>
              {rec.path.steps.map((s) => (
                <li key={s.id}><a href={href(s)}>{s.title}</a> <span className="muted">({s.type}, difficulty {s.difficulty})</span> — {s.reasoning}</li>
              ))}
            </ol>
          </>
        ) : (
          <p className="empty">Not enough related content for a learning pathway yet.</p>
        )}
      </section>
    </>
  );
}
