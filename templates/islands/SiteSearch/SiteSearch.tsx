/**
 * Site search (/search?q=): a minisearch index built at build time (/search-index.json), fetched
 * only when this page loads; prefix and fuzzy matching, fields weighted title > tags >
 * summary/definition > body; results show type, title, a snippet with the match highlighted and a
 * link. The form is a plain GET form, so the URL always holds the query. It stays hidden until the
 * island runs: without JavaScript it could not search (the page's noscript note says what to do).
 */
import MiniSearch from 'minisearch';
import { Fragment, useEffect, useState } from 'react';
import { SEARCH_OPTIONS, type SearchDoc } from '../../../src/search-options.js';

interface Result {
  id: string;
  type: string;
  title: string;
  url: string;
  excerpt: string;
  terms: string[];
}

/** Splits `text` around the matched terms so they can be wrapped in <mark>. */
export function highlight(text: string, terms: string[]): { text: string; match: boolean }[] {
  const words = terms.filter((t) => t.length > 1).map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  if (words.length === 0) return [{ text, match: false }];
  // With one capturing group, split puts the matches at the odd indexes.
  return text
    .split(new RegExp(`(${words.join('|')})`, 'gi'))
    .map((part, i) => ({ text: part, match: i % 2 === 1 }))
    .filter((p) => p.text !== '');
}

export function SiteSearch() {
  const [mounted, setMounted] = useState(false);
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<Result[] | undefined>(undefined);
  const [index, setIndex] = useState<MiniSearch<SearchDoc> | undefined>(undefined);
  const [error, setError] = useState(false);

  useEffect(() => {
    setMounted(true);
    setQuery(new URLSearchParams(location.search).get('q') ?? '');
    fetch('/search-index.json')
      .then((r) => (r.ok ? r.text() : Promise.reject(new Error(String(r.status)))))
      .then((json) => setIndex(MiniSearch.loadJSON<SearchDoc>(json, SEARCH_OPTIONS)))
      .catch((e) => {
        console.warn('legalsite: search index unavailable', e);
        setError(true);
      });
  }, []);

  useEffect(() => {
    if (!index) return;
    const q = query.trim();
    if (!q) return setResults(undefined);
    const hits = index.search(q, { prefix: true, fuzzy: 0.2, boost: { title: 4, tags: 3, summary: 2 } });
    setResults(hits.slice(0, 50).map((h) => ({ id: String(h.id), type: h.type, title: h.title, url: h.url, excerpt: h.excerpt, terms: h.terms })));
  }, [index, query]);

  const onInput = (value: string) => {
    setQuery(value);
    history.replaceState(null, '', value ? `/search?q=${encodeURIComponent(value)}` : '/search');
  };

  return (
    <div className="site-search">
      <form className="filter-bar" role="search" action="/search" method="get" hidden={!mounted} onSubmit={(e) => e.preventDefault()}>
        <label htmlFor="site-search" className="visually-hidden">Search the site</label>
        <input id="site-search" type="search" name="q" placeholder="Search articles, terms and datasets..." autoComplete="off" value={query} onChange={(e) => onInput(e.target.value)} />
        <button type="submit" className="button">Search</button>
      </form>
      <div aria-live="polite">
        {error && <p className="empty">Search is unavailable right now. Browse the articles or the glossary instead.</p>}
        {!error && query.trim() && !index && <p className="muted">Loading search…</p>}
        {results && results.length === 0 && <p className="empty">No results for “{query.trim()}”.</p>}
        {results && results.length > 0 && (
          <>
            <p className="muted">{results.length} {results.length === 1 ? 'result' : 'results'}</p>
            <ol className="search-results">
              {results.map((r) => (
                <li key={r.id}>
                  <span className="tag">{r.type}</span> <a href={r.url}>{r.title}</a>
                  <p className="context">
                    {highlight(r.excerpt, r.terms).map((p, i) => (p.match ? <mark key={i}>{p.text}</mark> : <Fragment key={i}>{p.text}</Fragment>))}
                  </p>
                </li>
              ))}
            </ol>
          </>
        )}
      </div>
    </div>
  );
}
