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
import { renderPage, scriptsFor } from './render/render-page.js';
import { gzipSync } from 'node:zlib';
import { buildRoutes, type Route } from './routes.js';
import { outputPath } from './routes/types.js';
import { checkInternalLinks } from './validate/links.js';
import { checkSemantics } from './validate/semantics.js';
import { bundleClient, bundleSourcesKey, type ClientBundle } from './bundle/client-bundle.js';
import { type BuildCache, hashOf, pruneTo } from './build-cache.js';
import type { HtmlRoute } from './routes/types.js';
import { writeDist, type OutputFile } from './write/write-dist.js';
import type { Chrome } from '../templates/types.js';

export interface BuildOptions {
  contentDir: string;
  outDir: string;
  cwd?: string;
  /** Overrides site.yaml's baseUrl (e.g. for a staging host). */
  baseUrl?: string;
  /** Write dist/ (build) or only check (check). */
  write: boolean;
  /** Reuse work from an earlier build in this process (serve). */
  cache?: BuildCache;
}

export interface BuildResult {
  ok: boolean;
  diagnostics: Diagnostic[];
  files: OutputFile[];
  routes: Route[];
  site?: BuiltSite;
  pages: number;
  /** The page that ships the most JavaScript, and how much (gzip bytes): the budget report. */
  heaviestJs?: { url: string; gzipBytes: number };
  /** Milliseconds per pass and phase, for --profile. */
  timings: Map<string, number>;
  ms: number;
}

export async function build(opts: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const timings = new Map<string, number>();
  const timed: Timer = (name, run) => {
    const t0 = performance.now();
    try {
      return run();
    } finally {
      timings.set(name, (timings.get(name) ?? 0) + performance.now() - t0);
    }
  };
  const fail = (diagnostics: Diagnostic[]): BuildResult => ({ ok: false, diagnostics: sortDiagnostics(diagnostics), files: [], routes: [], pages: 0, timings, ms: performance.now() - started });

  const cwd = opts.cwd ?? process.cwd();
  const loaded = timed('load', () => readContent({ contentDir: opts.contentDir, cwd }));
  // Cross-reference checks need every file; with a file unreadable they would only echo its error.
  if (!loaded.site || loaded.diagnostics.length) return fail(loaded.diagnostics);
  const source = loaded.site;
  if (opts.baseUrl) source.config.baseUrl = opts.baseUrl.replace(/\/+$/, '');
  const semantic = timed('validate', () => checkSemantics(source, loaded.sources));
  if (semantic.length) return fail(semantic);

  const site = await runPipeline(source, readPreviousManifest(path.resolve(cwd, opts.outDir)), timed, opts.cache);
  const t0 = performance.now();
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
  };
  const usedPages = new Set<string>();
  const render = memoRender(chrome, bundle, opts.cache, usedPages);
  const files = timed('render', () => routes.map((r): OutputFile => ({ path: outputPath(r), body: r.kind === 'html' ? render(r) : r.body })));
  if (opts.cache) pruneTo(opts.cache.pages, usedPages);
  if (opts.write) {
    const t0 = performance.now();
    await writeDist(path.resolve(cwd, opts.outDir), files);
    timings.set('write', performance.now() - t0);
  }
  const htmlRoutes = routes.filter((r) => r.kind === 'html');
  const gzipped = new Map(bundle.files.map((f) => [f.url, gzipSync(f.body).byteLength]));
  const heaviestJs = htmlRoutes
    .map((r) => {
      const { scripts, preloads } = scriptsFor(r, bundle);
      return { url: r.url, gzipBytes: [...new Set([...scripts, ...preloads])].reduce((n, u) => n + (gzipped.get(u) ?? 0), 0) };
    })
    .reduce<{ url: string; gzipBytes: number } | undefined>((max, x) => (!max || x.gzipBytes > max.gzipBytes ? x : max), undefined);
  return { ok: true, diagnostics: [], files, routes, site, pages: htmlRoutes.length, heaviestJs, timings, ms: performance.now() - started };
}

async function cachedBundle(cache: BuildCache | undefined): Promise<ClientBundle> {
  if (!cache) return bundleClient();
  const key = bundleSourcesKey();
  if (cache.bundle?.key !== key) cache.bundle = { key, value: await bundleClient() };
  return cache.bundle.value;
}

/** Renders a route, or reuses the HTML of an identical route (same props, metadata, chrome, scripts). */
function memoRender(chrome: Chrome, bundle: ClientBundle, cache: BuildCache | undefined, used: Set<string>): (route: HtmlRoute) => string {
  if (!cache) return (route) => renderPage(route, chrome, bundle);
  const context = hashOf(JSON.stringify(chrome), JSON.stringify([...bundle.entries]));
  return (route: HtmlRoute) => {
    const key = hashOf(context, JSON.stringify(route));
    used.add(key);
    let html = cache.pages.get(key);
    if (html === undefined) cache.pages.set(key, (html = renderPage(route, chrome, bundle)));
    return html;
  };
}
