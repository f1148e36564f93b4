/**
 * /search?q=: the site search page. Its form, facets and results are run by the site-search script
 * (templates/client/site-search.ts); the form stays hidden until then, since without JavaScript it
 * could not search, and the page says so and where to look instead.
 */
export function SearchPage() {
  return (
    <>
      <h1>Search</h1>
      <form className="filter-bar" role="search" action="/search" method="get" data-site-search hidden>
        <label htmlFor="site-search" className="visually-hidden">Search the site</label>
        <input id="site-search" type="search" name="q" placeholder="Search articles, terms and datasets..." autoComplete="off" data-search-box />
        <button type="submit" className="button">Search</button>
      </form>
      <noscript>
        <p>Search needs JavaScript, which is off in this browser. Find what you need in the <a href="/glossary">A–Z glossary</a> or the <a href="/articles">list of articles</a>.</p>
      </noscript>
      <div className="search-layout">
        {/* The results come first in the page's order, so the keyboard reaches them before the
            facets; on a wide screen the facets are drawn in a column to their left (site.css). */}
        <div className="search-main">
          <p className="muted" data-search-status aria-live="polite" />
          <ol className="search-results" data-search-results />
          <button type="button" className="button button-secondary" data-search-more hidden>Show more results</button>
        </div>
        <div className="search-facets" data-search-facets hidden aria-label="Narrow the results" role="group" />
      </div>
    </>
  );
}
