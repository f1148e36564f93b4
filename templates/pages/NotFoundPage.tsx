/** The 404 page with the spec's exact texts and buttons (spec §2). */
import { NOT_FOUND_TEXT } from '../../src/constants.js';

export interface NotFoundPageProps {
  /** Set on pages that stand for a missing entity, e.g. "Term not found". */
  heading?: string;
  message?: string;
}

export function NotFoundPage(p: NotFoundPageProps) {
  return (
    <section className="not-found" data-not-found>
      <p className="big-code" aria-hidden="true">404</p>
      <h1>Page Not Found</h1>
      <p>{NOT_FOUND_TEXT}</p>
      <p className="not-found-kind" data-not-found-kind="term" hidden><strong>Term not found</strong> — The glossary term you're looking for could not be found.</p>
      <p className="not-found-kind" data-not-found-kind="dataset" hidden><strong>Dataset not found</strong></p>
      <p className="not-found-kind" data-not-found-kind="recommendations" hidden><strong>Content not found</strong></p>
      <p className="not-found-kind" data-not-found-kind="article" hidden><strong>Article unavailable</strong> — This article could not be loaded.</p>
      <div className="actions">
        <a className="button" href="/">Go Home</a>
        <a className="button button-secondary" href="/articles">Browse Articles</a>
      </div>
    </section>
  );
}
