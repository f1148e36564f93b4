/**
 * The build cache on disk, so a second `legalsite build` reuses the parsed YAML and every unchanged
 * article's digest (engine/article-index.ts) of the first.
 * Pages are not kept on disk: at 10,000 articles they made a gigabyte-sized cache whose loading and
 * saving cost more time and memory than rendering them again (measured with npm run bench); an
 * unchanged page is skipped by its fingerprint instead (engine/emit-site.ts). Entries are keyed by content hashes (hash.ts), so a reused
 * value is exactly what a cold build computes; a cache that cannot be read is ignored.
 * Lives in node_modules/.cache/legalsite (or .legalsite-cache/ when there is no node_modules), one
 * folder per content folder, split into PARTS files by key: a rebuild after a small change rewrites
 * only the parts holding what changed (at 10,000 articles the whole cache is about 100 MB, and
 * writing it took half a second of a one-article rebuild). The recommendation candidates and the
 * backlinks of the last build (candidate-memo.ts, backlinks-memo.ts) and the site search's inverted
 * index (search-index.ts) are in files of their own.
 * Each part file holds its digests, then two sections of their deferred fields, each read only when
 * something first asks for one of its fields: every article's glossary mentions (with the sentence
 * around each: a third of the digests' objects, needed only when backlinks are worked out in full,
 * which the backlinks memo spares most rebuilds), then its texts (its word set and its words for the
 * site search) and its longest fields that only its own files show (FAQ, key takeaways, references).
 * A rebuild after a small edit needs those of the changed articles alone, which it makes afresh.
 * A last section lists what the part holds by key (PartKeys): a build that writes a new output folder
 * (as CI does after restoring its cache) reads these first, its digests only while the shards read
 * the articles (loadCachedDigests), and saves only the parts whose keys changed, not the whole cache
 * (727 MB at 50,000 articles).
 */
import { closeSync, existsSync, fstatSync, mkdirSync, openSync, readSync, rmSync } from 'node:fs';
import path from 'node:path';
import { type BuildCache, createBuildCache } from '../engine/build-cache.js';
import { packageVersion } from '../package-root.js';
import { toolKey } from '../tool-key.js';
import { writeFileAtomically } from './atomic-file.js';
import { checksumOfPieces, intact, sealPiecesHeader, unsealed } from './checksum.js';
import { piecesLength, serializePieces } from './serialize-pieces.js';
import { readOnDemand } from './fields-on-demand.js';
import { deserializeCopy, readScratch, readScratchAt } from './scratch-read.js';
import type { ArticleIndex, KnownArticle } from '../engine/article-index.js';
import type { BodyDigest } from '../model/article-digest.js';
import type { ArticleMeta, TextFeatures } from '../model.js';
import type { BacklinksMemo } from '../engine/backlinks-memo.js';
import type { CandidateMemo } from '../engine/candidate-memo.js';
import type { PinsMemo } from '../load/pinpoints-file.js';
import type { RowsMemo } from '../engine/file-rows.js';
import type { SearchMemo } from '../engine/search-index.js';

const PARTS = 32;
/** A part file starts with these bytes, then the byte length and CRC-32 of each of its sections
 * (digests, mentions, texts, keys; 32 bits each, little-endian), then the sections. */
const MAGIC = Buffer.from('LSC5');
const SECTIONS = ['digests', 'mentions', 'texts', 'keys'] as const;
const HEADER_BYTES = MAGIC.length + 8 * SECTIONS.length;

interface CachePart {
  version: string;
  /** The article index's setup (article-index.ts) its articles were made under. */
  setup?: string;
  yaml: [string, unknown][];
  /** Digests without their deferred fields (those hold placeholders, keeping the fields' order). */
  articles: [string, KnownArticle][];
}

/**
 * What a part holds, by key: its YAML entries' keys, and per article its file and unit keys (its
 * output files follow from its digest). Keys are content hashes, so two parts with the same keys
 * (same legalsite and setup) hold the same values; only an article's stat and read time may differ,
 * and an older stat only makes the next build read the file again.
 */
interface PartKeys {
  version: string;
  setup?: string;
  yaml: string[];
  articles: [rel: string, key: string, textKey: string][];
}

/** Body fields read when first asked for (the mentions section). */
const DEFERRED_BODY = ['mentions'] as const;
/** Text features read when first asked for. */
const DEFERRED_TEXT = ['words', 'search'] as const;
/** Article fields read when first asked for: long, and shown only by the article's own files. */
const DEFERRED_META = ['faq', 'keyTakeaways', 'references'] as const;

type DeferredBody = Pick<BodyDigest, (typeof DEFERRED_BODY)[number]>;
type DeferredText = Pick<TextFeatures, (typeof DEFERRED_TEXT)[number]>;
type DeferredMeta = Pick<ArticleMeta, (typeof DEFERRED_META)[number]>;

/** A section of deferred fields: per article [file, unit key, …its fields]. */
type Section<F extends unknown[]> = [string, string, ...F][];
type MentionsSection = Section<[DeferredBody]>;
type TextsSection = Section<[DeferredText, DeferredMeta]>;

/** The cache changed between loading a digest and reading its deferred fields (another build saved
 * the cache meanwhile), or the file was damaged. */
export class CacheChangedError extends Error {
  constructor(
    readonly dir: string,
    /** The part file found changed or damaged. */
    readonly file?: string,
  ) {
    super(`the build cache in ${dir} changed or was damaged while this build used it; run the build again (or with --no-cache)`);
    this.name = 'CacheChangedError';
  }
}

/** An entry (a YAML value or an article) as loaded or last saved: its value, compared by identity
 * (a build reuses a loaded value as the very same object), and the part it is in. */
interface HeldEntry {
  value: unknown;
  part: number;
}

/** What the parts held when loaded (or last saved), so saving can tell which parts changed without
 * going over every entry's key again: at 50,000 articles that took a second of a one-change rebuild. */
interface Held {
  yaml: Map<string, HeldEntry>;
  articles: Map<string, HeldEntry>;
  /** How many entries each part held; 0 for a part not read (missing, damaged, another version). */
  counts: number[];
  /** Whether each part was read whole: only those can be found unchanged by their entries. */
  read: boolean[];
}

interface Loaded {
  setup?: string;
  held?: Held;
  /** When the parts were not read (no digests wanted): the keys of each part on disk. */
  keys?: (PartKeys | undefined)[];
  candidates?: CandidateMemo;
  backlinks?: BacklinksMemo;
  pins?: PinsMemo;
  search?: SearchMemo;
  rows?: RowsMemo;
}

/** A memo of the last build (candidate-memo.ts, backlinks-memo.ts), in a file of its own: it changes
 * with many builds, and is a few megabytes. */
interface MemoFile<T> {
  /** The toolKey of the legalsite that wrote it: a memo's shape and meaning change with the code. */
  version: string;
  memo: T;
}

const loadedParts = new WeakMap<BuildCache, Loaded>();

const emptyHeld = (): Held => ({ yaml: new Map(), articles: new Map(), counts: new Array<number>(PARTS).fill(0), read: new Array<boolean>(PARTS).fill(false) });

export { cacheFile } from './cache-location.js';

function partOf(key: string): number {
  let h = 0;
  for (let i = 0; i < key.length; i++) h = (Math.imul(h, 31) + key.charCodeAt(i)) | 0;
  return (h >>> 0) % PARTS;
}

const partFile = (dir: string, n: number) => path.join(dir, `${String(n).padStart(2, '0')}.bin`);
const candidatesFile = (dir: string) => path.join(dir, 'candidates.bin');
const backlinksFile = (dir: string) => path.join(dir, 'backlinks.bin');
const pinsFile = (dir: string) => path.join(dir, 'pinpoints.bin');
const searchFile = (dir: string) => path.join(dir, 'search.bin');
const rowsMemoFile = (dir: string) => path.join(dir, 'rows.bin');

/** The cache saved in `dir`, loaded into `into` (by default a new one). `whole`: read the deferred
 * fields at once too, for a cache kept for long (serve), while another build may rewrite the files.
 * `digests: false`: only the memos and the parts' keys, not the parts (parsed YAML, article digests),
 * for a build that writes a new output folder: it reads every article file, so the digests can wait
 * (loadCachedDigests) until the shards are reading them, and this thread has nothing else to do. */
export function loadDiskCache(dir: string, into?: BuildCache, { whole = false, digests = true, damaged }: { whole?: boolean; digests?: boolean; damaged?: (files: string[]) => void } = {}): BuildCache {
  const damagedFiles: string[] = [];
  const cache = into ?? createBuildCache();
  const held = emptyHeld();
  const loaded: Loaded = digests ? { held } : {};
  // The memos before the digests: the candidates' arrays copied out (58 MB at 50,000 articles) are
  // external memory, whose growth starts a full collection, cheaper before the digests are held.
  // A memo missing, unreadable or made by other code is undefined: candidates are then selected for
  // every item, backlinks worked out in full.
  const memoDamaged: string[] = [];
  const memoDamage = (name: string) => memoDamaged.push(name);
  cache.candidates = loaded.candidates = readMemo<CandidateMemo>(candidatesFile(dir), memoDamage);
  cache.backlinks = loaded.backlinks = readMemo<BacklinksMemo>(backlinksFile(dir), memoDamage);
  cache.pins = loaded.pins = readMemo<PinsMemo>(pinsFile(dir), memoDamage);
  cache.search = loaded.search = readMemo<SearchMemo>(searchFile(dir), memoDamage);
  cache.rows = loaded.rows = readMemo<RowsMemo>(rowsMemoFile(dir), memoDamage);
  if (!digests) loaded.keys = Array.from({ length: PARTS }, (_, n) => readKeys(partFile(dir, n)));
  const onDamaged = (n: number) => damagedFiles.push(path.basename(partFile(dir, n)));
  const { articles, setups } = digests ? readParts(dir, held, { whole, yaml: cache.yaml, damaged: onDamaged }) : { articles: new Map<string, KnownArticle>(), setups: new Set<string>() };
  damagedFiles.push(...memoDamaged);
  if (damagedFiles.length) damaged?.(damagedFiles);
  // Parts saved under different setups cannot all be right: keep none of their articles.
  if (setups.size === 1) {
    loaded.setup = [...setups][0];
    cache.articles = { setup: loaded.setup, articles } satisfies ArticleIndex;
  }
  loadedParts.set(cache, loaded);
  return cache;
}

/**
 * The article digests of a build cache loaded without them (`digests: false`), read now; undefined
 * for one loaded with them, or with none of one setup. A build that writes a new output folder (CI
 * restoring its cache into a fresh checkout) makes every article's files and page again, but an
 * article read with the text and id-file record its digest was made from needs no new digest (its
 * search words and text features: about 7% of a shard's work at 1,000 articles). Read on the main
 * thread while the shards read the articles. Which parts a save writes is still decided by their keys.
 */
export function loadCachedDigests(dir: string, cache: BuildCache, damaged?: (files: string[]) => void): CachedDigests | undefined {
  const keys = loadedParts.get(cache)?.keys;
  if (!keys) return undefined;
  const damagedFiles: string[] = [];
  // What the parts hold is not kept: the save goes by their keys.
  const { articles, setups, mentions } = readParts(dir, emptyHeld(), {
    whole: false,
    damaged: (n) => {
      damagedFiles.push(path.basename(partFile(dir, n)));
      // Removed: saved again by this build whatever its keys.
      keys[n] = undefined;
    },
  });
  if (damagedFiles.length) damaged?.(damagedFiles);
  if (setups.size !== 1) return undefined;
  return {
    index: { setup: [...setups][0], articles },
    async readMentions() {
      for (const section of mentions) {
        await new Promise((resolve) => setImmediate(resolve));
        section.readNow();
      }
    },
  };
}

/** The digests of a build cache read late (loadCachedDigests). */
export interface CachedDigests {
  index: ArticleIndex;
  /**
   * Reads every part's glossary mentions, one part per turn of the event loop. A build into a new
   * output folder writes the knowledge graph, which needs every article's mentions: read when first
   * asked for, they took 9.7 s of a 50,000-article build with every thread waiting; read while the
   * shards render the articles, the main thread's idle time pays for them.
   */
  readMentions(): Promise<void>;
}

/** Reads every part's digests into `held` (and their parsed YAML into `yaml`, when given), their
 * deferred fields left to be read when first asked for (or at once: `whole`). A part missing or of
 * another version is passed over; a damaged one too, removed and reported to `damaged`. */
function readParts(dir: string, held: Held, opts: { whole: boolean; yaml?: Map<string, unknown>; damaged: (n: number) => void }): { articles: Map<string, KnownArticle>; setups: Set<string>; mentions: DeferredSection<[DeferredBody]>[] } {
  const { whole, yaml } = opts;
  const version = packageVersion();
  const articles = new Map<string, KnownArticle>();
  const setups = new Set<string>();
  const sections: DeferredSection<[DeferredBody]>[] = [];
  for (let n = 0; n < PARTS; n++) {
    let part: CachePart;
    try {
      part = readDigests(partFile(dir, n));
    } catch (error) {
      // A part missing or unreadable is rebuilt; the others still count. A damaged one is removed.
      if (error instanceof DamagedPart) (opts.damaged(n), rmSync(partFile(dir, n), { force: true }));
      continue;
    }
    if (part.version !== version) continue;
    const mentions = sectionOf<[DeferredBody]>(dir, n, 'mentions');
    const texts = sectionOf<[DeferredText, DeferredMeta]>(dir, n, 'texts');
    sections.push(mentions);
    if (yaml) for (const [key, value] of part.yaml) yaml.set(key, value);
    try {
      for (const [rel, known] of part.articles) {
        const digest = known.digest;
        if (!digest.body || !digest.text) continue; // saved whole (partPieces)
        digest.body = readOnDemand(digest.body, DEFERRED_BODY, () => mentions.of(rel, known.key)[0], whole);
        digest.text = readOnDemand(digest.text, DEFERRED_TEXT, () => texts.of(rel, known.key)[0], whole);
        digest.article = readOnDemand(digest.article, DEFERRED_META, () => texts.of(rel, known.key)[1], whole);
      }
    } catch (error) {
      // Read whole and found damaged: its articles are made again, like those of a missing part.
      if (error instanceof CacheChangedError) {
        opts.damaged(n);
        rmSync(partFile(dir, n), { force: true });
        continue;
      }
      throw error;
    }
    if (part.articles.length > 0 && part.setup !== undefined) setups.add(part.setup);
    if (yaml) for (const [key, value] of part.yaml) held.yaml.set(key, { value, part: n });
    for (const [rel, known] of part.articles) {
      articles.set(rel, known);
      held.articles.set(rel, { value: known, part: n });
    }
    held.counts[n] = part.yaml.length + part.articles.length;
    held.read[n] = true;
  }
  return { articles, setups, mentions: sections };
}

export function saveDiskCache(dir: string, cache: BuildCache): void {
  try {
    mkdirSync(dir, { recursive: true });
    const loaded = loadedParts.get(cache);
    const { parts, changed, hold } = sortIntoParts(cache, loaded);
    parts.forEach((part, n) => {
      if (!changed[n]) return;
      const keys = keysOf(part);
      if (sameKeys(keys, loaded?.keys?.[n])) return;
      // Until this save ends, the part on disk is not what was held: a save that fails after
      // writing it must leave it to be written again, whatever the next save holds.
      if (loaded?.held) loaded.held.read[n] = false;
      writeFileAtomically(partFile(dir, n), partPieces(part, keys));
    });
    if (cache.candidates && cache.candidates !== loaded?.candidates) writeMemo(candidatesFile(dir), cache.candidates);
    if (cache.backlinks && cache.backlinks !== loaded?.backlinks) writeMemo(backlinksFile(dir), cache.backlinks);
    if (cache.pins !== loaded?.pins) (cache.pins ? writeMemo(pinsFile(dir), cache.pins) : rmSync(pinsFile(dir), { force: true }));
    if (cache.search && cache.search !== loaded?.search) writeMemo(searchFile(dir), cache.search);
    if (cache.rows && cache.rows !== loaded?.rows) writeMemo(rowsMemoFile(dir), cache.rows);
    loadedParts.set(cache, { setup: cache.articles?.setup, held: hold(), candidates: cache.candidates, backlinks: cache.backlinks, pins: cache.pins, search: cache.search, rows: cache.rows });
    rmSync(`${dir}.bin`, { force: true }); // the single file versions before 0.x kept
  } catch {
    // A cache is an optimisation: failing to save it must not fail the build.
  }
}

function readMemo<T>(file: string, damaged?: (name: string) => void): T | undefined {
  if (!existsSync(file)) return undefined;
  try {
    const bytes = unsealed(readScratch(file));
    if (!bytes) {
      damaged?.(path.basename(file));
      return undefined;
    }
    const saved = deserializeCopy(bytes) as MemoFile<T>;
    return saved.version === toolKey() ? saved.memo : undefined;
  } catch {
    return undefined;
  }
}

function writeMemo<T>(file: string, memo: T): void {
  const pieces = serializePieces({ version: toolKey(), memo } satisfies MemoFile<T>);
  writeFileAtomically(file, [sealPiecesHeader(pieces), ...pieces]);
}

/** A part's file, in pieces: header, digests (deferred fields as placeholders), mentions, texts, keys. */
function partPieces(part: CachePart, keys: PartKeys): Uint8Array[] {
  const mentions: MentionsSection = [];
  const texts: TextsSection = [];
  const articles = part.articles.map(([rel, known]): [string, KnownArticle] => {
    const { body, text, article } = known.digest;
    if (!text || !body) return [rel, known];
    mentions.push([rel, known.key, pick(body, DEFERRED_BODY)]);
    texts.push([rel, known.key, pick(text, DEFERRED_TEXT), pick(article, DEFERRED_META)]);
    const digest = { ...known.digest, body: placeholders(body, DEFERRED_BODY), text: placeholders(text, DEFERRED_TEXT), article: placeholders(article, DEFERRED_META) };
    return [rel, { ...known, digest }];
  });
  const sections = [serializePieces({ ...part, articles }), serializePieces(mentions), serializePieces(texts), serializePieces(keys)];
  const header = Buffer.alloc(HEADER_BYTES);
  MAGIC.copy(header);
  sections.forEach((pieces, i) => {
    header.writeUInt32LE(piecesLength(pieces), MAGIC.length + 8 * i);
    header.writeUInt32LE(checksumOfPieces(pieces), MAGIC.length + 8 * i + 4);
  });
  return [header, ...sections.flat()];
}

function pick<T extends object, K extends keyof T>(value: T, fields: readonly K[]): Pick<T, K> {
  return Object.fromEntries(fields.map((f) => [f, value[f]])) as Pick<T, K>;
}

/** A copy of `value` with `fields` nulled: the fields keep their place in its order. */
function placeholders<T extends object>(value: T, fields: readonly (keyof T)[]): T {
  const copy = { ...value };
  for (const f of fields) (copy as Record<keyof T, unknown>)[f] = null;
  return copy;
}

/** Where each section of a part file is, and its checksum, from the file's header. */
interface PartLayout {
  sections: { at: number; length: number; checksum: number }[];
}

function layoutOf(header: Buffer, fileSize: number): PartLayout {
  if (!header.subarray(0, MAGIC.length).equals(MAGIC)) {
    // A part in an earlier legalsite's format is only out of date; anything else is not a part.
    throw header.subarray(0, 3).equals(MAGIC.subarray(0, 3)) ? new Error('an earlier format') : new DamagedPart('not a cache part');
  }
  let at = HEADER_BYTES;
  const sections = SECTIONS.map((_, i) => {
    const length = header.readUInt32LE(MAGIC.length + 8 * i);
    const section = { at, length, checksum: header.readUInt32LE(MAGIC.length + 8 * i + 4) };
    at += length;
    return section;
  });
  if (at !== fileSize) throw new DamagedPart('a cut cache part');
  return { sections };
}

/** A part file whose bytes are not as they were saved. */
class DamagedPart extends Error {}

/** One section of a part file (its index in SECTIONS), checked against its checksum, in the shared
 * read buffer (scratch-read.ts): valid until the next read. */
function readSection(file: string, index: number): Buffer {
  const fd = openSync(file, 'r');
  try {
    const header = Buffer.alloc(HEADER_BYTES);
    readSync(fd, header, 0, HEADER_BYTES, 0);
    const { at, length, checksum } = layoutOf(header, fstatSync(fd).size).sections[index];
    const bytes = readScratchAt(fd, length, at);
    if (!bytes || !intact(bytes, checksum)) throw new DamagedPart('a damaged cache part');
    return bytes;
  } finally {
    closeSync(fd);
  }
}

/** Reads a part's digests, checked, not its deferred fields. */
function readDigests(file: string): CachePart {
  return deserializeCopy(readSection(file, 0)) as CachePart;
}

/** The keys section of a part file, or undefined when it cannot be read or is damaged (the part is
 * then saved again). */
function readKeys(file: string): PartKeys | undefined {
  try {
    return deserializeCopy(readSection(file, SECTIONS.indexOf('keys'))) as PartKeys;
  } catch {
    return undefined;
  }
}

function keysOf(part: CachePart): PartKeys {
  return {
    version: part.version,
    setup: part.setup,
    yaml: part.yaml.map(([key]) => key).sort(),
    articles: part.articles.map(([rel, k]): PartKeys['articles'][number] => [rel, k.key, k.textKey]).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)),
  };
}

function sameKeys(now: PartKeys, saved: PartKeys | undefined): boolean {
  if (!saved || now.version !== saved.version || now.yaml.length !== saved.yaml.length || now.articles.length !== saved.articles.length) return false;
  if (now.articles.length > 0 && now.setup !== saved.setup) return false;
  return now.yaml.every((key, i) => key === saved.yaml[i]) && now.articles.every((a, i) => a.every((field, j) => field === saved.articles[i][j]));
}

/** A section of a part's deferred fields, read from its file the first time any is asked for. */
/** A section of deferred fields as a part's digests hold it. */
interface DeferredSection<F extends unknown[]> {
  /** The fields of the article `rel` whose unit key is `key`. */
  of(rel: string, key: string): F;
  /** Reads the section now, if it was not read (a section found changed or damaged is left to be
   * found when its fields are asked for). */
  readNow(): void;
}

function sectionOf<F extends unknown[]>(dir: string, n: number, section: 'mentions' | 'texts'): DeferredSection<F> {
  let byFile: Map<string, Section<F>[number]> | undefined;
  const read = () => {
    try {
      const entries = deserializeCopy(readSection(partFile(dir, n), SECTIONS.indexOf(section))) as Section<F>;
      return new Map(entries.map((entry) => [entry[0], entry]));
    } catch {
      throw new CacheChangedError(dir, partFile(dir, n));
    }
  };
  return {
    of(rel, key) {
      const entry = (byFile ??= read()).get(rel);
      // Another build may have saved the part since it was loaded: the fields must be of this digest.
      if (entry?.[1] !== key) throw new CacheChangedError(dir, partFile(dir, n));
      return entry.slice(2) as F;
    },
    readNow() {
      try {
        byFile ??= read();
      } catch {
        // Thrown again where a field is asked for, which the build handles.
      }
    },
  };
}

/**
 * The cache's entries in their parts, which parts changed since they were loaded (or last saved),
 * and (`hold`, once the parts are saved) what the parts hold now. A part is unchanged when it holds
 * the very same values as then, no more and no fewer. What was held is brought up to date in place,
 * and an entry's part taken from it: only new keys are hashed (partOf), and a save after one edit
 * makes a few entries, not one per article (each save took a second at 50,000 articles).
 */
function sortIntoParts(cache: BuildCache, loaded: Loaded | undefined): { parts: CachePart[]; changed: boolean[]; hold: () => Held } {
  const version = packageVersion();
  const setup = cache.articles?.setup;
  const parts = Array.from({ length: PARTS }, (): CachePart => ({ version, setup, yaml: [], articles: [] }));
  const before = loaded?.held;
  const yaml = before?.yaml ?? new Map<string, HeldEntry>();
  const articles = before?.articles ?? new Map<string, HeldEntry>();
  const kept = new Array<number>(PARTS).fill(0);
  const made: [Map<string, HeldEntry>, string, HeldEntry][] = [];
  const place = (key: string, value: unknown, held: Map<string, HeldEntry>): number => {
    const was = held.get(key);
    if (was !== undefined && was.value === value) {
      kept[was.part]++;
      return was.part;
    }
    const part = was?.part ?? partOf(key);
    made.push([held, key, { value, part }]);
    return part;
  };
  for (const entry of cache.yaml) parts[place(entry[0], entry[1], yaml)].yaml.push(entry);
  for (const entry of cache.articles?.articles ?? []) parts[place(entry[0], entry[1], articles)].articles.push(entry);
  const counts = parts.map((part) => part.yaml.length + part.articles.length);
  const changed = parts.map((part, n) => !before?.read[n] || kept[n] !== before.counts[n] || kept[n] !== counts[n] || (part.articles.length > 0 && setup !== loaded!.setup));
  const hold = (): Held => {
    for (const [held, key, entry] of made) held.set(key, entry);
    // Every entry of the cache is held now: more held are entries gone from it.
    if (yaml.size > cache.yaml.size) for (const key of yaml.keys()) if (!cache.yaml.has(key)) yaml.delete(key);
    const now = cache.articles?.articles;
    if (articles.size > (now?.size ?? 0)) for (const key of articles.keys()) if (!now?.has(key)) articles.delete(key);
    return { yaml, articles, counts, read: new Array<boolean>(PARTS).fill(true) };
  };
  return { parts, changed, hold };
}
