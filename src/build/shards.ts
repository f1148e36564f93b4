/**
 * Step: list the articles and start the shards. The article files come from the content folder's
 * listing (or are listed again, confined to the content folder, when it holds links); worker threads
 * start now, loading their modules while this thread loads the cache and the content.
 * Reads: the content folder's listing. Writes: nothing.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { defaultWorkers, ShardPool } from '../engine/shard-pool.js';
import { MIN_ARTICLES_FOR_WORKERS, shardLimits } from '../engine/shard-limits.js';
import type { FileStat } from '../file-stat.js';
import { listContentFiles, notAFolder, UNREAD_MARKDOWN, unreadMarkdownFiles, unreadMarkdownProblem } from '../load/content-files.js';
import type { ScannedFolder } from '../write/file-thread.js';
import { type BuildState, type InputKey, outputSeemsIntact } from '../write/up-to-date.js';
import type { BuildRun } from './run.js';
import type { LastBuild } from './up-to-date.js';

/** An article file to read: where it is, its name in diagnostics, and its stat when known. */
export interface ArticleFile {
  abs: string;
  rel: string;
  stat?: FileStat;
}

/** Up to this many changed article files, a rebuild uses one worker thread (workersFor). */
const FEW_CHANGED_ARTICLES = 50;

/** The article files, sorted by path, and the problems of those that must not be read. */
export function listArticleFiles(run: BuildRun, contentFiles: ScannedFolder | undefined): { files: ArticleFile[]; diagnostics: Diagnostic[] } {
  const listed = articleFilesIn(run.contentAbs, contentFiles, run.rel);
  const files = listed.files.sort((a, b) => (a.abs < b.abs ? -1 : a.abs > b.abs ? 1 : 0));
  return { files, diagnostics: listed.diagnostics };
}

/** The shards for this build: serve's, kept for its session, or new ones sized to the work. */
export function startShards(run: BuildRun, articleFiles: ArticleFile[], last: LastBuild): ShardPool {
  const { opts } = run;
  // serve keeps its threads for every later rebuild, whatever its first one needs.
  const threads = articleFiles.length >= (opts.minPagesForWorkers ?? MIN_ARTICLES_FOR_WORKERS) ? (opts.workers ?? (opts.cache ? defaultWorkers() : workersFor(last.state, last.input, run.outAbs))) : 0;
  const pool = opts.cache?.pool ?? ShardPool.start(threads, threads ? shardLimits(threads, articleFiles.map((f) => f.stat?.size ?? 0)) : undefined);
  if (opts.cache) opts.cache.pool = pool;
  return pool;
}

/**
 * Worker threads by default: all cores, but one when the last build's state shows that only a few
 * article files changed (nothing else, and the same legalsite and options) and the output folder
 * still holds what that build wrote. A rebuild after a small edit has little to load and render, and
 * a second thread would mostly load its modules (half a second of a core) in the main thread's way.
 * Any other change can remake every page, and so does a missing or emptied output folder (CI
 * restoring its build cache into a fresh checkout): with one thread that took 43.6 s where a build
 * without the cache took 33.4 s, at 10,000 articles.
 */
export function workersFor(state: BuildState | undefined, input: InputKey | undefined, outAbs: string): number {
  if (!state?.content || !input || state.inputKey !== input.key || state.outDir !== outAbs) return defaultWorkers();
  const before = new Map(state.content.files.map((f) => [f[0], f[5]]));
  let changed = 0;
  for (const f of input.content.files) {
    if (before.get(f[0]) === f[5]) continue;
    if (!/^articles\/[^/]+\.md$/.test(f[0])) return defaultWorkers();
    changed++;
  }
  // A deleted file changes lists and pages like any other change.
  if (input.content.files.length !== state.content.files.length) return defaultWorkers();
  return changed <= FEW_CHANGED_ARTICLES && outputSeemsIntact(outAbs, state) ? 1 : defaultWorkers();
}

/** The article files (articles/*.md), from the content folder's scan when it has one without links
 * or special files; else listed again, each confined to the content folder (content-files.ts). */
function articleFilesIn(contentAbs: string, scanned: ScannedFolder | undefined, rel: (abs: string) => string): { files: ArticleFile[]; diagnostics: Diagnostic[] } {
  if (!scanned?.allFiles()) {
    const diagnostics: Diagnostic[] = [];
    const listed = listContentFiles(contentAbs, 'articles/*.md', rel, diagnostics).map((abs) => {
      const st = statSync(abs);
      return { abs, rel: rel(abs), stat: { size: st.size, mtimeMs: st.mtimeMs, ctimeMs: st.ctimeMs, ino: st.ino } };
    });
    return { files: listed, diagnostics: [...diagnostics, ...unreadMarkdownFiles(contentAbs, 'articles', rel)] };
  }
  // As the glob: directly in articles/, not hidden.
  const articles = scanned.entries((p) => /^articles\/[^/.][^/]*\.md$/.test(p));
  const inside = pathsInside(contentAbs, rel);
  // A file named articles where the folder should be: said at its path, as the glob's listing says it.
  const notFolder = Array.from(scanned.entries((p) => p === 'articles')).length ? [notAFolder(rel(path.join(contentAbs, 'articles')), 'articles')] : [];
  const unread = Array.from(scanned.entries((p) => p.startsWith('articles/') && UNREAD_MARKDOWN.test(p)), ([p]) => unreadMarkdownProblem(p, inside(p).rel) ?? []).flat();
  return { files: Array.from(articles, ([p, { size, mtimeMs, ctimeMs, ino }]) => ({ ...inside(p), stat: { size, mtimeMs, ctimeMs, ino } })), diagnostics: [...notFolder, ...unread] };
}

/**
 * The absolute and working-folder-relative paths of `p`, a path inside `dirAbs` as a scan lists it
 * (forward slashes, no `.` or `..`): what path.join and `rel` give, by joining strings worked out
 * once. path.relative and path.join took 11 µs a file, half a second of a rebuild at 50,000 articles.
 */
export function pathsInside(dirAbs: string, rel: (abs: string) => string): (p: string) => { abs: string; rel: string } {
  const dirRel = rel(dirAbs);
  const base = dirAbs.endsWith(path.sep) ? dirAbs : dirAbs + path.sep;
  const native = path.sep === '/' ? (p: string) => p : (p: string) => p.replaceAll('/', path.sep);
  // From a working folder inside dirAbs (dirRel all `..`), the relative path may climb back down.
  if (/^\.\.(\/\.\.)*$/.test(dirRel)) return (p) => ({ abs: base + native(p), rel: rel(base + native(p)) });
  return (p) => ({ abs: base + native(p), rel: dirRel ? `${dirRel}/${p}` : p });
}
