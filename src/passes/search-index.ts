/**
 * The site search index (minisearch, serialised to JSON) over articles, terms and datasets: fields
 * title, tags, summary/definition and the start of the body, matching the browser's options in
 * src/search-options.ts. Bodies are cut to BODY_CHARS so the index stays small at 10,000 articles.
 * Reads: articles, the start of their plain text, terms, datasets. Writes: the index JSON string.
 * Needs: article-html (text features).
 */
import MiniSearch from 'minisearch';
import type { ArticleMeta, Dataset, Term } from '../model.js';
import { SEARCH_OPTIONS, type SearchDoc } from '../search-options.js';

export const BODY_CHARS = 2000;
const EXCERPT_CHARS = 220;

const excerpt = (text: string) => {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length <= EXCERPT_CHARS ? t : `${t.slice(0, t.lastIndexOf(' ', EXCERPT_CHARS))}…`;
};

/** `searchText`: the start of each article's plain text (text-features.ts). */
export function buildSearchIndex(articles: ArticleMeta[], searchText: Map<string, string>, terms: Term[], datasets: Dataset[]): string {
  const docs: SearchDoc[] = [
    ...articles.map((a): SearchDoc => ({ id: `article:${a.slug}`, type: 'article', title: a.title, tags: a.tags.join(' '), summary: a.summary, body: (searchText.get(a.slug) ?? '').slice(0, BODY_CHARS), url: `/articles/${a.slug}`, excerpt: excerpt(a.summary) })),
    ...terms.map((t): SearchDoc => ({ id: `term:${t.slug}`, type: 'term', title: t.title, tags: [...t.tags, ...t.alsoCalled].join(' '), summary: t.definition, body: t.dataFields.join(' '), url: `/glossary/${t.slug}`, excerpt: excerpt(t.definition) })),
    ...datasets.map((d): SearchDoc => ({ id: `dataset:${d.slug}`, type: 'dataset', title: d.title, tags: d.keywords.join(' '), summary: d.description, body: d.fields.map((f) => `${f.name} ${f.description}`).join(' '), url: `/datasets/${d.slug}`, excerpt: excerpt(d.description) })),
  ];
  const index = new MiniSearch<SearchDoc>(SEARCH_OPTIONS);
  index.addAll(docs);
  return JSON.stringify(index);
}
