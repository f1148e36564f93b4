/**
 * The benchmark of one corpus size: generates the corpus, then times, in this order,
 *   - with a peer, its copy of the corpus is written first (not timed);
 *   - a build that fills the build cache (not reported);
 *   - `runs` rounds of: legalsite cold (`--no-cache`, no output folder), the peer cold (no output
 *     folder), legalsite with the warm cache and no output folder: interleaved, so the machine's
 *     drift over minutes falls on all three alike;
 *   - a warm rebuild with no change;
 *   - `runs` rounds of: one article changed, legalsite rebuilds; the same change to the peer's copy,
 *     the peer builds again;
 *   - the sizes of what the builds wrote, and what a first and a next search download;
 *   - serve's start-up and reload latency.
 * Output folders are moved aside rather than deleted between runs (deleting tens of thousands of
 * files slows creating files for minutes after on some file systems) and removed when the run ends;
 * the disk's pending writes are flushed before each timed build (flushWrites).
 * Reads: lib/ (through the CLI). Writes: the temp folder of this size.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { generateCorpus } from '../generate-corpus.js';
import { hugoArticlePath, writeHugoSite } from '../hugo-site.js';
import { cacheBytes, cacheFileFor } from './cache-file.js';
import type { ChildRegistry } from './children.js';
import { editArticle } from './edit-article.js';
import { type BuildRun, measureBuild } from './measure-build.js';
import { measureSearch } from './measure-search.js';
import { measureServe } from './measure-serve.js';
import { measureOutputSizes } from './output-sizes.js';
import type { BenchOptions } from './options.js';
import { measureHugo, type PeerRun } from './peer-hugo.js';
import type { PeerResult, SizeResult } from './results.js';

const log = (line: string) => process.stderr.write(`${line}\n`);
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const rss = (kb: number | undefined, treeKb?: number) => (kb === undefined ? '' : `, peak RSS ${Math.round(kb / 1024)} MB`) + (treeKb === undefined ? '' : ` (all processes ${Math.round(treeKb / 1024)} MB)`);

/** The run with the median wall time (the lower of the two middle ones for an even count). */
export function medianRun<T extends { wallMs: number }>(runs: T[]): T | undefined {
  return [...runs].sort((a, b) => a.wallMs - b.wallMs)[Math.floor((runs.length - 1) / 2)];
}

interface SizeContext {
  children: ChildRegistry;
  opts: BenchOptions;
  noCacheFlag: boolean;
  /** The peer's version line, when a peer is measured. */
  peerVersion?: string;
  root: string;
  /** Called once the whole benchmark is over: this size's temp folders are removed then. */
  cleanUps: (() => void)[];
}

/** Benchmarks one corpus size of `n` articles. */
export async function benchSize(ctx: SizeContext, n: number): Promise<SizeResult> {
  const { opts } = ctx;
  mkdirSync(opts.tmp, { recursive: true });
  const work = mkdtempSync(path.join(opts.tmp, `legalsite-bench-${n}-`));
  const content = path.join(work, 'content');
  const out = path.join(work, 'dist');
  const corpus = generateCorpus({ dir: content, articles: n, seed: opts.seed });
  const size: SizeResult = {
    articles: n,
    corpus: { terms: corpus.terms, pages: corpus.pages, files: corpus.files, bytes: corpus.bytes, generateMs: corpus.ms, dir: opts.keep ? work : undefined },
    documents: corpus.articles + corpus.terms + corpus.pages,
    notes: [],
  };
  const tag = `[${n}]`;
  log(`${tag} corpus: ${corpus.articles} articles, ${corpus.terms} terms, ${(corpus.bytes / 1e6).toFixed(1)} MB in ${secs(corpus.ms)} → ${work}`);
  const cacheFile = await cacheFileFor(ctx.root, content);
  if (opts.keep && cacheFile) size.notes.push(`kept ${work}; its build cache is ${cacheFile}`);
  const articleFile = (i: number) => path.join(content, 'articles', `${corpus.articleSlugs[i % n]}.md`);
  let aside = 0;
  const clear = (dir: string) => {
    if (existsSync(dir)) renameSync(dir, path.join(work, `old-${++aside}`));
  };
  const build = async (label: string, extraArgs: string[] = []): Promise<BuildRun> => {
    flushWrites();
    const run = await measureBuild(ctx.children, { root: ctx.root, content, out, extraArgs, scratch: work });
    log(`${tag} ${label}: ${run.ok ? `${secs(run.wallMs)}${rss(run.peakRssKb, run.treePeakKb)}` : `FAILED (exit ${run.exitCode})\n${run.error}`}`);
    if (!run.ok) size.notes.push(`${label} failed (exit ${run.exitCode}): ${run.error?.split('\n').slice(-3).join(' | ')}`);
    return run;
  };
  const hugoSite = path.join(work, 'hugo');
  const hugoOut = path.join(work, 'hugo-public');
  const peer = async (label: string, runs: PeerRun[]): Promise<void> => {
    flushWrites();
    const run = await measureHugo(ctx.children, { siteDir: hugoSite, out: hugoOut, scratch: work });
    log(`${tag} hugo ${label}: ${run.ok ? `${secs(run.wallMs)}${rss(run.peakRssKb, run.treePeakKb)}, ${run.files} files` : `FAILED (exit ${run.exitCode})\n${run.error}`}`);
    if (!run.ok) size.notes.push(`hugo ${label} failed (exit ${run.exitCode}): ${run.error?.split('\n').slice(-3).join(' | ')}`);
    runs.push(run);
  };
  try {
    const hugo: PeerResult | undefined = ctx.peerVersion ? { name: 'hugo', version: ctx.peerVersion, pages: writeHugoSite(content, hugoSite).pages, coldRuns: [], changedRuns: [] } : undefined;
    size.peer = hugo;
    if (ctx.noCacheFlag) {
      // A site's id file is committed with its content, so CI fills its cache with a build that finds
      // one. The corpus's first build writes it, and every article's key includes its record: a cache
      // filled by that build would be stale in every part for the next, whatever the row measures.
      await build('first build, which writes the id file (not reported)', ['--no-cache']);
      clear(out);
      size.prime = await build('cache-filling build (not reported)');
    }
    size.coldRuns = [];
    size.emptyOutRuns = ctx.noCacheFlag ? [] : undefined;
    for (let r = 1; r <= opts.runs; r++) {
      const of = opts.runs > 1 ? ` (${r}/${opts.runs})` : '';
      clear(out);
      size.coldRuns.push(await build(`cold build${of}`, ctx.noCacheFlag ? ['--no-cache'] : []));
      if (hugo) {
        clear(hugoOut);
        await peer(`cold build${of}`, hugo.coldRuns);
      }
      if (size.emptyOutRuns) {
        clear(out);
        await checkOutAfresh(content);
        size.emptyOutRuns.push(await build(`warm cache, no output folder${of}`));
      }
    }
    size.cold = medianRun(size.coldRuns.filter((r) => r.ok)) ?? size.coldRuns[0];
    if (!size.cold.ok) return size;
    // The output folder holds the last of these builds, each a whole site like the cold build's.
    size.outputs = measureOutputSizes(out);
    if (size.emptyOutRuns?.length) {
      // The fresh checkouts gave every file a new stat, which the cache's article index does not
      // hold yet: the first rebuild with this output folder reads every article again, reuses their
      // digests and saves the new stats (docs/performance-log.md, eleventh session). Done here,
      // unreported, so that the rows below measure an editor's rebuild.
      editArticle(articleFile(Math.floor(n / 2) - 1), 'after the fresh checkouts');
      await build('rebuild after the fresh checkouts, which reads every article again (not reported)');
    }
    size.warm = await build('warm rebuild, no change');
    size.changedRuns = [];
    for (let r = 1; r <= opts.runs; r++) {
      const of = opts.runs > 1 ? ` (${r}/${opts.runs})` : '';
      const i = Math.floor(n / 2) + r - 1;
      const label = `build edit ${r}`;
      editArticle(articleFile(i), label);
      size.changedRuns.push(await build(`rebuild after one changed article${of}`));
      if (hugo) {
        editArticle(hugoArticlePath(hugoSite, corpus.articleSlugs[i % n]), label);
        await peer(`build after one changed article${of}`, hugo.changedRuns);
      }
    }
    size.changed = medianRun(size.changedRuns.filter((r) => r.ok)) ?? size.changedRuns[0];
    if (cacheFile) size.cacheBytes = cacheBytes(cacheFile);
    size.search = await measureSearch(out);
    log(`${tag} search: ${size.search.note ?? size.search.queries.map((q) => `"${q.query}" ${(q.bytes / 1024).toFixed(1)} KB`).join(', ')}`);
    if (size.search.note) size.notes.push(`search: ${size.search.note}`);
    if (!opts.serve) {
      size.notes.push('serve skipped (--no-serve)');
      return size;
    }
    log(`${tag} serve: starting …`);
    size.serve = await measureServe(ctx.children, {
      root: ctx.root,
      content,
      out,
      files: Array.from({ length: opts.serveEdits }, (_, k) => articleFile(Math.floor(n / 3) + k)),
      readyTimeoutMs: Math.max(120_000, 4 * size.cold.wallMs),
      reloadTimeoutMs: Math.max(60_000, 2 * size.cold.wallMs),
      settleMs: 1000,
    });
    log(`${tag} serve: ${size.serve.status}${size.serve.note ? ` (${size.serve.note})` : ''}${size.serve.reloadMs.length ? `, reload ${size.serve.reloadMs.map((v) => `${Math.round(v)} ms`).join(', ')}` : ''}${size.serve.rebuiltMs?.length ? `, full rebuild ${size.serve.rebuiltMs.map((v) => `${Math.round(v)} ms`).join(', ')}` : ''}`);
    if (size.serve.note) size.notes.push(`serve: ${size.serve.status === 'not-available' ? 'not available' : size.serve.status}: ${size.serve.note}`);
    return size;
  } finally {
    if (!opts.keep) {
      // Removed when the whole run is over: on some file systems (ext4 without a journal, as on the
      // benchmark machine) files made within minutes of deleting many others are several times
      // slower to create, which would charge one size's clean-up to the next size's cold build.
      ctx.cleanUps.push(() => {
        rmSync(work, { recursive: true, force: true });
        // The CLI keeps its cache outside the corpus; a temp corpus's cache goes too.
        if (cacheFile) rmSync(cacheFile, { recursive: true, force: true });
      });
    }
  }
}

/** Every file of `dir` written again with the same bytes (a new inode and new times), as a fresh
 * checkout gives them: the build cannot trust the stats it recorded, and reads and hashes the
 * content, as a CI build that restored its cache into a new checkout does. Then a wait past the
 * window in which a build does not trust a file's stat (src/file-stat.ts, 2 s), as a checkout
 * followed by `npm ci` leaves: a build started at once would record every file as untrusted, and
 * the next rebuild would read every article again. */
async function checkOutAfresh(dir: string): Promise<void> {
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    const file = path.join(e.parentPath ?? e.path, e.name);
    copyFileSync(file, `${file}.fresh`);
    renameSync(`${file}.fresh`, file);
  }
  await new Promise((resolve) => setTimeout(resolve, 2500));
}

/** The disk's pending writes flushed before each timed build, so that no build pays for the writeback
 * of the one before it. It does not make the runs steady: on the machines measured they still spread
 * by a tenth and more (docs/performance-log.md, twenty-ninth session). Where there is no `sync` command,
 * the runs go on as before. */
function flushWrites(): void {
  try {
    execFileSync('sync', { stdio: 'ignore' });
  } catch {
    // Not flushed: timed as before.
  }
}
