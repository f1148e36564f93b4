/** Site header: logo to /, the three navigation links, and the search button (spec §2). About only
 * when the site has that page, as in the footer. */
export function Header({ siteName, hasAbout }: { siteName: string; hasAbout: boolean }) {
  return (
    <header className="site-header">
      <div className="container header-inner">
        <a className="logo" href="/">
          {siteName}
        </a>
        <nav aria-label="Main">
          <ul className="nav-list">
            <li><a href="/articles">Articles</a></li>
            <li><a href="/glossary">Glossary</a></li>
            {hasAbout && <li><a href="/about">About</a></li>}
          </ul>
        </nav>
        <a className="search-button" href="/search" aria-label="Search the site" title="Search (/)">
          <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
            <circle cx="11" cy="11" r="7" />
            <path d="m20 20-3.5-3.5" />
          </svg>
          <span className="search-label">Search</span>
        </a>
      </div>
    </header>
  );
}
