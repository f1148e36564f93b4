/** /glossary/{slug}: the full entry, back link, "Referenced by" backlinks and related content (spec §2). */
import { TermEntry } from '../components/TermEntry.js';
import { Breadcrumbs } from '../components/Breadcrumbs.js';
import type { Crumb, LinkedItem, TermData } from '../types.js';
import { Feedback } from '../components/Feedback.js';
import { shortDate } from '../format.js';

export interface TermPageProps {
  crumbs: Crumb[];
  term: TermData;
  backlinks: LinkedItem[];
  related: LinkedItem[];
  url: string;
  editorialEmail: string;
}

export function TermPage(p: TermPageProps) {
  return (
    <>
      <Breadcrumbs items={p.crumbs} />
      <p className="back-link"><a href="/glossary">← Back to glossary</a></p>
      <p className="print-only print-url">{p.url}</p>
      <TermEntry term={p.term} headingLevel={1} linkTitle={false} />
      <p className="last-updated">Last updated <time dateTime={p.term.lastModified}>{shortDate(p.term.lastModified)}</time></p>
      <div className="actions">
        <button type="button" className="button button-secondary" data-share data-share-url={p.url} data-share-title={p.term.title} hidden>Share</button>
      </div>
      <section aria-labelledby="backlinks-title">
        <h2 id="backlinks-title">Referenced by</h2>
        {p.backlinks.length === 0 ? (
          <p className="empty">No backlinks found.</p>
        ) : (
          <ul className="link-list">
            {p.backlinks.map((b) => (
              <li key={b.href}>
                <a href={b.href}>{b.title}</a> <span className="muted">({b.type === 'article' ? 'article' : 'term'}, {b.relationship})</span>
                {b.context && <p className="context">{b.context}</p>}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="related-title">
        <h2 id="related-title">Related content</h2>
        {p.related.length === 0 ? (
          <p className="empty">No related content found.</p>
        ) : (
          <ul className="link-list">
            {p.related.map((r) => <li key={r.href}><a href={r.href}>{r.title}</a> <span className="muted">({r.type})</span></li>)}
          </ul>
        )}
        <p><a href={`/recommendations/term/${p.term.slug}`}>View AI-Powered Recommendations</a></p>
      </section>
      <Feedback pageKey={`glossary:${p.term.slug}`} formerKeys={p.term.formerSlugs.map((s) => `glossary:${s}`)} title={p.term.title} url={p.url} email={p.editorialEmail} />
    </>
  );
}
