/**
 * Reads the site search's files (src/search/format.ts) as a query needs them, each at most once per
 * page: the manifest first, then only the chunks of the query's words, the vocabulary of a word that
 * may be mistyped, the facets, and the blocks and texts of the results shown.
 */
import { decodePostings, postingsCount } from '../../../../src/search/codec.js';
import { BLOCK_SIZES, type BlockFile, type ChunkFile, DOC_TYPES, type DocType, type FacetsFile, type FileKind, fileUrl, MANIFEST_URL, MAX_KEY, type SearchManifest, type VocabFile } from '../../../../src/search/format.js';

/** A document: its type and its number in that type's list. */
export interface DocRef {
  type: DocType;
  n: number;
}

/** A word's postings: per type, [number, weight, …]. */
export type WordPostings = Record<DocType, number[]>;

export class IndexReader {
  private files = new Map<string, Promise<unknown>>();
  private keys: Set<string>;
  readonly total: number;

  private constructor(
    readonly manifest: SearchManifest,
    private readonly fetchJson: (url: string) => Promise<unknown>,
  ) {
    this.keys = new Set(manifest.chunks.map(([key]) => key));
    this.total = DOC_TYPES.reduce((n, t) => n + manifest.types[t].count, 0);
  }

  static async open(fetchJson: (url: string) => Promise<unknown>): Promise<IndexReader> {
    const manifest = (await fetchJson(MANIFEST_URL)) as SearchManifest;
    if (manifest?.format !== 'legalsite-search-1') throw new Error('this site search index is in a format this page does not read');
    return new IndexReader(manifest, fetchJson);
  }

  private get<T>(url: string): Promise<T> {
    let file = this.files.get(url);
    if (!file) {
      file = this.fetchJson(url);
      // A failed fetch is tried again by the next query.
      file.catch(() => this.files.delete(url));
      this.files.set(url, file);
    }
    return file as Promise<T>;
  }

  private file<T>(kind: FileKind, hash: string): Promise<T> {
    return this.get<T>(fileUrl(kind, hash));
  }

  /** The chunk key of `word`: the longest key it starts with. */
  keyOf(word: string): string | undefined {
    for (let n = Math.min(word.length, MAX_KEY); n >= 0; n--) if (this.keys.has(word.slice(0, n))) return word.slice(0, n);
    return undefined;
  }

  private chunkHash(key: string): string {
    return this.manifest.chunks.find(([k]) => k === key)![1];
  }

  async chunk(key: string): Promise<ChunkFile> {
    return this.file<ChunkFile>('c', this.chunkHash(key));
  }

  /** A word's postings, or undefined when no document holds it. */
  async postings(word: string): Promise<WordPostings | undefined> {
    const key = this.keyOf(word);
    if (key === undefined) return undefined;
    const lists = (await this.chunk(key))[word];
    if (!lists) return undefined;
    return { article: decodePostings(lists[0]), term: decodePostings(lists[1]), dataset: decodePostings(lists[2]) };
  }

  /** Up to `limit` words that start with `prefix` (not the prefix itself), those in most documents
   * first: from its own chunk and the chunks whose keys start with it. */
  async wordsStarting(prefix: string, limit: number): Promise<string[]> {
    const key = this.keyOf(prefix);
    const keys = [...(key === undefined ? [] : [key]), ...this.manifest.chunks.map(([k]) => k).filter((k) => k.length > prefix.length && k.startsWith(prefix)).slice(0, 3)];
    const found: [string, number][] = [];
    for (const chunk of await Promise.all(keys.map((k) => this.chunk(k)))) {
      for (const [word, lists] of Object.entries(chunk)) if (word !== prefix && word.startsWith(prefix)) found.push([word, lists.reduce((n, l) => n + postingsCount(l), 0)]);
    }
    return found.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, limit).map(([w]) => w);
  }

  /** Every word under these prefixes: from the vocabulary files whose keys start one of them, or
   * start with one. */
  async vocabulary(prefixes: string[]): Promise<string[]> {
    const hashes = [...new Set(this.manifest.vocab.filter(([key]) => prefixes.some((p) => p.startsWith(key) || key.startsWith(p))).map(([, h]) => h))];
    const files = await Promise.all(hashes.map((h) => this.file<VocabFile>('v', h)));
    return files.flatMap((f) => (f === '' ? [] : f.split(' ')));
  }

  facets(): Promise<FacetsFile> {
    return this.file<FacetsFile>('f', this.manifest.facets);
  }


  /** The block entry of a document: its slug, and for terms and datasets what a result shows. */
  async blockEntry(doc: DocRef): Promise<BlockFile[number]> {
    const size = BLOCK_SIZES[doc.type];
    const block = await this.file<BlockFile>('b', this.manifest.types[doc.type].blocks[Math.floor(doc.n / size)]);
    return block[doc.n % size];
  }

  /** Any other JSON file of the site (an article's JSON mirror). */
  json<T>(url: string): Promise<T> {
    return this.get<T>(url);
  }
}
