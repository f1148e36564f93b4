/**
 * The site search's files, made again only where the content changed: the build cache keeps the
 * last build's inverted index (SearchMemo), and a build applies to it the postings of the documents
 * that changed, then makes again only the chunks and vocabulary files whose words changed, and the
 * blocks whose documents changed; the facets and the manifest are small and made every time. The
 * result is byte for byte what a build without the memo makes (test/cli/search-incremental.test.ts).
 * Every file but the manifest is named by a hash of its content, so an unchanged one keeps its name
 * and is not written again, and a browser may cache it for good.
 * Reads: the indexed documents, the memo, the last build's article digests. Writes: SearchFiles, the
 * next memo.
 */
import { hashOf } from '../hash.js';
import type { ArticleDigest } from '../model/article-digest.js';
import { facetNames, indexedDocs, type KnownPostings, type SearchSite } from '../passes/search/search-docs.js';
import type { ArticleIndex } from './article-index.js';
import { chunkBody, blocks as blockFiles, type SearchFile, type SearchFiles, type FacetNames, facetsBody, type IndexedDocs, manifestBody, partitionWords, vocabBody, vocabularies } from '../passes/search/index-files.js';
import { invertPostings, patchPostings, type PostingsChange, type WordLists } from '../passes/search/inverted.js';
import { DOC_TYPES, type DocPostings, type DocType, type FileKind, fileUrl, type SearchManifest } from '../search/format.js';

export interface SearchMemo {
  /** Per type, each document's slug and postings key, in number order. */
  docs: Record<DocType, { slugs: string[]; keys: string[] }>;
  /** Terms' and datasets' postings (an article's are in its digest), by number, and by the hash of
   * what they were made from (search-docs.ts KnownPostings). */
  postings: Record<'term' | 'dataset', DocPostings[]>;
  made: KnownPostings;
  lists: WordLists;
  /** Per chunk key and per vocabulary prefix: its words (joined) and the hash of its file. */
  chunks: Map<string, { words: string; hash: string }>;
  vocab: Map<string, { words: string; hash: string }>;
  /** Each block's hash, by what it is made from (index-files.ts blocks). */
  blocks: Map<string, string>;
  /** How this memo's build made the index: from scratch, or by applying what changed to the last. */
  how: 'whole' | 'patched';
}

/** The last build's postings of an article and their key, by slug, if known. */
export type PreviousArticles = (slug: string) => { key: string; postings: DocPostings } | undefined;

/** Hashes name files by their first MIN_NAME hex digits, more if two files' names would clash. */
const MIN_NAME = 8;

export function makeSearchIndex(docs: IndexedDocs, names: FacetNames, memo: SearchMemo | undefined, previous: PreviousArticles): { files: SearchFiles; memo: SearchMemo } {
  const changes = memo && changesSince(memo, docs, previous);
  const { lists, changed } = changes ? patchPostings(memo!.lists, changes) : { lists: invertPostings(mapDocs(docs, (d) => d.postings())), changed: undefined };
  const stale = (words: readonly string[]) => changed === undefined || words.some((w) => changed.has(w));
  const chunks = hashedGroups(partitionWords(lists), memo?.chunks, stale, (words) => chunkBody(words, lists));
  // A vocabulary file is its words alone: the same words, the same file.
  const vocab = hashedGroups(vocabularies(lists), memo?.vocab, () => false, vocabBody);
  // A block is the same file while its documents (and what their results show) are the same.
  const blocks = Object.fromEntries(
    DOC_TYPES.map((type) => [type, blockFiles(type, docs[type]).map(({ madeFrom, body }) => ({ madeFrom, body, hash: memo?.blocks.get(madeFrom) ?? hashOf(body()) }))]),
  ) as Record<DocType, { madeFrom: string; body: () => string; hash: string }[]>;
  const facets = facetsBody(docs, names);
  const facetsHash = hashOf(facets);

  const all = [...chunks.values(), ...vocab.values(), ...DOC_TYPES.flatMap((t) => blocks[t]), { hash: facetsHash }].map((f) => f.hash);
  const short = shortNames(all);
  const files: SearchFile[] = [];
  const file = (kind: FileKind, hash: string, body: () => string) => {
    files.push({ url: fileUrl(kind, short(hash)), body, hash });
    return short(hash);
  };
  const manifest: SearchManifest = {
    format: 'legalsite-search-1',
    types: Object.fromEntries(DOC_TYPES.map((type) => [type, { count: docs[type].length, blocks: blocks[type].map((b) => file('b', b.hash, b.body)) }])) as SearchManifest['types'],
    chunks: [...chunks].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([key, c]) => [key, file('c', c.hash, () => c.body ?? chunkBody(c.list, lists))]),
    vocab: [...vocab].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([prefix, v]) => [prefix, file('v', v.hash, () => v.body ?? vocabBody(v.list))]),
    facets: file('f', facetsHash, () => facets),
    jurisdictions: names.jurisdictions,
    tags: names.tags,
  };
  const next: SearchMemo = {
    docs: Object.fromEntries(DOC_TYPES.map((type) => [type, { slugs: docs[type].map((d) => d.slug), keys: docs[type].map((d) => d.key) }])) as SearchMemo['docs'],
    postings: { term: docs.term.map((d) => d.postings()), dataset: docs.dataset.map((d) => d.postings()) },
    lists,
    chunks: new Map([...chunks].map(([key, c]) => [key, { words: c.words, hash: c.hash }])),
    vocab: new Map([...vocab].map(([key, v]) => [key, { words: v.words, hash: v.hash }])),
    blocks: new Map(DOC_TYPES.flatMap((t) => blocks[t].map((b): [string, string] => [b.madeFrom, b.hash]))),
    made: new Map([...docs.term, ...docs.dataset].map((d) => [d.source!, { postings: d.postings(), key: d.key }])),
    how: changes ? 'patched' : 'whole',
  };
  return { files: { manifest: manifestBody(manifest), files }, memo: next };
}

function mapDocs<T>(docs: IndexedDocs, f: (d: IndexedDocs[DocType][number], type: DocType) => T): Record<DocType, T[]> {
  return Object.fromEntries(DOC_TYPES.map((type) => [type, docs[type].map((d) => f(d, type))])) as Record<DocType, T[]>;
}

/**
 * What changed since the memo's build: every document whose postings key differs, or that is new at
 * the end of its type's list. Undefined when the memo cannot be brought up to date by changes alone:
 * a document removed or moved (the numbers after it shift), or one whose last postings are unknown;
 * or when so much changed (a tag renamed in site.yaml) that making the index whole is quicker.
 */
function changesSince(memo: SearchMemo, docs: IndexedDocs, previous: PreviousArticles): PostingsChange[] | undefined {
  const changes: PostingsChange[] = [];
  const most = DOC_TYPES.reduce((n, t) => n + docs[t].length, 0) / 4;
  for (const type of DOC_TYPES) {
    const before = memo.docs[type];
    const now = docs[type];
    if (now.length < before.slugs.length) return undefined;
    for (let n = 0; n < now.length; n++) {
      const doc = now[n];
      if (n >= before.slugs.length) {
        changes.push({ type, number: n, after: doc.postings() });
        continue;
      }
      if (before.slugs[n] !== doc.slug) return undefined;
      if (before.keys[n] === doc.key) continue;
      const old = type === 'article' ? previous(doc.slug) : { key: before.keys[n], postings: memo.postings[type][n] };
      // The memo must hold exactly the postings it is told were there, or it cannot be patched.
      if (!old || old.key !== before.keys[n]) return undefined;
      changes.push({ type, number: n, before: old.postings, after: doc.postings() });
      if (changes.length > most) return undefined;
    }
  }
  return changes;
}

interface HashedGroup {
  list: string[];
  words: string;
  hash: string;
  /** Its file, when it was made to be hashed (kept to be written). */
  body?: string;
}

/** Each group of words with the hash of its file: the memo's when its words are the same and none
 * of them changed, else made afresh. */
function hashedGroups(groups: Map<string, string[]>, before: Map<string, { words: string; hash: string }> | undefined, stale: (words: readonly string[]) => boolean, body: (words: string[]) => string): Map<string, HashedGroup> {
  const out = new Map<string, HashedGroup>();
  for (const [key, list] of groups) {
    const words = list.join(' ');
    const known = before?.get(key);
    if (known && known.words === words && !stale(list)) out.set(key, { list, words, hash: known.hash });
    else {
      const made = body(list);
      out.set(key, { list, words, hash: hashOf(made), body: made });
    }
  }
  return out;
}

/** A name for each hash: its first MIN_NAME hex digits, or as many more as keep every name apart. */
function shortNames(hashes: string[]): (hash: string) => string {
  const distinct = [...new Set(hashes)];
  let length = MIN_NAME;
  while (new Set(distinct.map((h) => h.slice(0, length))).size < distinct.length) length += 4;
  return (hash) => hash.slice(0, length);
}

/** The site search's files for a built site, from the last build's memo where it can be brought up
 * to date, and the memo for the next build. `previousIndex`: the last build's articles. */
export function siteSearch(site: SearchSite, digests: ReadonlyMap<string, Pick<ArticleDigest, 'text' | 'searchKey'>>, memo: SearchMemo | undefined, previousIndex: ArticleIndex | undefined): { files: SearchFiles; memo: SearchMemo } {
  const docs = indexedDocs(site, digests, memo?.made);
  let bySlug: Map<string, ArticleDigest> | undefined;
  const previous: PreviousArticles = (slug) => {
    bySlug ??= new Map([...(previousIndex?.articles.values() ?? [])].map((k) => [k.digest.article.slug, k.digest]));
    const digest = bySlug.get(slug);
    return digest && { key: digest.searchKey, postings: digest.text.search };
  };
  return makeSearchIndex(docs, facetNames(site, docs), memo, previous);
}
