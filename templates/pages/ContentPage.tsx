/** Markdown pages (/about, /privacy, /terms, /legal-disclaimer): title, last-updated date, body. */
import { shortDate } from '../format.js';

export interface ContentPageProps {
  title: string;
  dateModified: string;
  bodyHtml: string;
}

export function ContentPage(p: ContentPageProps) {
  return (
    <article className="content-page">
      <h1>{p.title}</h1>
      <p className="last-updated">Last updated <time dateTime={p.dateModified}>{shortDate(p.dateModified)}</time></p>
      <div className="prose" dangerouslySetInnerHTML={{ __html: p.bodyHtml }} />
    </article>
  );
}
