/**
 * `legalsite serve`: builds, serves, watches. The Site's derived work is kept in memory (BuildCache);
 * on a change it rebuilds, writes only the files whose bytes changed, and tells open pages to reload.
 * Invalid content keeps the last good site served and shows the same file:line errors in the
 * terminal and in an overlay in the browser; fixing the file clears it.
 * Watches: the content folder and legalsite's own styles and browser code.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { watch } from 'chokidar';
import { build, type BuildResult } from '../build.js';
import { type BuildCache, createBuildCache } from '../build-cache.js';
import { formatDiagnosticLine } from '../diagnostics/reporters/pretty.js';
import { packageRoot } from '../package-root.js';
import { startServer, type RunningServer } from '../serve.js';
import { SECURITY_HEADERS } from '../security.js';
import { rememberFiles, writeChangedFiles } from '../write/write-changed.js';

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
  let cache = opts.cache;
  let files = first.files;
  if (!cache) {
    // The first build ran without a cache; run once more with one so later builds reuse its work.
    cache = createBuildCache();
    const warm = await build({ contentDir: opts.contentDir, outDir, cwd: opts.cwd, baseUrl: opts.baseUrl, write: false, cache });
    if (warm.ok) files = warm.files;
  }
  rememberFiles(files, cache.written);
  const server = await startServer({ root: outDir, port: opts.port, host: opts.host, live: true, headers: { ...SECURITY_HEADERS, ...opts.headers } });

  let running = false;
  let again = false;
  const rebuild = async () => {
    if (running) return void (again = true);
    running = true;
    const t0 = performance.now();
    try {
      const result = await build({ contentDir: opts.contentDir, outDir, cwd: opts.cwd, baseUrl: opts.baseUrl, write: false, cache });
      if (!result.ok) {
        const lines = result.diagnostics.map((d) => formatDiagnosticLine(d));
        opts.log([...lines, `${lines.length} ${lines.length === 1 ? 'error' : 'errors'}; still serving the last good build.`].join('\n'));
        server.setInitialEvent({ name: 'build-error', data: { lines } });
        server.broadcast('build-error', { lines });
      } else {
        const report = await writeChangedFiles(outDir, result.files, cache.written);
        const ms = performance.now() - t0;
        server.setInitialEvent(undefined);
        server.broadcast('ok', {});
        if (report.written.length || report.deleted.length) server.broadcast('reload', { changed: report.written.length, deleted: report.deleted.length });
        opts.log(`Rebuilt in ${Math.round(ms)} ms: ${report.written.length} files written, ${report.deleted.length} deleted`);
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
  const watcher = watch(watched, { ignoreInitial: true, ignored: (p) => p.startsWith(outDir) || /(^|[/\\])\.[^/\\]/.test(path.basename(p)) });
  let timer: NodeJS.Timeout | undefined;
  watcher.on('all', () => {
    clearTimeout(timer);
    // Editors often write a file in two steps; wait for the burst to end.
    timer = setTimeout(() => void rebuild(), 30);
  });
  const ready = new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  return {
    ...server,
    ready,
    async stop() {
      clearTimeout(timer);
      await watcher.close();
      await server.close();
    },
  };
}
