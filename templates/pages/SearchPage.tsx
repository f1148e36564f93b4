/** /search?q=: the site search page: the SiteSearch island (a plain GET form without JavaScript). */
import { Island } from '../components/Island.js';
import { SiteSearch } from '../islands/SiteSearch/SiteSearch.js';

export function SearchPage() {
  return (
    <>
      <h1>Search</h1>
      <Island name="SiteSearch" component={SiteSearch} props={{}} />
      <noscript>
        <p>Search runs in your browser and needs JavaScript. Without it, browse the <a href="/articles">articles</a>, the <a href="/glossary">glossary</a> (every term on one page) or the <a href="/datasets">datasets</a>.</p>
      </noscript>
    </>
  );
}
