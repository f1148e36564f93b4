/**
 * `legalsite serve`: builds, serves, watches. The Site's derived work is kept in memory (BuildCache:
 * the shards keep every article's unit, and the records of the output folder say what each file was
 * made from); on a change it rebuilds, makes and writes only the files whose inputs changed, and
 * tells the open pages whose HTML changed to reload. An edit to one article first updates that article's page alone
 * (article-preview.ts), so the page being written reloads at once, before the full rebuild.
 * Invalid content keeps the last good site served and shows the same file:line errors in the
 * terminal and in an overlay in the browser; fixing the file clears it.
 * Watches: the content folder and legalsite's own styles and browser code.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { watch } from 'chokidar';
import { build, type BuildOptions, type BuildResult } from '../build.js';
import { type BuildCache, createBuildCache } from '../engine/build-cache.js';
import { formatDiagnosticLine } from '../diagnostics/reporters/pretty.js';
import { ResourceError, UsageError } from '../diagnostics/diagnostic.js';
import { environmentMessage } from '../diagnostics/environment.js';
import { packageRoot } from '../package-root.js';
import { startServer, type RunningServer } from '../serve.js';
import { SECURITY_HEADERS } from '../security.js';
import { existsSync, lstatSync, rmSync, statSync, writeFileSync, renameSync, readFileSync } from 'node:fs';
import { ContentChangedError } from '../engine/shard-protocol.js';
import { CacheChangedError } from '../write/disk-cache.js';
import { isStopping } from '../write/interruption.js';
import { MANIFEST_PATH } from '../load/read-previous-manifest.js';
import { OUTPUT_MARKER } from '../write/output-guard.js';
import { lockHolder } from '../write/output-lock.js';
import { previewMarkOf } from '../write/output-recovery.js';
import { articlePreviewer } from './article-preview.js';

export interface DevServerOptions {
  contentDir: string;
  outDir: string;
  cwd: string;
  baseUrl?: string;
  host: string;
  port: number;
  headers?: Record<string, string>;
  log: (line: string) => void;
  /** The cache the first build filled; without one, a second build fills a new cache first. */
  cache?: BuildCache;
  /** Called with each build result after the first (tests and the benchmark). */
  onRebuild?: (result: BuildResult, ms: number) => void;
}

export interface DevServer extends RunningServer {
  /** Resolves when the watcher is ready. */
  ready: Promise<void>;
  stop(): Promise<void>;
}

/** Starts after a good first build (the caller has printed its errors otherwise). */
export async function startDevServer(first: BuildResult, opts: DevServerOptions): Promise<DevServer> {
  const outDir = path.resolve(opts.cwd, opts.outDir);
  const cache = opts.cache ?? (await fillBuildCache(opts, outDir));
  const server = await startServer({ root: outDir, port: opts.port, host: opts.host, live: true, headers: { ...SECURITY_HEADERS, ...opts.headers } });
  const previews = quickPreviews(first, opts, outDir, server, cache);
  const rebuild = serialRebuilds(opts, outDir, cache, server, previews);
  const watcher = watchEdits(opts, outDir, (edits) => {
    // One edited article: its own page first, at once; then the full rebuild for everything else.
    if (edits.every((e) => e.event === 'change' && e.file === edits[0].file)) previews.show(edits[0].file);
    // Started on the next turn, so the preview's reload event is sent before the rebuild's
    // synchronous first steps (reading every file) hold the thread.
    setImmediate(() => void rebuild());
  });
  return {
    ...server,
    ready: watcher.ready,
    async stop() {
      await watcher.close();
      await server.close();
      await cache.pool?.close();
      previews.restore(cache.outputs);
    },
  };
}

/** The options of every build serve runs: written to the output folder, through the cache. */
function buildOptions(opts: DevServerOptions, outDir: string, cache: BuildCache): BuildOptions {
  // serve gives ids against the id file and never writes it: `legalsite build` records them.
  return { contentDir: opts.contentDir, outDir, cwd: opts.cwd, baseUrl: opts.baseUrl, write: true, cache, retainFiles: false, pinpoints: 'read' };
}

/** A cache filled by one more build, when the first build ran without one, so later builds reuse its work. */
async function fillBuildCache(opts: DevServerOptions, outDir: string): Promise<BuildCache> {
  const cache = createBuildCache();
  await build(buildOptions(opts, outDir, cache));
  return cache;
}

/** serve's quick previews of one edited article, and what a rebuild after them still has to reload. */
interface QuickPreviews {
  /** Writes the edited article's page alone and reloads it; does nothing for any other file. */
  show(changedFile: string): void;
  /** After a good rebuild: previews from its site from now on, and the written files to reload
   * (a page the quick preview already showed as the rebuild made it needs no second reload). */
  settle(result: BuildResult, written: string[]): string[];
  /** As serve stops: puts back the pages previewed since the last good rebuild, unless a rebuild has
   * committed since (`outputs`: the cache's record of the output folder, a new one at each commit),
   * so the output folder is the last finished build's, whole. */
  restore(outputs: unknown): void;
}

/** Quick previews from the last good build `first`, written into `outDir` and announced on `server`. */
function quickPreviews(first: BuildResult, opts: DevServerOptions, outDir: string, server: RunningServer, cache: BuildCache): QuickPreviews {
  let previewer = articlePreviewer(first, opts.cwd);
  /** Pages written by the quick preview since the last rebuild, with the HTML written. */
  const previewed = new Map<string, string>();
  /** What those pages held before (null: no file), and the output folder's record then. */
  const replaced = new Map<string, Buffer | null>();
  /** Each previewed page's file as the preview left it: put back only while it is still that file. */
  const left = new Map<string, FileIdentity | undefined>();
  let outputsThen: unknown;
  /** The content manifest's file when the first page was previewed: a build that committed other
   * content since wrote it again. */
  let manifestThen: FileIdentity | undefined;
  const sameAsPreviewed = (file: string): boolean => {
    const html = previewed.get(file);
    if (html === undefined) return false;
    try {
      return readFileSync(path.join(outDir, file), 'utf8') === html;
    } catch {
      return false;
    }
  };
  return {
    show(changedFile) {
      const t0 = performance.now();
      try {
        const page = previewer(changedFile);
        if (!page) return;
        const abs = path.join(outDir, page.file);
        const refused = previewRefused(outDir, opts.outDir, page.file);
        if (refused) return opts.log(`legalsite: quick preview skipped: ${refused}; rebuilding…`);
        // Created afresh ('wx'), never through a link of that name.
        const first = !replaced.has(page.file);
        if (first) {
          if (replaced.size === 0) {
            outputsThen = cache.outputs;
            manifestThen = identityOf(path.join(outDir, MANIFEST_PATH));
            // Before the first page: killed from here until the rebuild settles, serve leaves a
            // folder check --dist and publish refuse and the next build puts right.
            writeFileSync(previewMarkOf(outDir), `${JSON.stringify({ pid: process.pid })}\n`);
          }
          replaced.set(page.file, existsSync(abs) ? readFileSync(abs) : null);
        }
        try {
          replaceFile(abs, page.html);
        } catch (error) {
          // Not written (the folder gone meanwhile): what stands there is not the preview's to undo.
          if (first) replaced.delete(page.file);
          throw error;
        }
        left.set(page.file, identityOf(abs));
        previewed.set(page.file, page.html);
        server.broadcast('reload', { pages: [page.url] });
        opts.log(`Updated ${page.url} in ${Math.round(performance.now() - t0)} ms; rebuilding the rest…`);
      } catch (error) {
        // The full rebuild that follows reports whatever went wrong.
        opts.log(`legalsite: quick preview skipped: ${(error as Error).message}`);
      }
    },
    settle(result, written) {
      previewer = articlePreviewer(result, opts.cwd);
      const unseen = written.filter((f) => !sameAsPreviewed(f));
      previewed.clear();
      replaced.clear();
      left.clear();
      rmSync(previewMarkOf(outDir), { force: true });
      return unseen;
    },
    restore(outputs) {
      // Put back only while no build has committed since (serve's own, or a `legalsite build` run
      // beside it, which writes the content manifest again), and only a page that is still the
      // very file the preview wrote: an old page put back among a newer build's files would
      // publish a mix of two builds.
      if (outputs === outputsThen && sameIdentity(identityOf(path.join(outDir, MANIFEST_PATH)), manifestThen)) putBack(outDir, replaced, left);
      // Put back, or written over by a build that committed since: the folder is one build's again.
      replaced.clear();
      left.clear();
      rmSync(previewMarkOf(outDir), { force: true });
    },
  };
}

/** Puts back what the previewed pages held before (null: no file), each while it is still the file
 * the preview left (`left`). */
function putBack(outDir: string, replaced: Map<string, Buffer | null>, left: Map<string, FileIdentity | undefined>): void {
  for (const [file, bytes] of replaced) {
    const abs = path.join(outDir, file);
    if (!sameIdentity(identityOf(abs), left.get(file))) continue;
    if (bytes) replaceFile(abs, bytes);
    else rmSync(abs, { force: true });
  }
}

/** Why the quick preview may not write `file` into the output folder now, if it may not. */
function previewRefused(outDir: string, shown: string, file: string): string | undefined {
  // Never written through a link someone put in the output folder: the rebuild writes the folder
  // afresh then (write/output-target.ts).
  const link = linkOnTheWay(outDir, file);
  if (link) return `${link} in the output folder is a link`;
  const holder = lockHolder(outDir);
  if (holder !== undefined && holder !== process.pid) return `another legalsite command (process ${holder}) is using ${shown}`;
  // Only into a folder legalsite made: one put in its place (or emptied) is the rebuild's to refuse
  // (write/output-guard.ts), and nothing of it is written over meanwhile.
  if (!isMadeByLegalsite(outDir)) return `${shown} is not a folder legalsite made (it has no ${OUTPUT_MARKER})`;
  return undefined;
}

/** Which file a path holds: a file written again (by a build's commit) is another file. */
interface FileIdentity {
  dev: number;
  ino: number;
  size: number;
  mtimeMs: number;
}

function identityOf(abs: string): FileIdentity | undefined {
  try {
    const st = lstatSync(abs);
    return st.isFile() ? { dev: st.dev, ino: st.ino, size: st.size, mtimeMs: st.mtimeMs } : undefined;
  } catch {
    return undefined;
  }
}

const sameIdentity = (a: FileIdentity | undefined, b: FileIdentity | undefined): boolean => Boolean(a && b && a.dev === b.dev && a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs);

/** The output folder still bears legalsite's marker: it is the folder a build made. */
function isMadeByLegalsite(outDir: string): boolean {
  try {
    return statSync(outDir).isDirectory() && lstatSync(path.join(outDir, OUTPUT_MARKER)).isFile();
  } catch {
    return false;
  }
}

/** Writes `abs` whole: a file created afresh ('wx', never through a link of that name), then renamed over it. */
function replaceFile(abs: string, body: string | Buffer): void {
  rmSync(`${abs}.preview-tmp`, { force: true });
  writeFileSync(`${abs}.preview-tmp`, body, { flag: 'wx' });
  renameSync(`${abs}.preview-tmp`, abs);
}

/** The first folder of `file`'s path inside `outDir` (or the file itself) that is a link. */
function linkOnTheWay(outDir: string, file: string): string | undefined {
  const parts = file.split('/');
  for (let i = 1; i <= parts.length; i++) {
    const rel = parts.slice(0, i).join('/');
    try {
      if (lstatSync(path.join(outDir, rel)).isSymbolicLink()) return rel;
    } catch {
      return undefined; // not there: nothing to go through
    }
  }
  return undefined;
}

/** A rebuild to call on every burst of edits: one build at a time, and one more after it when
 * edits came in while it ran. */
function serialRebuilds(opts: DevServerOptions, outDir: string, cache: BuildCache, server: RunningServer, previews: QuickPreviews): () => Promise<void> {
  let running = false;
  let again = false;
  const rebuild = async () => {
    if (running) return void (again = true);
    running = true;
    const t0 = performance.now();
    try {
      const result = await build(buildOptions(opts, outDir, cache));
      if (!result.ok) showBuildErrors(result, opts, server);
      else announceRebuild(result, performance.now() - t0, opts, server, previews);
      opts.onRebuild?.(result, performance.now() - t0);
    } catch (error) {
      // A stop by a signal fails the rebuild it interrupts: nothing to say. A file saved again while
      // the rebuild read it is no failure: the watcher has seen that save, and rebuilds once more.
      if (isStopping()) return;
      if (error instanceof ContentChangedError || error instanceof CacheChangedError) {
        again = true;
        return opts.log('legalsite: a file changed while the site was being rebuilt; rebuilding again…');
      }
      // The machine's refusals (another build holding the folder, memory, too many open files) and
      // the guard's (the output folder became one no build may replace) are not legalsite's bugs.
      const ours = error instanceof ResourceError || error instanceof UsageError;
      opts.log(`legalsite: ${environmentMessage(error) ?? (ours ? '' : 'internal failure while rebuilding: ') + (error as Error).message}`);
    } finally {
      running = false;
      if (again) {
        again = false;
        void rebuild();
      }
    }
  };
  return rebuild;
}

/** A failed rebuild: its errors in the terminal and in every open page's overlay, the last good site still served. */
function showBuildErrors(result: BuildResult, opts: DevServerOptions, server: RunningServer): void {
  const lines = result.diagnostics.map((d) => formatDiagnosticLine(d));
  opts.log([...lines, `${lines.length} ${lines.length === 1 ? 'error' : 'errors'}; still serving the last good build.`].join('\n'));
  server.setInitialEvent({ name: 'build-error', data: { lines } });
  server.broadcast('build-error', { lines });
}

/** A good rebuild (`ms` long): clears the overlay and reloads the open pages whose files changed. */
function announceRebuild(result: BuildResult, ms: number, opts: DevServerOptions, server: RunningServer, previews: QuickPreviews): void {
  const written = result.written ?? [];
  const deleted = result.deleted ?? [];
  const changed = [...previews.settle(result, written), ...deleted];
  server.setInitialEvent(undefined);
  server.broadcast('ok', {});
  if (changed.length) server.broadcast('reload', reloadScope(changed));
  // The content's warnings (the rebuild went on): in the terminal, where the editor looks.
  for (const d of result.diagnostics) opts.log(formatDiagnosticLine(d));
  opts.log(`Rebuilt in ${Math.round(ms)} ms: ${written.length} files written, ${deleted.length} deleted`);
}

/** Which open pages a rebuild's changed files should reload: the pages whose HTML changed, or all
 * of them when styles or scripts changed (not the site search's index files, also under assets/:
 * an open /search page fetches the new ones itself). */
function reloadScope(changed: string[]): { pages: string[]; all: boolean } {
  const all = changed.some((f) => f.startsWith('assets/') && !f.startsWith('assets/search/'));
  const pages = changed.filter((f) => f.endsWith('.html')).map((f) => (f === 'index.html' ? '/' : `/${f.slice(0, -'.html'.length)}`));
  return { pages, all };
}

/** One file event from the watcher. */
interface Edit {
  event: string;
  file: string;
}

/** Watches the content folder and legalsite's styles and browser code (never the output folder or
 * hidden files), calling `onBurst` once a burst of edits has ended. */
function watchEdits(opts: DevServerOptions, outDir: string, onBurst: (edits: Edit[]) => void): { ready: Promise<void>; close(): Promise<void> } {
  const root = packageRoot();
  const watched = [path.resolve(opts.cwd, opts.contentDir), path.join(root, 'templates', 'styles'), path.join(root, 'templates', 'client'), path.join(root, 'templates', 'islands')];
  const watcher = watch(watched, { ignoreInitial: true, ignored: (p) => p === outDir || p.startsWith(outDir + path.sep) || /(^|[/\\])\.[^/\\]/.test(path.basename(p)) });
  let timer: NodeJS.Timeout | undefined;
  const burst: Edit[] = [];
  watcher.on('all', (event, file) => {
    burst.push({ event, file: path.resolve(file) });
    clearTimeout(timer);
    // Editors often write a file in two steps; wait for the burst to end.
    timer = setTimeout(() => onBurst(burst.splice(0)), 30);
  });
  return {
    ready: new Promise<void>((resolve) => watcher.once('ready', () => resolve())),
    async close() {
      clearTimeout(timer);
      await watcher.close();
    },
  };
}
