/**
 * One build: load → validate → the passes of pipeline.ts → routes → check links → emit.
 * Articles are loaded, checked and rendered by shards (src/engine: worker threads for large sites),
 * which keep each body where it was rendered; everything else runs here over their digests.
 * Returns every diagnostic, and the files when asked; writes the output folder only when asked and
 * only when the content has no errors (output-target.ts: a failed build leaves it as it was). Every
 * file is checked whatever another file's errors: once any is found, the build writes nothing and
 * only looks for the errors a whole site shows (failed-build.ts), so one run reports them all.
 */
import { existsSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import type { Diagnostic } from './diagnostics/diagnostic.js';
import { sortDiagnostics, UsageError } from './diagnostics/diagnostic.js';
import type { BuildCache } from './engine/build-cache.js';
import { hashOf } from './hash.js';
import { bundleClient, bundleSourcesKey, type ClientBundle } from './bundle/client-bundle.js';
import type { FileStat } from './file-stat.js';
import { readArticles, renderArticles } from './engine/load-articles.js';
import type { ResourceLimits } from 'node:worker_threads';
import type { ShardSetup } from './engine/shard-protocol.js';
import { inputsFingerprint, SiteEmitter } from './engine/emit-site.js';
import { searchIndexInputs } from './routes/file-inputs.js';
import { planCandidates } from './engine/candidate-memo.js';
import { lazyArticleSource } from './engine/lazy-source.js';
import { defaultWorkers, ShardPool } from './engine/shard-pool.js';
import { listContentFiles } from './load/content-files.js';
import { readAssets } from './bundle/read-assets.js';
import { readContent } from './load/read-content.js';
import { readPreviousManifest } from './load/read-previous-manifest.js';
import { type BuiltSite, type OrderedSite, runGraphPasses, runOrderPasses, runSitePasses, type Timer, withDigests } from './pipeline.js';
import type { BacklinkResult } from './passes/backlinks.js';
import { type MemoizedBacklinks, memoizedBacklinks } from './engine/backlinks-memo.js';
import type { SiteSource } from './model.js';
import type { PageBody } from './passes/page-html.js';
import { searchDocs } from './passes/search-index.js';
import { scriptsFor } from './render/page-scripts.js';
import { allRoutes, type Route, siteRoutes } from './routes.js';
import { linkTermOf } from './passes/term-matcher.js';
import { glossaryMarkdownRoute, llmsFullRoute } from './routes/reference-files.js';
import { articlePageRefs, type FamilyRefs, graphPageRefs } from './routes/site-pages.js';
import { fileBody, type FileRoute, type HtmlRoute, type JoinedRoute, type PageRef } from './routes/types.js';
import { toolKey } from './tool-key.js';
import { checkInternalLinks } from './validate/links.js';
import { checkSemantics, type SemanticOptions } from './validate/semantics.js';
import { checkableSite, salvageConfig } from './validate/salvage.js';
import { remainingLinkErrors } from './failed-build.js';
import { siteLinks, siteUrls } from './site-links.js';
import { CacheChangedError, cacheFile, loadDiskCache, saveDiskCache } from './write/disk-cache.js';
import { FileThread, type ScannedFolder } from './write/file-thread.js';
import { guardOutputFolder } from './write/output-guard.js';
import { recoverOutputFolder } from './write/output-recovery.js';
import { type OutputFile, OutputTarget } from './write/output-target.js';
import { type BuildState, type InputKey, inputKey, outputUnchanged, readBuildState, recordNoChanges, recordsOfState, sameInput, sameSnapshot, saveBuildState, stateFilesOf } from './write/up-to-date.js';

import type { Chrome } from '../templates/types.js';
import { META_CONTENT_SECURITY_POLICY } from './security.js';

/** Below this many articles, loading and rendering stay on the main thread: starting worker threads
 * costs more than they save (measured with npm run bench). */
const MIN_ARTICLES_FOR_WORKERS = 200;
/** Up to this many changed article files, a rebuild uses one worker thread (workersFor). */
const FEW_CHANGED_ARTICLES = 50;

export interface BuildOptions {
  contentDir: string;
  outDir: string;
  cwd?: string;
  /** Overrides site.yaml's baseUrl (e.g. for a staging host). */
  baseUrl?: string;
  /** Write dist/ (build) or only check (check). */
  write: boolean;
  /** Reuse work from an earlier build in this process (serve): parsed YAML, the client bundle, every
   * article's digest, the shards, and what the output folder holds. */
  cache?: BuildCache;
  /** Worker threads for articles and pages (default: all cores). */
  workers?: number;
  /** Told when each pass or phase starts, for a progress display. */
  onPhase?: (name: string) => void;
  /** Below this many articles work stays on the main thread (tests lower it to use workers). */
  minPagesForWorkers?: number;
  /** Load and save the build cache and state on disk (build: on unless --no-cache). With `cache`
   * (serve's first build), an empty `cache` is filled from the disk cache, the output folder is
   * updated from the state the last build saved, and both are saved after the build. */
  diskCache?: boolean;
  /** Replace an existing output folder that legalsite did not make (--force; output-guard.ts). */
  force?: boolean;
  /** Return every output file in the result (default). The CLI needs only counts: at scale the
   * files are a gigabyte, so it turns this off, and then only changed files are made. */
  retainFiles?: boolean;
}

export interface BuildResult {
  ok: boolean;
  diagnostics: Diagnostic[];
  /** Every output file, unless the build was asked not to keep them (retainFiles: false). */
  files: OutputFile[];
  fileCount: number;
  /** The routes made on the main thread (pages, site-wide files); each article's own files are in `urls`. */
  routes: Route[];
  /** Every URL the build makes. */
  urls: Set<string>;
  site?: BuiltSite;
  pages: number;
  /** The page that ships the most JavaScript, and how much (gzip bytes): the budget report. */
  heaviestJs?: { url: string; gzipBytes: number };
  /** Things the user should know that did not stop the build (a damaged build cache, dropped). */
  warnings?: string[];
  /** Milliseconds per pass and phase, for --profile. */
  timings: Map<string, number>;
  /** Set when nothing changed since the build that wrote the output folder, so nothing was rebuilt. */
  upToDate?: boolean;
  /** Output files this build wrote and deleted (all of them when the folder was made afresh). */
  written?: string[];
  deleted?: string[];
  /** What pages were rendered with, so serve can re-render one page without a full build. */
  render?: { chrome: Chrome; bundle: ClientBundle };
  ms: number;
}

/**
 * Builds the site (buildOnce). The build cache is a hint, never trusted: a part found damaged while
 * loading is dropped and its articles made afresh; one found damaged (or rewritten by another build)
 * only when the build reads its deferred fields makes the build start again without that part.
 * Either way the output is what a build without the cache makes, and one warning line says so.
 */
export async function build(opts: BuildOptions): Promise<BuildResult> {
  const warnings: string[] = [];
  const warn = (files: string[], dir: string) => warnings.push(`the build cache in ${path.relative(opts.cwd ?? process.cwd(), dir) || '.'} had ${files.length === 1 ? 'a damaged file' : `${files.length} damaged files`} (${files.join(', ')}); ${files.length === 1 ? 'it was' : 'they were'} dropped and what ${files.length === 1 ? 'it' : 'they'} held made afresh`);
  let result: BuildResult;
  try {
    result = await buildOnce(opts, warn);
  } catch (error) {
    if (!(error instanceof CacheChangedError) || !error.file || opts.cache) throw error;
    rmSync(error.file, { force: true });
    warn([path.basename(error.file)], error.dir);
    result = await buildOnce(opts, warn);
  }
  return { ...result, warnings };
}

async function buildOnce(opts: BuildOptions, warn: (files: string[], dir: string) => void): Promise<BuildResult> {
  const started = performance.now();
  const timings = new Map<string, number>();
  const timed: Timer = (name, run) => {
    const t0 = performance.now();
    const record = () => timings.set(name, (timings.get(name) ?? 0) + performance.now() - t0);
    opts.onPhase?.(name);
    let result;
    try {
      result = run();
    } catch (error) {
      record();
      throw error;
    }
    if (result instanceof Promise) return result.finally(record) as typeof result;
    record();
    return result;
  };
  const fail = (diagnostics: Diagnostic[]): BuildResult => ({ ok: false, diagnostics: sortDiagnostics(diagnostics), files: [], fileCount: 0, routes: [], urls: new Set(), pages: 0, timings, ms: performance.now() - started });

  const cwd = opts.cwd ?? process.cwd();
  const contentAbs = path.resolve(cwd, opts.contentDir);
  const outAbs = path.resolve(cwd, opts.outDir);
  const keep = opts.retainFiles ?? true;
  const diskFile = opts.diskCache ? cacheFile(cwd, opts.contentDir) : undefined;
  // In the content folder's cache, one per output folder: removing a site's cache removes its states.
  const stateFile = diskFile && opts.write ? path.join(diskFile, `${hashOf(contentAbs, outAbs).slice(0, 16)}.state.bin`) : undefined;
  if (!isFolder(contentAbs)) throw new UsageError(`${existsSync(contentAbs) ? 'content folder is a file, not a folder' : 'content folder not found'}: ${opts.contentDir} (pass --content DIR)`);
  let stateOnDisk: { state?: BuildState } | undefined;
  const readState = () => (stateOnDisk ??= { state: stateFile ? readBuildState(stateFile) : undefined }).state;
  if (opts.write) {
    // Before anything in or beside the output folder is read or touched.
    guardOutputFolder({ outDir: opts.outDir, contentDir: opts.contentDir, cwd, force: opts.force, builtBefore: () => readState()?.outDir === outAbs });
    recoverOutputFolder(outAbs);
  }
  // The content and output folders are listed on a thread of their own while the state is read.
  const takenAt = Date.now();
  const fileThread = opts.write ? new FileThread() : undefined;
  // Listings are shared: this thread takes stats too when it has to wait for one.
  const [contentScan, outputScan] = fileThread && (stateFile || opts.cache?.outputs?.outDir === outAbs) ? fileThread.scan([contentAbs, outAbs], [true, true]) : [];
  const state = readState();
  const contentFiles = await timed('up-to-date', () => contentScan?.help());
  const input = stateFile ? timed('up-to-date', () => inputKey(contentAbs, { baseUrl: opts.baseUrl }, state?.content, contentFiles && { files: contentFiles, takenAt })) : undefined;
  // serve needs the whole site in memory, even when the output folder is up to date.
  if (!opts.cache && stateFile && input && state && state.outDir === outAbs && sameInput(state, input)) {
    const outputFiles = await timed('up-to-date', () => outputScan?.help());
    const recorded = timed('up-to-date', () => outputUnchanged(outAbs, state, outputFiles) && recordNoChanges(outAbs, state));
    if (recorded) {
      if (recorded === 'rewritten' || !sameSnapshot(state.content, input.content)) saveBuildState(stateFile, { ...state, content: input.content });
      await fileThread?.close();
      return { ok: true, diagnostics: [], files: [], fileCount: state.files.length, routes: [], urls: new Set(), pages: state.pages, upToDate: true, timings, ms: performance.now() - started };
    }
  }

  const rel = (abs: string) => path.relative(cwd, abs).split(path.sep).join('/');
  const listedArticles = articleFilesIn(contentAbs, contentFiles, rel);
  const articleFiles = listedArticles.files
    .map(({ abs, stat }) => ({ abs, rel: rel(abs), stat }))
    .sort((a, b) => (a.abs < b.abs ? -1 : a.abs > b.abs ? 1 : 0));
  // Worker threads start (loading their modules takes them half a second) while this thread loads
  // the cache and the content.
  // serve keeps its threads for every later rebuild, whatever its first one needs.
  const threads = articleFiles.length >= (opts.minPagesForWorkers ?? MIN_ARTICLES_FOR_WORKERS) ? (opts.workers ?? (opts.cache ? defaultWorkers() : workersFor(state, input))) : 0;
  const pool = opts.cache?.pool ?? ShardPool.start(threads, threads ? shardLimits(threads, articleFiles) : undefined);
  if (opts.cache) opts.cache.pool = pool;
  let target: OutputTarget | undefined;
  try {
    // serve keeps its cache for the session: it reads the whole of it now, not parts when first asked
    // for, as another build may rewrite the files meanwhile.
    const cache = diskFile && !opts.cache?.articles ? timed('cache-load', () => loadDiskCache(diskFile, opts.cache, { whole: Boolean(opts.cache), damaged: (files) => warn(files, diskFile) })) : opts.cache;
    const yamlMemo = cache && { previous: cache.yaml, next: new Map<string, unknown>() };
    const loaded = timed('load', () => readContent({ contentDir: opts.contentDir, cwd, yamlMemo }));
    if (cache && yamlMemo) cache.yaml = yamlMemo.next;
    // Without a valid site.yaml nothing is written, but every other file is still read and checked,
    // against what can be read of it (validate/salvage.ts).
    const standIn = loaded.site ? undefined : salvageConfig(loaded.rejected.find((r) => r.schema === 'site')?.data, loaded.rejected.find((r) => r.schema === 'site')?.problems ?? []);
    const source: SiteSource = loaded.site ?? { ...loaded.entities!, config: standIn!.config, configFile: rel(path.join(contentAbs, 'site.yaml')), articles: [] };
    const semantics: SemanticOptions = { tagsKnown: !standIn || standIn.tagsKnown };
    if (opts.baseUrl) source.config.baseUrl = opts.baseUrl.replace(/\/+$/, '');

    // Where outputs go: updated in place when the folder is as the last build left it, else afresh.
    // A different legalsite or different options change (nearly) every file: writing them all afresh
    // and swapping folders is then twice as fast as renaming each over its old copy (10,000 articles).
    const sameMaker = state?.outDir === outAbs && state.inputKey === input?.key;
    const previous = opts.cache?.outputs ? (opts.cache.outputs.outDir === outAbs ? opts.cache.outputs.records : undefined) : sameMaker ? recordsOfState(state) : undefined;
    target = opts.write && loaded.site ? (previous && !keep && existsSync(outAbs) ? OutputTarget.update(outAbs, previous, await outputScan?.help()) : OutputTarget.fresh(outAbs)) : undefined;
    const remember = Boolean(stateFile || opts.cache);
    // esbuild bundles the browser code in a process of its own while the articles load.
    const bundling = cachedBundle(cache);
    bundling.catch(() => {});
    const styling = readAssets();
    styling.catch(() => {});
    const setup: ShardSetup = { config: source.config, glossary: source.terms.map(linkTermOf), salt: toolKey() };
    await pool.configure(setup);
    // Articles, step 1: every article's fields, for the site's order and checks.
    const read = await timed('articles', () => readArticles({ files: articleFiles, setup, pool, target, index: cache?.articles }));
    source.articles = read.articles.map((a) => a.meta);
    const absOf = new Map(articleFiles.map((f) => [f.rel, f.abs]));
    for (const a of [...read.articles, ...read.rejected.map((r) => ({ rel: r.meta.file, abs: absOf.get(r.meta.file)! }))]) loaded.sources.set(a.rel, lazyArticleSource(a.abs, a.rel));
    // Site-wide checks over every file, those with errors of their own included (as far as they can be read).
    const checkable = checkableSite(source, loaded.rejected, read.rejected.map((r) => ({ entity: r.meta, slugGuessed: r.slugGuessed })));
    const semantic = timed('validate', () => checkSemantics(checkable.site, loaded.sources, undefined, { ...semantics, guessedSlugs: checkable.guessedSlugs }));
    const problems = [...listedArticles.diagnostics, ...loaded.diagnostics, ...read.diagnostics, ...semantic];
    if (problems.length) {
      // Nothing will be written: the output folder is left as it was, and the rest of the build only
      // looks for the errors a whole site shows (every error at once).
      await target?.abort();
      target = undefined;
      const assets = async () => ({ ...(await styling), files: [...(await styling).files, ...(await bundling).files] });
      const links = await remainingLinkErrors({ source, sources: loaded.sources, read, rejected: loaded.rejected, pool, assets, timed, semantics });
      return fail([...problems, ...links]);
    }

    // Step 2: each article rendered with its page, which needs the site's order and chrome.
    const order = runOrderPasses(source, timed);
    const bundle = await timed('bundle', () => bundling);
    const css = await timed('assets', () => styling);
    const assets = { ...css, files: [...css.files, ...bundle.files] };
    const chrome = chromeOf(source, order.pageBodies, assets.cssHref);
    const context = await pool.setRenderer(chrome, [...bundle.entries]);
    const articlePages = timed('routes', () => articlePageRefs({ articles: order.articles, terms: source.terms, neighbours: order.neighbours }));
    const parts = new Set(llmsFullRoute(order).parts.map((url) => url.slice(1)));
    const emitter = new SiteEmitter({ pool, target, keep, remember, parts, fileThread });
    const rendered = await timed('articles', () =>
      renderArticles({ read, pages: new Map(order.articles.map((a, i) => [a.slug, articlePages[i]])), context, pool, emitter, target, keep }),
    );
    if (cache) cache.articles = rendered.index;
    const digests = rendered.digests;
    const ordered = withDigests(order, digests);
    const making: Promise<unknown>[] = [];
    const settle = async () => {
      const outcomes = await Promise.allSettled(making);
      const failed = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
      if (failed) throw failed.reason;
    };
    let site: BuiltSite;
    let routes: Route[];
    let families: FamilyRefs;
    let urls: Set<string>;
    try {
      // The search index on a shard while this thread runs the graph passes (unless the file is
      // unchanged: an edit past the start of a body the index holds); then term and recommendation
      // pages, while this thread runs the remaining passes.
      const searchUnchanged = Boolean(target?.updating) && target!.previousIfIntact('search-index.json') === inputsFingerprint(searchIndexInputs(ordered));
      const searching = pool.threaded && !searchUnchanged ? pool.searchIndex(timed('search-index', () => searchDocs(ordered.articles, ordered.text, ordered.terms, source.datasets))) : undefined;
      searching?.catch(() => {});
      // llms-full.txt joins every article's Markdown and the glossary's: written on the file thread.
      timed('write', () => emitter.files([glossaryMarkdownRoute(order)]));
      emitter.startJoined([llmsFullRoute(order)]);
      making.push(emitter.joinsStarted());
      let backlinks: MemoizedBacklinks | undefined;
      const backlinksOf = (site: OrderedSite, full: () => BacklinkResult) => (backlinks = memoizedBacklinks(site, full, cache?.backlinks)).backlinks;
      const graph = runGraphPasses(ordered, timed, new Map([...rendered.index.articles.values()].map((k) => [k.digest.article.slug, k.key])), cache?.candidates, backlinksOf);
      families = { articles: articlePages, ...timed('routes', () => graphPageRefs(graph)) };
      if (cache) cache.backlinks = backlinks!.next();
      const candidatePlan = timed('recommendations', () => planCandidates(graph.recommendations, cache?.candidates));
      const selecting = pool.setRecommendations(graph.recommendations, candidatePlan).then((memo) => {
        if (cache) cache.candidates = memo;
      });
      making.push(selecting, emitter.pages([...families.terms, ...families.recommendations]));
      site = await runSitePasses(graph, digests, readPreviousManifest(outAbs), timed, searching);
      routes = timed('routes', () => siteRoutes(site, assets, families));
      urls = siteUrls(site, families, routes);
      const linkProblems = timed('link-check', () => checkInternalLinks(siteLinks(site, loaded.sources), urls));
      if (linkProblems.length) {
        await Promise.allSettled(making);
        return abandon(fail(linkProblems));
      }
      making.push(emitter.pages(routes.filter((r): r is HtmlRoute => r.kind === 'html')));
      timed('write', () => emitter.files(routes.filter((r): r is FileRoute => r.kind === 'file')));
      await timed('render', settle);
      await timed('write', () => emitter.joined(routes.filter((r): r is JoinedRoute => r.kind === 'joined')));
    } catch (error) {
      await Promise.allSettled(making);
      await target?.abort();
      throw error;
    }
    const everyRoute = allRoutes(families, routes);
    const htmlRoutes = everyRoute.filter((r): r is HtmlRoute | PageRef => r.kind === 'html' || r.kind === 'page');
    const output = target;
    const committed = output ? await timed('commit', () => output.commit(remember)) : undefined;
    if (committed && opts.cache) opts.cache.outputs = { outDir: outAbs, records: committed.records };
    if (committed && stateFile && input) {
      const next: BuildState = { inputKey: input.key, content: input.content, outDir: outAbs, pages: htmlRoutes.length, files: stateFilesOf(committed.records) };
      timed('up-to-date', () => saveBuildState(stateFile, next));
    }
    if (diskFile && cache) timed('cache-save', () => saveDiskCache(diskFile, cache));
    return {
      ok: true,
      diagnostics: [],
      files: emitter.outputs(),
      fileCount: urls.size,
      routes: everyRoute,
      urls,
      site,
      pages: htmlRoutes.length,
      heaviestJs: heaviestPage(htmlRoutes, bundle),
      written: committed?.written,
      deleted: committed?.deleted,
      render: { chrome, bundle },
      timings,
      ms: performance.now() - started,
    };
  } catch (error) {
    // Whatever failed, the output folder stays as it was and the staging folder goes.
    await target?.abort();
    throw error;
  } finally {
    if (!opts.cache) await pool.close();
    await fileThread?.close();
  }

  async function abandon(result: BuildResult): Promise<BuildResult> {
    await target?.abort();
    return result;
  }
}

/**
 * Heap limits for shard threads, sized to their share of the articles: a shard holds its articles'
 * parsed text between the two loading steps and little else, and a tight limit makes V8 collect
 * garbage before it grows the heap (at 10,000 articles the default limits let the process reach
 * 1.9 GB; measured with npm run bench). LEGALSITE_WORKER_HEAP_MB overrides it.
 */
function shardLimits(threads: number, articleFiles: { stat?: FileStat }[]): ResourceLimits {
  const override = Number(process.env.LEGALSITE_WORKER_HEAP_MB);
  if (override > 0) return { maxOldGenerationSizeMb: override };
  let bytes = 0;
  for (const f of articleFiles) bytes += f.stat?.size ?? 0;
  return { maxOldGenerationSizeMb: Math.ceil(192 + (6 * bytes) / threads / 2 ** 20) };
}

/**
 * Worker threads by default: all cores, but one when the last build's state shows that only a few
 * article files changed (nothing else, and the same legalsite and options). A rebuild after a small
 * edit has little to load and render, and a second thread would mostly load its modules (half a
 * second of a core) in the main thread's way. Any other change can remake every page.
 */
function workersFor(state: BuildState | undefined, input: InputKey | undefined): number {
  if (!state?.content || !input || state.inputKey !== input.key) return defaultWorkers();
  const before = new Map(state.content.files.map((f) => [f[0], f[5]]));
  let changed = 0;
  for (const f of input.content.files) {
    if (before.get(f[0]) === f[5]) continue;
    if (!/^articles\/[^/]+\.md$/.test(f[0])) return defaultWorkers();
    changed++;
  }
  // A deleted file changes lists and pages like any other change.
  if (input.content.files.length !== state.content.files.length) return defaultWorkers();
  return changed <= FEW_CHANGED_ARTICLES ? 1 : defaultWorkers();
}

/** The article files (articles/*.md), from the content folder's scan when it has one without links
 * or special files; else listed again, each confined to the content folder (content-files.ts). */
function articleFilesIn(contentAbs: string, scanned: ScannedFolder | undefined, rel: (abs: string) => string): { files: { abs: string; stat?: FileStat }[]; diagnostics: Diagnostic[] } {
  const files = scanned && [...scanned.values()].every((f) => f.isFile) ? [...scanned] : undefined;
  if (!files) {
    const diagnostics: Diagnostic[] = [];
    const listed = listContentFiles(contentAbs, 'articles/*.md', rel, diagnostics).map((abs) => {
      const st = statSync(abs);
      return { abs, stat: { size: st.size, mtimeMs: st.mtimeMs, ctimeMs: st.ctimeMs, ino: st.ino } };
    });
    return { files: listed, diagnostics };
  }
  // As the glob: directly in articles/, not hidden.
  return { files: files.filter(([p]) => /^articles\/[^/.][^/]*\.md$/.test(p)).map(([p, { size, mtimeMs, ctimeMs, ino }]) => ({ abs: path.join(contentAbs, p), stat: { size, mtimeMs, ctimeMs, ino } })), diagnostics: [] };
}

function isFolder(abs: string): boolean {
  try {
    return statSync(abs).isDirectory();
  } catch {
    return false;
  }
}

function heaviestPage(htmlRoutes: (HtmlRoute | PageRef)[], bundle: ClientBundle): { url: string; gzipBytes: number } | undefined {
  const gzipped = new Map(bundle.files.map((f) => [f.url, gzipSync(fileBody(f)).byteLength]));
  const weights = new Map<string, number>();
  let heaviest: { url: string; gzipBytes: number } | undefined;
  for (const r of htmlRoutes) {
    let gzipBytes = weights.get(r.template);
    if (gzipBytes === undefined) {
      const { scripts, preloads } = scriptsFor(r, bundle);
      gzipBytes = [...new Set([...scripts, ...preloads])].reduce((n, u) => n + (gzipped.get(u) ?? 0), 0);
      weights.set(r.template, gzipBytes);
    }
    if (!heaviest || gzipBytes > heaviest.gzipBytes) heaviest = { url: r.url, gzipBytes };
  }
  return heaviest;
}

function chromeOf(source: SiteSource, pageBodies: Map<string, PageBody>, cssHref: string): Chrome {
  const { config } = source;
  return {
    siteName: config.name,
    tagline: config.tagline,
    publisherName: config.publisher.name,
    publisherUrl: config.publisher.url,
    licenseName: config.license.name,
    licenseUrl: config.license.url,
    chronologyBuilderUrl: config.chronologyBuilderUrl,
    cssHref,
    contentSecurityPolicy: META_CONTENT_SECURITY_POLICY,
    language: config.language,
    pageLinks: footerPageLinks(source.pages.map((p) => p.name), pageBodies),
  };
}

async function cachedBundle(cache: BuildCache | undefined): Promise<ClientBundle> {
  if (!cache) return bundleClient();
  const key = bundleSourcesKey();
  if (cache.bundle?.key !== key) cache.bundle = { key, value: await bundleClient() };
  return cache.bundle.value;
}

const FOOTER_PAGES: { name: string; label: string; fragment?: string }[] = [
  { name: 'about', label: 'About' },
  { name: 'privacy', label: 'Privacy' },
  { name: 'terms', label: 'Terms' },
  { name: 'legal-disclaimer', label: 'Legal Disclaimer' },
  { name: 'about', label: 'Publishing Principles', fragment: 'publishing-principles' },
];

/** The footer's page links (spec §2), for the pages this site has; a fragment only where it exists. */
function footerPageLinks(names: string[], bodies: Map<string, { headings: { id: string }[] }>): { href: string; label: string }[] {
  return FOOTER_PAGES.filter((p) => names.includes(p.name) && (!p.fragment || bodies.get(p.name)?.headings.some((h) => h.id === p.fragment))).map((p) => ({
    href: `/${p.name}${p.fragment ? `#${p.fragment}` : ''}`,
    label: p.label,
  }));
}
