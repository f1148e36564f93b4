/** /search?q=: the site search page. The form is a plain GET form; results appear when the search
 * script has loaded the index (site search is built in the browser issue). */
export function SearchPage() {
  return (
    <>
      <h1>Search</h1>
      <form className="filter-bar" role="search" action="/search" method="get">
        <label htmlFor="site-search" className="visually-hidden">Search the site</label>
        <input id="site-search" type="search" name="q" placeholder="Search articles, terms and datasets..." autoComplete="off" />
        <button type="submit" className="button">Search</button>
      </form>
      <div data-search-results aria-live="polite" />
      <noscript>
        <p>Search runs in your browser and needs JavaScript. Without it, browse the <a href="/articles">articles</a>, the <a href="/glossary">glossary</a> (every term on one page) or the <a href="/datasets">datasets</a>.</p>
      </noscript>
    </>
  );
}
