/** The numbered pages of a list split into pages: previous, the page numbers (the current one
 * marked aria-current), next. Plain links: it works without JavaScript and crawlers follow it. */
import type { PagerData } from '../types.js';

export function Pager({ pager }: { pager: PagerData }) {
  return (
    <nav className="pager" aria-label={pager.label}>
      <ul>
        <li>{pager.prev ? <a href={pager.prev} rel="prev">Previous</a> : <span aria-disabled="true">Previous</span>}</li>
        {pager.links.map((l, i) =>
          l ? (
            <li key={l.href}>
              <a href={l.href} aria-label={`Page ${l.page} of ${pager.pages}`} aria-current={l.page === pager.page ? 'page' : undefined}>{l.page}</a>
            </li>
          ) : (
            <li key={`gap-${i}`} aria-hidden="true">…</li>
          ),
        )}
        <li>{pager.next ? <a href={pager.next} rel="next">Next</a> : <span aria-disabled="true">Next</span>}</li>
      </ul>
    </nav>
  );
}
