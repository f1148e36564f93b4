/** A former address of a renamed article or glossary term (issue 17; src/routes/redirects.ts): says
 * where the page is now, with a link. The redirect script goes there at once, keeping the address's
 * fragment (a paragraph or section anchor); without JavaScript the head's meta refresh does. */

export interface RedirectPageProps {
  /** The page's title now. */
  title: string;
  /** Its address now, site-relative. */
  target: string;
  what: 'article' | 'term' | 'recommendations';
}

const WHAT: Record<RedirectPageProps['what'], string> = {
  article: 'The article',
  term: 'The glossary term',
  recommendations: 'The recommendations for',
};

export function RedirectPage(p: RedirectPageProps) {
  return (
    <section className="redirect">
      <h1>This page has moved</h1>
      <p className="lede">
        {WHAT[p.what]} “{p.title}” is now at{' '}
        <a href={p.target} data-redirect-target>{p.target}</a>.
      </p>
      <p>Please update your link or citation. A link to a paragraph of the page (an address ending in “#…”) leads to the same paragraph at the new address.</p>
    </section>
  );
}
