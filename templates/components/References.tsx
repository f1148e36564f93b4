/** Numbered references: title (linked when a URL exists), source text and pinpoint. */
import type { Reference } from '../../src/model.js';

export function References({ references }: { references: Reference[] }) {
  if (references.length === 0) return null;
  return (
    <section id="references" className="references" aria-labelledby="references-title">
      <h2 id="references-title">References</h2>
      <ol>
        {references.map((r) => (
          <li key={r.id} id={r.id}>
            {r.url ? <a href={r.url} rel="external">{r.title}</a> : <cite>{r.title}</cite>}
            {r.source && <span className="ref-source">, {r.source}</span>}
            {r.pinpoint && <span className="pinpoint"> — {r.pinpoint}</span>}
          </li>
        ))}
      </ol>
    </section>
  );
}
