/**
 * /search?q=…&type=…&jurisdiction=…&tag=…: the site search (docs/search.md). A plain module, no
 * React: the page's form and its facets are the state, kept in the URL. The index is read a piece
 * at a time (lib/search/index-reader.ts): a query downloads the chunks of its words, the facets, and
 * what the results shown need. Text is always set as text, never as HTML.
 */
import { DOC_FOLDERS, type DocText, type DocType, DOC_TYPES } from '../../src/search/format.js';
import { type DocRef, IndexReader } from './lib/search/index-reader.js';
import { allDocuments, applyFacets, type DocFacets, type FacetCounts, type Filters, type Hit, matchGroups, rankDocuments, readFacets } from './lib/search/matcher.js';
import { type ArticleMirror, articleText, markWords, marksOf, matchingPassages, NO_MARKS, type QueryWords, type ShownPassage } from './lib/search/passages.js';
import { parseQuery } from './lib/search/query.js';

const PAGE = 5;
/** At most this many results are fetched for a page of those holding a phrase: a phrase query costs
 * what any other does, and "Show more results" checks the next ones. */
const CHECKED = PAGE;
/** While a page would otherwise show nothing (a phrase most candidates lack), checking goes on, up
 * to this many: an empty list with a "Show more results" button tells the reader nothing. */
const CHECKED_WHEN_NONE = 5 * PAGE;
const PASSAGES = 3;
const TYPE_NAMES: Record<DocType, [one: string, many: string]> = { article: ['Article', 'Articles'], term: ['Glossary term', 'Glossary terms'], dataset: ['Dataset', 'Datasets'] };

const form = document.querySelector<HTMLFormElement>('form[data-site-search]');
const box = document.getElementById('site-search') as HTMLInputElement | null;
const facetsEl = document.querySelector<HTMLElement>('[data-search-facets]');
const statusEl = document.querySelector<HTMLElement>('[data-search-status]');
const resultsEl = document.querySelector<HTMLOListElement>('[data-search-results]');
const moreEl = document.querySelector<HTMLButtonElement>('[data-search-more]');

interface State extends Filters {
  q: string;
}

function readState(): State {
  const p = new URLSearchParams(location.search);
  return { q: p.get('q') ?? '', types: p.getAll('type').filter((t): t is DocType => (DOC_TYPES as readonly string[]).includes(t)), jurisdictions: p.getAll('jurisdiction'), tags: p.getAll('tag') };
}

/** The state into the address bar: `push` makes it a step of the history (a facet chosen, a new
 * query), so Back undoes it; otherwise it replaces the current step (the next letters of a query). */
function writeState(s: State, push = false): void {
  const p = new URLSearchParams();
  if (s.q) p.set('q', s.q);
  for (const t of s.types) p.append('type', t);
  for (const j of s.jurisdictions) p.append('jurisdiction', j);
  for (const t of s.tags) p.append('tag', t);
  const query = p.toString();
  const url = query ? `/search?${query}` : '/search';
  if (url === `${location.pathname}${location.search}`) return;
  if (push) history.pushState(null, '', url);
  else history.replaceState(null, '', url);
}

function el<K extends keyof HTMLElementTagNameMap>(name: K, props: Partial<HTMLElementTagNameMap[K]> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const e = Object.assign(document.createElement(name), props);
  e.append(...children);
  return e;
}

const marked = (pieces: ShownPassage['pieces']) => pieces.map((p) => (p.mark ? el('mark', {}, p.text) : document.createTextNode(p.text)));

let reader: Promise<IndexReader> | undefined;
/** The index, its manifest fetched once per page; `fresh`: past any cached copy (a new build's). */
const openIndex = (fresh = false) =>
  (reader ??= IndexReader.open(async (url) => {
    const r = await fetch(url, fresh ? { cache: 'reload' } : {});
    if (!r.ok) throw new Error(`${url}: ${r.status}`);
    return r.json();
  }));

/** What one result shows: its title, link and passages; undefined when it does not hold a phrase. */
async function showable(index: IndexReader, hit: DocRef, words: QueryWords): Promise<{ title: string; url: string; passages: ShownPassage[] } | undefined> {
  const entry = await index.blockEntry(hit);
  const slug = typeof entry === 'string' ? entry : entry[0];
  const url = `/${DOC_FOLDERS[hit.type]}/${slug}`;
  const doc: DocText = typeof entry === 'string' ? articleText(await index.json<ArticleMirror>(`${url}.json`)) : { title: entry[1], headings: [], passages: entry[2].map((t): [string, number, string] => ['', -1, t]) };
  const passages = words.groups.length ? matchingPassages(doc, words, PASSAGES) : [{ anchor: '', pieces: markWords(doc.passages[0]?.[2] ?? '', NO_MARKS) }];
  if (!passages) return undefined;
  // Matched by its title or tags alone: its opening passage stands for it.
  if (passages.length === 0 && doc.passages.length) passages.push({ anchor: '', pieces: markWords(doc.passages[0][2], marksOf(words)) });
  return { title: doc.title, url, passages };
}

function resultItem(hit: Hit, shown: NonNullable<Awaited<ReturnType<typeof showable>>>, words: QueryWords): HTMLLIElement {
  const title = el('h2', { className: 'result-title' }, el('a', { href: shown.url }, ...marked(markWords(shown.title, marksOf(words), false))));
  const passages = el('ul', { className: 'result-passages' });
  for (const p of shown.passages) {
    const item = el('li', {}, el('a', { href: p.anchor ? `${shown.url}#${p.anchor}` : shown.url }, ...marked(p.pieces)));
    if (p.heading) item.append(el('span', { className: 'result-heading' }, ' in ', el('a', { href: `${shown.url}#${p.heading[0]}` }, p.heading[1])));
    passages.append(item);
  }
  return el('li', { className: 'search-result' }, el('span', { className: 'tag' }, TYPE_NAMES[hit.type][0]), title, passages);
}

let facetsRead: Promise<DocFacets> | undefined;
const facetsOf = (index: IndexReader) => (facetsRead ??= index.facets().then(readFacets));

let run = 0;
let pending: { hits: Hit[]; next: number; words: QueryWords; index: IndexReader; shown: number; query: string } | undefined;

/** Shows the next page of results: fetches what they show, drops those without a phrase (checking
 * at most CHECKED of them each time). */
async function showMore(mine: number): Promise<void> {
  if (!pending || !resultsEl || !moreEl) return;
  const p = pending;
  // The button hides while the page loads: the keyboard that pressed it is given a place after.
  const pressed = document.activeElement === moreEl;
  let shown = 0;
  let firstNew: HTMLLIElement | undefined;
  const start = p.next;
  moreEl.hidden = true;
  const limit = () => (shown === 0 && p.shown === 0 ? CHECKED_WHEN_NONE : CHECKED);
  while (shown < PAGE && p.next < p.hits.length && p.next - start < limit()) {
    const batch = p.hits.slice(p.next, p.next + Math.min(PAGE - shown, limit() - (p.next - start)));
    p.next += batch.length;
    const made = await Promise.all(batch.map((h) => showable(p.index, h, p.words)));
    if (mine !== run) return;
    made.forEach((m, i) => {
      if (!m) return;
      const item = resultItem(batch[i], m, p.words);
      firstNew ??= item;
      resultsEl.append(item);
      shown++;
    });
  }
  p.shown += shown;
  const n = p.hits.length;
  if (p.words.groups.some((g) => g.phrase) && n > 0) {
    // Every candidate checked and none holds the phrase: nothing to show, and the page says so.
    if (p.shown === 0 && p.next >= n) status(`No results for “${p.query}”.`);
    else status(`${p.shown} of the first ${p.next} results checked hold the phrase as written (${n} hold all its words).`);
  }
  moreEl.hidden = p.next >= p.hits.length;
  if (pressed) {
    const link = firstNew?.querySelector<HTMLAnchorElement>('a');
    if (link) link.focus();
    else if (!moreEl.hidden) moreEl.focus();
    else if (statusEl) (statusEl.tabIndex = -1), statusEl.focus();
  }
}

function facetGroup(legend: string, name: string, values: [value: string, label: string][], counts: Map<string, number>, selected: string[]): HTMLFieldSetElement {
  const set = el('fieldset', { className: 'facet' }, el('legend', {}, legend));
  const shown = values.filter(([v]) => (counts.get(v) ?? 0) > 0 || selected.includes(v)).sort((a, b) => (counts.get(b[0]) ?? 0) - (counts.get(a[0]) ?? 0));
  for (const [value, label] of shown) {
    const input = el('input', { type: 'checkbox', name, value, checked: selected.includes(value) });
    set.append(el('label', { className: 'facet-value' }, input, ` ${label} (${counts.get(value) ?? 0})`));
  }
  return set;
}

function renderFacets(index: IndexReader, counts: FacetCounts, s: State): void {
  if (!facetsEl) return;
  const m = index.manifest;
  facetsEl.replaceChildren(
    facetGroup('Type', 'type', DOC_TYPES.map((t) => [t, TYPE_NAMES[t][1]]), counts.types, s.types),
    facetGroup('Jurisdiction', 'jurisdiction', m.jurisdictions.map((j) => [j, j]), counts.jurisdictions, s.jurisdictions),
    facetGroup('Tag', 'tag', m.tags, counts.tags, s.tags),
  );
  facetsEl.hidden = false;
}

function status(text: string): void {
  if (statusEl) statusEl.textContent = text;
}

async function search(retry = true): Promise<void> {
  const mine = ++run;
  const s = readState();
  const groups = parseQuery(s.q);
  const filtered = s.types.length + s.jurisdictions.length + s.tags.length > 0;
  resultsEl?.replaceChildren();
  if (moreEl) moreEl.hidden = true;
  if (groups.length === 0 && !filtered) {
    if (facetsEl) facetsEl.hidden = true;
    return status(s.q.trim() ? 'Type a word to search for.' : '');
  }
  status('Searching…');
  try {
    const index = await openIndex();
    const [matches, facets] = await Promise.all([matchGroups(index, groups), facetsOf(index)]);
    if (mine !== run) return;
    const ranked = groups.length ? rankDocuments(matches, index.total) : allDocuments(Object.fromEntries(DOC_TYPES.map((t) => [t, index.manifest.types[t].count])) as Record<DocType, number>);
    const { hits, counts } = applyFacets(ranked, facets, index.manifest, s);
    renderFacets(index, counts, s);
    const words: QueryWords = { groups, matched: matches.map((g, k) => new Set(groups[k].phrase ? groups[k].indexed : g.flatMap((w) => w.map((m) => m.word)))) };
    const n = hits.length;
    status(n === 0 ? `No results for “${s.q.trim()}”.` : `${n.toLocaleString('en-US')} ${n === 1 ? 'result' : 'results'}`);
    pending = { hits, next: 0, words, index, shown: 0, query: s.q.trim() };
    await showMore(mine);
  } catch (error) {
    if (mine !== run) return;
    // A manifest cached from before the site was published again names files it no longer has.
    if (retry) {
      reader = facetsRead = undefined;
      void openIndex(true);
      return search(false);
    }
    console.warn('legalsite: search unavailable', error);
    status('Search is unavailable right now. Browse the articles or the glossary instead.');
  }
}

if (form && box) {
  form.hidden = false;
  const s = readState();
  box.value = s.q;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // A new query typed is one step of the history, however many letters it takes: its first letter
  // pushes an entry, the others replace it. Choosing a facet is a step of its own.
  let typing = false;
  const changed = (delay: number) => {
    writeState({ ...readState(), q: box.value }, !typing);
    typing = true;
    clearTimeout(timer);
    timer = setTimeout(search, delay);
  };
  box.addEventListener('input', () => changed(120));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    changed(0);
    typing = false;
  });
  facetsEl?.addEventListener('change', (e) => {
    const input = e.target as HTMLInputElement;
    const state = readState();
    const key = input.name === 'type' ? 'types' : input.name === 'jurisdiction' ? 'jurisdictions' : 'tags';
    const list = (state[key] as string[]).filter((v) => v !== input.value);
    if (input.checked) list.push(input.value);
    writeState({ ...state, [key]: list }, true);
    typing = false;
    void search();
  });
  // Back and Forward through queries and facets: the page follows the address.
  addEventListener('popstate', () => {
    typing = false;
    box.value = readState().q;
    void search();
  });
  moreEl?.addEventListener('click', () => void showMore(run));
  box.focus();
  void search();
}
