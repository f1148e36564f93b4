/**
 * The site search index over articles, terms and datasets: fields title, tags, summary/definition and
 * the start of the body, matching the browser's options in src/search-options.ts. Bodies are cut to
 * BODY_CHARS so the index stays small at 10,000 articles.
 * The index is written directly in MiniSearch's serialisation format (version 2), which the browser
 * loads with MiniSearch.loadJSON: the same tokenizer, term processing, field lengths and running
 * averages as MiniSearch's own add(), with terms in sorted order instead of the order of MiniSearch's
 * radix tree, which at 10,000 articles took seconds to build (test/passes/search-index.test.ts
 * checks that searches give what a MiniSearch-built index gives).
 * Reads: articles, the start of their plain text, terms, datasets. Writes: the index JSON string.
 * Needs: article-html (text features).
 */
import type { ArticleMeta, Dataset, Term, TextFeatures } from '../model.js';
import { SEARCH_OPTIONS, type SearchDoc } from '../search-options.js';

export const BODY_CHARS = 2000;
const EXCERPT_CHARS = 220;

/** MiniSearch's default tokenizer and term processing. */
const SPACE_OR_PUNCTUATION = /[\n\r\p{Z}\p{P}]+/u;
/** The same split for ASCII text, without Unicode property lookups (over twice as fast): the ASCII
 * characters SPACE_OR_PUNCTUATION matches, found by asking it. */
const ASCII_SEPARATORS = new RegExp(
  `[${Array.from({ length: 128 }, (_, c) => String.fromCharCode(c))
    .filter((ch) => SPACE_OR_PUNCTUATION.test(ch))
    .map((ch) => `\\x${ch.charCodeAt(0).toString(16).padStart(2, '0')}`)
    .join('')}]+`,
);
const ASCII_ONLY = /^[\x00-\x7f]*$/;
const tokenize = (text: string) => text.split(ASCII_ONLY.test(text) ? ASCII_SEPARATORS : SPACE_OR_PUNCTUATION);

const excerpt = (text: string) => {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length <= EXCERPT_CHARS ? t : `${t.slice(0, t.lastIndexOf(' ', EXCERPT_CHARS))}…`;
};

/** The documents of the index, in order (articles, terms, datasets). `text`: each article's text
 * features, whose searchText is the start of its plain text (text-features.ts). */
export function searchDocs(articles: ArticleMeta[], text: Map<string, TextFeatures>, terms: Term[], datasets: Dataset[]): SearchDoc[] {
  return [
    ...articles.map((a): SearchDoc => ({ id: `article:${a.slug}`, type: 'article', title: a.title, tags: a.tags.join(' '), summary: a.summary, body: (text.get(a.slug)?.searchText ?? '').slice(0, BODY_CHARS), url: `/articles/${a.slug}`, excerpt: excerpt(a.summary) })),
    ...terms.map((t): SearchDoc => ({ id: `term:${t.slug}`, type: 'term', title: t.title, tags: [...t.tags, ...t.alsoCalled].join(' '), summary: t.definition, body: t.dataFields.join(' '), url: `/glossary/${t.slug}`, excerpt: excerpt(t.definition) })),
    ...datasets.map((d): SearchDoc => ({ id: `dataset:${d.slug}`, type: 'dataset', title: d.title, tags: d.keywords.join(' '), summary: d.description, body: d.fields.map((f) => `${f.name} ${f.description}`).join(' '), url: `/datasets/${d.slug}`, excerpt: excerpt(d.description) })),
  ];
}

export function buildSearchIndex(articles: ArticleMeta[], text: Map<string, TextFeatures>, terms: Term[], datasets: Dataset[]): string {
  return serializeIndex(searchDocs(articles, text, terms, datasets));
}

/** What MiniSearch's addAll(docs) followed by JSON.stringify would hold, serialised. */
export function serializeIndex(docs: SearchDoc[]): string {
  const fields = SEARCH_OPTIONS.fields as (keyof SearchDoc)[];
  const stored = SEARCH_OPTIONS.storeFields as (keyof SearchDoc)[];
  /** term → per field → [short id, frequency] pairs, in the order documents were added. */
  const index = new Map<string, number[][]>();
  const averages: number[] = [];
  const parts = { ids: [] as string[], lengths: [] as string[], stored: [] as string[] };
  // Each distinct token once: its term (lowercased) and that term's postings, and the last field of a
  // document it was counted in (a field's length is its number of distinct tokens, as MiniSearch counts).
  const tokenInfo = new Map<string, { perField?: number[][]; lastSeen: number }>();
  let fieldRun = 0;
  docs.forEach((doc, shortId) => {
    parts.ids.push(`"${shortId}":${JSON.stringify(doc[SEARCH_OPTIONS.idField as keyof SearchDoc])}`);
    const keep: Record<string, string> = {};
    for (const name of stored) if (doc[name] !== undefined) keep[name] = doc[name];
    parts.stored.push(`"${shortId}":${JSON.stringify(keep)}`);
    const lengths: number[] = [];
    fields.forEach((name, fieldId) => {
      const value = doc[name];
      if (value == null) return;
      const run = ++fieldRun;
      let length = 0;
      for (const token of tokenize(String(value))) {
        let info = tokenInfo.get(token);
        if (!info) {
          const term = token.toLowerCase();
          let perField = term ? index.get(term) : undefined;
          if (term && !perField) index.set(term, (perField = []));
          tokenInfo.set(token, (info = { perField, lastSeen: 0 }));
        }
        if (info.lastSeen !== run) (info.lastSeen = run), length++;
        if (!info.perField) continue;
        const postings = (info.perField[fieldId] ??= []);
        // Postings of one field are in short-id order, so this document's entry is the last one.
        if (postings.length && postings[postings.length - 2] === shortId) postings[postings.length - 1]++;
        else postings.push(shortId, 1);
      }
      lengths[fieldId] = length;
      // MiniSearch keeps a running average, updated as each document is added.
      averages[fieldId] = ((averages[fieldId] || 0) * shortId + length) / (shortId + 1);
    });
    parts.lengths.push(`"${shortId}":${JSON.stringify(lengths)}`);
  });
  const entries: string[] = [];
  for (const term of [...index.keys()].sort()) {
    const perField = index.get(term)!;
    const data: string[] = [];
    perField.forEach((postings, fieldId) => {
      if (!postings) return;
      const pairs: string[] = [];
      for (let k = 0; k < postings.length; k += 2) pairs.push(`"${postings[k]}":${postings[k + 1]}`);
      data.push(`"${fieldId}":{${pairs.join(',')}}`);
    });
    entries.push(`[${JSON.stringify(term)},{${data.join(',')}}]`);
  }
  const fieldIds = Object.fromEntries(fields.map((name, i) => [name, i]));
  return (
    `{"documentCount":${docs.length},"nextId":${docs.length},"documentIds":{${parts.ids.join(',')}},"fieldIds":${JSON.stringify(fieldIds)},` +
    `"fieldLength":{${parts.lengths.join(',')}},"averageFieldLength":${JSON.stringify(averages)},"storedFields":{${parts.stored.join(',')}},` +
    `"dirtCount":0,"index":[${entries.join(',')}],"serializationVersion":2}`
  );
}
