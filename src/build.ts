/**
 * One build: load → validate → runPipeline → routes → check links → render → write.
 * Returns the files in memory and every diagnostic; writes dist/ only when asked and only when the
 * content has no errors (then atomically, so a failed build leaves the previous dist/ as it was).
 */
import { performance } from 'node:perf_hooks';
import type { Diagnostic } from './diagnostics/diagnostic.js';
import { sortDiagnostics } from './diagnostics/diagnostic.js';
import { readAssets } from './load/read-assets.js';
import { readContent } from './load/read-content.js';
import { readPreviousManifest } from './load/read-previous-manifest.js';
import path from 'node:path';
import { runPipeline, type BuiltSite, type Timer } from './pipeline.js';
import { scriptsFor } from './render/render-page.js';
import { defaultWorkers } from './render/worker-pool.js';
import { gzipSync } from 'node:zlib';
import { buildRoutes, type Route } from './routes.js';
import { outputPath } from './routes/types.js';
import { checkInternalLinks } from './validate/links.js';
import { checkSemantics } from './validate/semantics.js';
import { bundleClient, bundleSourcesKey, type ClientBundle } from './bundle/client-bundle.js';
import { type BuildCache, hashOf } from './build-cache.js';
import type { HtmlRoute } from './routes/types.js';
import type { OutputFile } from './write/write-dist.js';
import { emitOutputs } from './write/emit-outputs.js';
import { cacheFile, loadDiskCache, saveDiskCache } from './write/disk-cache.js';
import { inputKey, outputUnchanged, readBuildState, recordNoChanges, recordOutput, saveBuildState } from './write/up-to-date.js';
import type { Chrome } from '../templates/types.js';

export interface BuildOptions {
  contentDir: string;
  outDir: string;
  cwd?: string;
  /** Overrides site.yaml's baseUrl (e.g. for a staging host). */
  baseUrl?: string;
  /** Write dist/ (build) or only check (check). */
  write: boolean;
  /** Reuse work from an earlier build (serve keeps one in memory; build loads it from disk). */
  cache?: BuildCache;
  /** Render on this many worker threads (default: all cores). */
  workers?: number;
  /** Told when each pass or phase starts, for a progress display. */
  onPhase?: (name: string) => void;
  /** Below this many pages (or article bodies) work stays on the main thread (tests lower it). */
  minPagesForWorkers?: number;
  /** Load and save the build cache on disk (build: on unless --no-cache). Ignored when `cache` is given. */
  diskCache?: boolean;
  /** Return every output file in the result (default). The CLI needs only counts, and at scale the
   * files are gigabytes, so it turns this off and they are written out and dropped as they come. */
  retainFiles?: boolean;
}

export interface BuildResult {
  ok: boolean;
  diagnostics: Diagnostic[];
  /** Every output file, unless the build was asked not to keep them (retainFiles: false). */
  files: OutputFile[];
  fileCount: number;
  routes: Route[];
  site?: BuiltSite;
  pages: number;
  /** The page that ships the most JavaScript, and how much (gzip bytes): the budget report. */
  heaviestJs?: { url: string; gzipBytes: number };
  /** Milliseconds per pass and phase, for --profile. */
  timings: Map<string, number>;
  /** Set when nothing changed since the build that wrote the output folder, so nothing was rebuilt. */
  upToDate?: boolean;
  /** What pages were rendered with, so serve can re-render one page without a full build. */
  render?: { chrome: Chrome; bundle: ClientBundle };
  ms: number;
}

export async function build(options: BuildOptions): Promise<BuildResult> {
  let opts = options;
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
  const fail = (diagnostics: Diagnostic[]): BuildResult => ({ ok: false, diagnostics: sortDiagnostics(diagnostics), files: [], fileCount: 0, routes: [], pages: 0, timings, ms: performance.now() - started });

  const cwd = opts.cwd ?? process.cwd();
  const diskFile = !opts.cache && opts.diskCache ? cacheFile(cwd, opts.contentDir) : undefined;
  const outAbs = path.resolve(cwd, opts.outDir);
  const stateFile = diskFile && opts.write ? path.join(path.dirname(diskFile), `${hashOf(path.resolve(cwd, opts.contentDir), outAbs).slice(0, 16)}.state.json`) : undefined;
  const input = stateFile ? timed('up-to-date', () => inputKey(path.resolve(cwd, opts.contentDir), { baseUrl: opts.baseUrl })) : undefined;
  const key = input?.key;
  const state = stateFile ? readBuildState(stateFile) : undefined;
  if (stateFile && key) {
    if (state && state.inputKey === key && state.outDir === outAbs && timed('up-to-date', () => outputUnchanged(outAbs, state) && recordNoChanges(outAbs, state))) {
      saveBuildState(stateFile, state);
      return { ok: true, diagnostics: [], files: [], fileCount: state.files.length, routes: [], pages: state.pages, upToDate: true, timings, ms: performance.now() - started };
    }
  }
  if (diskFile) opts = { ...opts, cache: timed('cache-load', () => loadDiskCache(diskFile)) };
  const yamlMemo = opts.cache && { previous: opts.cache.yaml, next: new Map<string, unknown>() };
  const loaded = timed('load', () => readContent({ contentDir: opts.contentDir, cwd, yamlMemo, texts: input?.texts }));
  if (opts.cache && yamlMemo) opts.cache.yaml = yamlMemo.next;
  // Cross-reference checks need every file; with a file unreadable they would only echo its error.
  if (!loaded.site || loaded.diagnostics.length) return fail(loaded.diagnostics);
  const source = loaded.site;
  if (opts.baseUrl) source.config.baseUrl = opts.baseUrl.replace(/\/+$/, '');
  const semantic = timed('validate', () => checkSemantics(source, loaded.sources));
  if (semantic.length) return fail(semantic);

  const workers = opts.workers ?? defaultWorkers();
  const site = await runPipeline(source, readPreviousManifest(path.resolve(cwd, opts.outDir)), timed, opts.cache, { workers, minArticlesForWorkers: opts.minPagesForWorkers });
  const t0 = performance.now();
  opts.onPhase?.('bundle');
  const bundle = await cachedBundle(opts.cache);
  timings.set('bundle', performance.now() - t0);
  const css = timed('assets', () => readAssets());
  const assets = { ...css, files: [...css.files, ...bundle.files] };
  const routes = timed('routes', () => buildRoutes(site, assets));

  const urls = new Set(routes.map((r) => r.url));
  const linkProblems = timed('link-check', () =>
    checkInternalLinks(
      [
        ...site.articles.map((a) => ({ file: a.file, links: site.bodies.get(a.slug)!.links })),
        ...site.source.pages.map((p) => ({ file: p.file, links: site.pageBodies.get(p.name)!.links })),
        { file: source.configFile, links: source.config.glossaryFaq.map((f) => ({ href: f.href, line: loaded.sources.get(source.configFile)?.locate(['glossaryFaq']).line ?? 1 })) },
      ],
      urls,
    ),
  );
  if (linkProblems.length) return fail(linkProblems);

  const chrome: Chrome = {
    siteName: site.config.name,
    tagline: site.config.tagline,
    publisherName: site.config.publisher.name,
    publisherUrl: site.config.publisher.url,
    licenseName: site.config.license.name,
    licenseUrl: site.config.license.url,
    chronologyBuilderUrl: site.config.chronologyBuilderUrl,
    cssHref: assets.cssHref,
    language: site.config.language,
    pageLinks: footerPageLinks(site.source.pages.map((p) => p.name), site.pageBodies),
  };
  const htmlRoutes = routes.filter((r): r is HtmlRoute => r.kind === 'html');
  const { files, fingerprints } = await emitOutputs({
    routes, htmlRoutes, chrome, bundle, timed,
    outDir: opts.write ? outAbs : undefined,
    keep: opts.retainFiles ?? true,
    // The in-memory page cache (serve); a cache loaded from disk holds article bodies only.
    pageCache: diskFile ? undefined : opts.cache,
    previous: stateFile ? state : undefined,
    fingerprint: Boolean(stateFile),
    render: { workers, minPages: opts.minPagesForWorkers },
  });
  if (opts.write && stateFile && key) timed('up-to-date', () => saveBuildState(stateFile, { inputKey: key, outDir: outAbs, pages: htmlRoutes.length, files: recordOutput(outAbs, routes.map(outputPath), fingerprints) }));
  if (diskFile && opts.cache) timed('cache-save', () => saveDiskCache(diskFile, opts.cache!));
  const gzipped = new Map(bundle.files.map((f) => [f.url, gzipSync(f.body).byteLength]));
  const heaviestJs = htmlRoutes
    .map((r) => {
      const { scripts, preloads } = scriptsFor(r, bundle);
      return { url: r.url, gzipBytes: [...new Set([...scripts, ...preloads])].reduce((n, u) => n + (gzipped.get(u) ?? 0), 0) };
    })
    .reduce<{ url: string; gzipBytes: number } | undefined>((max, x) => (!max || x.gzipBytes > max.gzipBytes ? x : max), undefined);
  return { ok: true, diagnostics: [], files, fileCount: routes.length, routes, site, pages: htmlRoutes.length, heaviestJs, render: { chrome, bundle }, timings, ms: performance.now() - started };
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
