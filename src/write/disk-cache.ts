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
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { type BuildCache, createBuildCache, hashOf } from '../build-cache.js';
import { packageVersion } from '../package-root.js';
import { toolKey } from '../tool-key.js';
import type { ArticleIndex, KnownArticle } from '../engine/article-index.js';
import type { CandidateMemo } from '../passes/recommendations/candidate-memo.js';

const PARTS = 32;

interface CachePart {
  version: string;
  /** The article index's setup (article-index.ts) its articles were made under. */
  setup?: string;
  yaml: [string, unknown][];
  articles: [string, KnownArticle][];
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
      part = deserialize(readFileSync(partFile(dir, n))) as CachePart;
    } catch {
      continue; // a part missing or unreadable is rebuilt; the others still count
    }
    if (part.version !== version) continue;
    const held = new Map<string, unknown>();
    for (const [key, value] of part.yaml) {
      cache.yaml.set(key, value);
      held.set(`y${key}`, value);
    }
    if (part.articles.length > 0 && part.setup !== undefined) setups.add(part.setup);
    for (const [rel, known] of part.articles) {
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
      writeAtomically(partFile(dir, n), serialize(part));
    });
    if (cache.candidates && cache.candidates !== loaded?.candidates) writeAtomically(candidatesFile(dir), serialize({ version: toolKey(), memo: cache.candidates } satisfies CandidatesFile));
    loadedParts.set(cache, { setup: cache.articles?.setup, parts: parts.map(heldBy), candidates: cache.candidates });
    rmSync(`${dir}.bin`, { force: true }); // the single file versions before 0.x kept
  } catch {
    // A cache is an optimisation: failing to save it must not fail the build.
  }
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
