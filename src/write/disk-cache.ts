/**
 * The build cache on disk, so a second `legalsite build` reuses the parsed YAML and every unchanged
 * article's digest (engine/article-index.ts) of the first.
 * Pages are not kept on disk: at 10,000 articles they made a gigabyte-sized cache whose loading and
 * saving cost more time and memory than rendering them again (measured with npm run bench); an
 * unchanged page is skipped by its fingerprint instead (engine/emit-site.ts). Entries are keyed by content hashes (build-cache.ts), so a reused
 * value is exactly what a cold build computes; a cache that cannot be read is ignored.
 * Lives in node_modules/.cache/legalsite (or .legalsite-cache/ when there is no node_modules), one
 * folder per content folder, split into PARTS files by key: a rebuild after a small change rewrites
 * only the parts holding what changed (at 10,000 articles the whole cache is about 100 MB, and
 * writing it took half a second of a one-article rebuild). The recommendation candidates of the last
 * build (candidate-memo.ts) are in a file of their own.
 * Each part file holds its digests, then the texts of its articles (their word sets and the start of
 * their plain text: a third of the cache), which are read only when something asks for one: a
 * rebuild after a small edit needs the texts of the changed articles alone, which it makes afresh.
 */
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { type BuildCache, createBuildCache, hashOf } from '../build-cache.js';
import { packageVersion } from '../package-root.js';
import { toolKey } from '../tool-key.js';
import type { ArticleIndex, KnownArticle } from '../engine/article-index.js';
import type { TextFeatures } from '../model.js';
import type { CandidateMemo } from '../passes/recommendations/candidate-memo.js';

const PARTS = 32;
/** A part file starts with these bytes, then the byte length of its digests (32 bits, little-endian). */
const MAGIC = Buffer.from('LSC2');
const HEADER_BYTES = MAGIC.length + 4;

interface CachePart {
  version: string;
  /** The article index's setup (article-index.ts) its articles were made under. */
  setup?: string;
  yaml: [string, unknown][];
  /** Each digest's text holds only its numbers; the words and search text are in the part's texts. */
  articles: [string, KnownArticle][];
}

/** The texts of a part's articles: [file, unit key, words, search text]. */
type PartTexts = [string, string, string, string][];

/** The texts that are not part of a digest's text features on disk. */
type StoredText = Pick<TextFeatures, 'textLength' | 'technicalWords'>;

/** The cache's texts changed between loading a digest and reading its text (another build saved
 * the cache meanwhile), or the file was damaged. */
export class CacheChangedError extends Error {
  constructor(readonly dir: string) {
    super(`the build cache in ${dir} changed or was damaged while this build used it; run the build again (or with --no-cache)`);
    this.name = 'CacheChangedError';
  }
}

/** What each part held when loaded, so saving can tell which parts changed (values by identity:
 * a build reuses a loaded value as the very same object). */
interface Loaded {
  setup?: string;
  parts: (Map<string, unknown> | undefined)[];
  candidates?: CandidateMemo;
}

/** The recommendation candidates (candidate-memo.ts), in a file of their own: they change with
 * almost every build, and are a few megabytes. */
interface CandidatesFile {
  /** The toolKey of the legalsite that wrote it. */
  version: string;
  memo: CandidateMemo;
}

const loadedParts = new WeakMap<BuildCache, Loaded>();

/** The cache folder of a content folder. */
export function cacheFile(cwd: string, contentDir: string): string {
  const base = existsSync(path.join(cwd, 'node_modules')) ? path.join(cwd, 'node_modules', '.cache', 'legalsite') : path.join(cwd, '.legalsite-cache');
  return path.join(base, hashOf(path.resolve(cwd, contentDir)).slice(0, 16));
}

function partOf(key: string): number {
  let h = 0;
  for (let i = 0; i < key.length; i++) h = (Math.imul(h, 31) + key.charCodeAt(i)) | 0;
  return (h >>> 0) % PARTS;
}

const partFile = (dir: string, n: number) => path.join(dir, `${String(n).padStart(2, '0')}.bin`);
const candidatesFile = (dir: string) => path.join(dir, 'candidates.bin');

function writeAtomically(file: string, data: Uint8Array): void {
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, data);
  renameSync(temp, file);
}

export function loadDiskCache(dir: string): BuildCache {
  const cache = createBuildCache();
  const loaded: Loaded = { parts: [] };
  const version = packageVersion();
  const articles = new Map<string, KnownArticle>();
  const setups = new Set<string>();
  for (let n = 0; n < PARTS; n++) {
    let part: CachePart;
    try {
      part = readDigests(partFile(dir, n));
    } catch {
      continue; // a part missing or unreadable is rebuilt; the others still count
    }
    if (part.version !== version) continue;
    const texts = lazyTexts(dir, n);
    const held = new Map<string, unknown>();
    for (const [key, value] of part.yaml) {
      cache.yaml.set(key, value);
      held.set(`y${key}`, value);
    }
    if (part.articles.length > 0 && part.setup !== undefined) setups.add(part.setup);
    for (const [rel, known] of part.articles) {
      known.digest.text = textOnDemand(known.digest.text, () => texts.of(rel, known.key));
      articles.set(rel, known);
      held.set(`a${rel}`, known);
    }
    loaded.parts[n] = held;
  }
  try {
    const saved = deserialize(readFileSync(candidatesFile(dir))) as CandidatesFile;
    // Made by this very legalsite only: its shape and meaning change with the code.
    if (saved.version === toolKey()) cache.candidates = loaded.candidates = saved.memo;
  } catch {
    // None yet, or unreadable: candidates are selected for every item.
  }
  // Parts saved under different setups cannot all be right: keep none of their articles.
  if (setups.size === 1) {
    loaded.setup = [...setups][0];
    cache.articles = { setup: loaded.setup, articles } satisfies ArticleIndex;
  }
  loadedParts.set(cache, loaded);
  return cache;
}

export function saveDiskCache(dir: string, cache: BuildCache): void {
  try {
    mkdirSync(dir, { recursive: true });
    const version = packageVersion();
    const parts = Array.from({ length: PARTS }, (): CachePart => ({ version, setup: cache.articles?.setup, yaml: [], articles: [] }));
    for (const entry of cache.yaml) parts[partOf(entry[0])].yaml.push(entry);
    for (const entry of cache.articles?.articles ?? []) parts[partOf(entry[0])].articles.push(entry);
    const loaded = loadedParts.get(cache);
    parts.forEach((part, n) => {
      if (loaded && unchangedPart(part, loaded.parts[n], loaded.setup)) return;
      writeAtomically(partFile(dir, n), partBytes(part));
    });
    if (cache.candidates && cache.candidates !== loaded?.candidates) writeAtomically(candidatesFile(dir), serialize({ version: toolKey(), memo: cache.candidates } satisfies CandidatesFile));
    loadedParts.set(cache, { setup: cache.articles?.setup, parts: parts.map(heldBy), candidates: cache.candidates });
    rmSync(`${dir}.bin`, { force: true }); // the single file versions before 0.x kept
  } catch {
    // A cache is an optimisation: failing to save it must not fail the build.
  }
}

/** A part's file: header, digests (texts reduced to their numbers), texts. */
function partBytes(part: CachePart): Buffer {
  const texts: PartTexts = [];
  const articles = part.articles.map(([rel, known]): [string, KnownArticle] => {
    const text = known.digest.text as TextFeatures | undefined;
    if (!text) return [rel, known];
    texts.push([rel, known.key, text.words, text.searchText]);
    const stored: StoredText = { textLength: text.textLength, technicalWords: text.technicalWords };
    return [rel, { ...known, digest: { ...known.digest, text: stored as TextFeatures } }];
  });
  const digests = serialize({ ...part, articles });
  const header = Buffer.alloc(HEADER_BYTES);
  MAGIC.copy(header);
  header.writeUInt32LE(digests.length, MAGIC.length);
  return Buffer.concat([header, digests, serialize(texts)]);
}

/** Reads a part's header and digests, not its texts. */
function readDigests(file: string): CachePart {
  const fd = openSync(file, 'r');
  try {
    const header = Buffer.alloc(HEADER_BYTES);
    if (readSync(fd, header, 0, HEADER_BYTES, 0) !== HEADER_BYTES || !header.subarray(0, MAGIC.length).equals(MAGIC)) throw new Error('not a cache part');
    const digests = Buffer.alloc(header.readUInt32LE(MAGIC.length));
    if (readSync(fd, digests, 0, digests.length, HEADER_BYTES) !== digests.length) throw new Error('a cut cache part');
    return deserialize(digests) as CachePart;
  } finally {
    closeSync(fd);
  }
}

/** A part's texts, read from its file the first time one is asked for. */
function lazyTexts(dir: string, n: number): { of(rel: string, key: string): [words: string, searchText: string] } {
  let byFile: Map<string, [string, string, string]> | undefined;
  const read = () => {
    try {
      const bytes = readFileSync(partFile(dir, n));
      const texts = deserialize(bytes.subarray(HEADER_BYTES + bytes.readUInt32LE(MAGIC.length))) as PartTexts;
      return new Map(texts.map(([rel, key, words, searchText]): [string, [string, string, string]] => [rel, [key, words, searchText]]));
    } catch {
      throw new CacheChangedError(dir);
    }
  };
  return {
    of(rel, key) {
      const entry = (byFile ??= read()).get(rel);
      // Another build may have saved the part since it was loaded: its texts must be of this digest.
      if (entry?.[0] !== key) throw new CacheChangedError(dir);
      return [entry[1], entry[2]];
    },
  };
}

/** Text features whose numbers are at hand and whose words and search text are read when first asked for. */
function textOnDemand(stored: StoredText | undefined, read: () => [string, string]): TextFeatures {
  if (!stored) return stored as unknown as TextFeatures;
  let texts: [string, string] | undefined;
  const text = { textLength: stored.textLength, technicalWords: stored.technicalWords } as TextFeatures;
  // Enumerable, so copies (JSON, structured clone) hold the texts as a plain object would.
  Object.defineProperty(text, 'words', { enumerable: true, get: () => (texts ??= read())[0] });
  Object.defineProperty(text, 'searchText', { enumerable: true, get: () => (texts ??= read())[1] });
  return text;
}

function heldBy(part: CachePart): Map<string, unknown> {
  const held = new Map<string, unknown>();
  for (const [key, value] of part.yaml) held.set(`y${key}`, value);
  for (const [rel, known] of part.articles) held.set(`a${rel}`, known);
  return held;
}

function unchangedPart(part: CachePart, held: Map<string, unknown> | undefined, setup: string | undefined): boolean {
  if (!held || part.yaml.length + part.articles.length !== held.size) return false;
  if (part.articles.length > 0 && part.setup !== setup) return false;
  return part.yaml.every(([key, value]) => held.get(`y${key}`) === value) && part.articles.every(([rel, known]) => held.get(`a${rel}`) === known);
}
