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
import { build, type BuildResult } from '../build.js';
import { type BuildCache, createBuildCache } from '../engine/build-cache.js';
import { formatDiagnosticLine } from '../diagnostics/reporters/pretty.js';
import { packageRoot } from '../package-root.js';
import { startServer, type RunningServer } from '../serve.js';
import { SECURITY_HEADERS } from '../security.js';
import { writeFileSync, renameSync, readFileSync } from 'node:fs';
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
/** Which open pages a rebuild's changed files should reload: the pages whose HTML changed, or all
 * of them when styles or scripts changed. */
function reloadScope(changed: string[]): { pages: string[]; all: boolean } {
  const all = changed.some((f) => f.startsWith('assets/'));
  const pages = changed.filter((f) => f.endsWith('.html')).map((f) => (f === 'index.html' ? '/' : `/${f.slice(0, -'.html'.length)}`));
  return { pages, all };
}

export async function startDevServer(first: BuildResult, opts: DevServerOptions): Promise<DevServer> {
  const outDir = path.resolve(opts.cwd, opts.outDir);
  let cache = opts.cache;
  if (!cache) {
    // The first build ran without a cache; build once more with one, so later builds reuse its work.
    cache = createBuildCache();
    await build({ contentDir: opts.contentDir, outDir, cwd: opts.cwd, baseUrl: opts.baseUrl, write: true, cache, retainFiles: false });
  }
  const server = await startServer({ root: outDir, port: opts.port, host: opts.host, live: true, headers: { ...SECURITY_HEADERS, ...opts.headers } });

  let previewer = articlePreviewer(first, opts.cwd);
  /** Pages written by the quick preview since the last rebuild, with the HTML written. */
  const previewed = new Map<string, string>();
  const preview = (changedFile: string) => {
    const t0 = performance.now();
    try {
      const page = previewer(changedFile);
      if (!page) return;
      const abs = path.join(outDir, page.file);
      writeFileSync(`${abs}.preview-tmp`, page.html);
      renameSync(`${abs}.preview-tmp`, abs);
      previewed.set(page.file, page.html);
      server.broadcast('reload', { pages: [page.url] });
      opts.log(`Updated ${page.url} in ${Math.round(performance.now() - t0)} ms; rebuilding the rest…`);
    } catch (error) {
      // The full rebuild that follows reports whatever went wrong.
      opts.log(`legalsite: quick preview skipped: ${(error as Error).message}`);
    }
  };

  let running = false;
  let again = false;
  const rebuild = async () => {
    if (running) return void (again = true);
    running = true;
    const t0 = performance.now();
    try {
      const result = await build({ contentDir: opts.contentDir, outDir, cwd: opts.cwd, baseUrl: opts.baseUrl, write: true, cache, retainFiles: false });
      if (!result.ok) {
        const lines = result.diagnostics.map((d) => formatDiagnosticLine(d));
        opts.log([...lines, `${lines.length} ${lines.length === 1 ? 'error' : 'errors'}; still serving the last good build.`].join('\n'));
        server.setInitialEvent({ name: 'build-error', data: { lines } });
        server.broadcast('build-error', { lines });
      } else {
        const written = result.written ?? [];
        const deleted = result.deleted ?? [];
        const ms = performance.now() - t0;
        previewer = articlePreviewer(result, opts.cwd);
        // A page the quick preview already showed as the rebuild made it needs no second reload.
        const changed = [...written.filter((f) => !sameAsPreviewed(f)), ...deleted];
        previewed.clear();
        server.setInitialEvent(undefined);
        server.broadcast('ok', {});
        if (changed.length) server.broadcast('reload', reloadScope(changed));
        opts.log(`Rebuilt in ${Math.round(ms)} ms: ${written.length} files written, ${deleted.length} deleted`);
      }
      opts.onRebuild?.(result, performance.now() - t0);
    } catch (error) {
      opts.log(`legalsite: internal failure while rebuilding: ${(error as Error).message}`);
    } finally {
      running = false;
      if (again) {
        again = false;
        void rebuild();
      }
    }
  };

  const root = packageRoot();
  const watched = [path.resolve(opts.cwd, opts.contentDir), path.join(root, 'templates', 'styles'), path.join(root, 'templates', 'client'), path.join(root, 'templates', 'islands')];
  const watcher = watch(watched, { ignoreInitial: true, ignored: (p) => p === outDir || p.startsWith(outDir + path.sep) || /(^|[/\\])\.[^/\\]/.test(path.basename(p)) });
  let timer: NodeJS.Timeout | undefined;
  const burst: { event: string; file: string }[] = [];
  watcher.on('all', (event, file) => {
    burst.push({ event, file: path.resolve(file) });
    clearTimeout(timer);
    // Editors often write a file in two steps; wait for the burst to end.
    timer = setTimeout(() => {
      const edits = burst.splice(0);
      // One edited article: its own page first, at once; then the full rebuild for everything else.
      if (edits.every((e) => e.event === 'change' && e.file === edits[0].file)) preview(edits[0].file);
      // Started on the next turn, so the preview's reload event is sent before the rebuild's
      // synchronous first steps (reading every file) hold the thread.
      setImmediate(() => void rebuild());
    }, 30);
  });
  const ready = new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  return {
    ...server,
    ready,
    async stop() {
      clearTimeout(timer);
      await watcher.close();
      await server.close();
      await cache.pool?.close();
    },
  };

  function sameAsPreviewed(file: string): boolean {
    const html = previewed.get(file);
    if (html === undefined) return false;
    try {
      return readFileSync(path.join(outDir, file), 'utf8') === html;
    } catch {
      return false;
    }
  }
}
