/**
 * The result of a build that wrote (or checked) the whole site: counts, routes, the written and
 * deleted files, and the JavaScript budget report (the page that ships the most).
 * Reads: the built site's routes and the client bundle. Writes: nothing.
 */
import { gzipSync } from 'node:zlib';
import type { ClientBundle } from '../bundle/client-bundle.js';
import { type Diagnostic, sortDiagnostics } from '../diagnostics/diagnostic.js';
import { scriptsFor } from '../render/page-scripts.js';
import { fileBody, type HtmlRoute, type PageRef } from '../routes/types.js';
import type { CommitReport } from '../write/output-target.js';
import type { PinsOf } from '../engine/load-articles.js';
import type { PinsUpdate } from './pinpoints.js';
import type { RenderedArticles } from './render-articles.js';
import type { BuildResult, BuildRun } from './run.js';
import type { SiteFiles } from './site-files.js';

/** The HTML pages among the site's routes (their count is the build's page count). */
export function htmlPages(files: SiteFiles): (HtmlRoute | PageRef)[] {
  return files.routes.filter((r): r is HtmlRoute | PageRef => r.kind === 'html' || r.kind === 'page');
}

/** `warnings`: the content's, for the editor to decide (the build went on). */
export function builtResult(run: BuildRun, files: SiteFiles, articles: RenderedArticles, pages: (HtmlRoute | PageRef)[], committed: CommitReport | undefined, pins: { update: PinsUpdate; pinsOf: PinsOf }, warnings: Diagnostic[]): BuildResult {
  return {
    ok: true,
    diagnostics: sortDiagnostics(warnings),
    files: articles.emitter.outputs(),
    fileCount: files.urls.size,
    routes: files.routes,
    urls: files.urls,
    site: files.site,
    pages: pages.length,
    heaviestJs: heaviestPage(pages, articles.bundle),
    written: committed?.written,
    deleted: committed?.deleted,
    render: { chrome: articles.chrome, bundle: articles.bundle },
    pinpoints: !pins.update.stale ? undefined : { file: pins.update.file.file, changed: pins.update.changed, written: run.pinpointsMode === 'update' && Boolean(committed), created: !pins.update.file.exists, moved: pins.update.moved },
    pinsOf: pins.pinsOf,
    changesSince: { manifest: files.changesSince },
    published: files.published,
    timings: run.timings,
    ms: run.elapsed(),
  };
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
