/** Numbered references: title (linked when a URL exists), source text and pinpoint, under the
 * heading the page asks for ("References", or "Citations" on the privilege-log page, spec §2). */
import type { Reference } from '../../src/model.js';

export function References({ references, title = 'References' }: { references: Reference[]; title?: string }) {
  if (references.length === 0) return null;
  return (
    <section id="references" className="references" aria-labelledby="references-title">
      <h2 id="references-title">{title}</h2>
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
