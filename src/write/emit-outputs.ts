/**
 * Emits a build's outputs: file routes, then pages as the workers render them, into a new output
 * folder swapped in atomically (write-dist.ts). Pages are written as they come and, unless the caller
 * wants the files back, not kept: at 10,000 articles they are over a gigabyte. With fingerprints on,
 * each output's fingerprint (a page's render inputs, a file's bytes) is returned for the build state,
 * and an output whose fingerprint is unchanged since the previous build is carried over from the old
 * output folder (a hard link) instead of rendered and written again.
 */
import type { BuildCache } from '../build-cache.js';
import { hashOf } from '../build-cache.js';
import type { ClientBundle } from '../bundle/client-bundle.js';
import type { Timer } from '../pipeline.js';
import { renderKeys, renderWithCache } from '../render/render-cache.js';
import type { HtmlRoute, Route } from '../routes/types.js';
import { outputPath } from '../routes/types.js';
import type { Chrome } from '../../templates/types.js';
import { type BuildState, reusableOutput } from './up-to-date.js';
import { openDist, type OutputFile } from './write-dist.js';

export interface EmitRequest {
  routes: Route[];
  htmlRoutes: HtmlRoute[];
  chrome: Chrome;
  bundle: ClientBundle;
  /** Times each phase for --profile (and tells the progress display). */
  timed: Timer;
  /** Where to write; nothing is written without it (check, tests). */
  outDir?: string;
  /** Return every file (serve and tests); the CLI needs only counts. */
  keep: boolean;
  pageCache?: BuildCache;
  /** The build state of the output folder, whose unchanged files can be carried over. */
  previous?: BuildState;
  fingerprint: boolean;
  render: { workers: number; minPages?: number };
}

export async function emitOutputs(req: EmitRequest): Promise<{ files: OutputFile[]; fingerprints?: Map<string, string> }> {
  const { routes, htmlRoutes, chrome, bundle, timed, keep, outDir } = req;
  const writer = outDir ? await openDist(outDir) : undefined;
  const fingerprints = req.fingerprint ? new Map<string, string>() : undefined;
  const reusable = writer && fingerprints && !keep ? reusableOutput(outDir!, req.previous) : undefined;
  /** Carries `file` over when its fingerprint is unchanged; true when it did. */
  const carried = (file: string, fingerprint: string | undefined): boolean => {
    if (!fingerprint) return false;
    fingerprints!.set(file, fingerprint);
    const existing = reusable?.(file, fingerprint);
    return Boolean(existing && writer!.reuse(file, existing));
  };
  let html: Map<HtmlRoute, string>;
  try {
    timed('write', () => {
      for (const r of routes) {
        if (r.kind !== 'file') continue;
        const file = outputPath(r);
        if (!carried(file, fingerprints && hashOf(r.body))) writer?.write(file, r.body);
      }
    });
    const keys = fingerprints ? timed('render', () => renderKeys(htmlRoutes, chrome, bundle)) : undefined;
    const toRender = htmlRoutes.filter((r, i) => !carried(outputPath(r), keys?.[i]));
    html = await timed('render', () =>
      renderWithCache(toRender, chrome, bundle, req.pageCache, { ...req.render, keep, onPage: writer && ((route, body) => writer.write(outputPath(route), body)) }),
    );
  } catch (error) {
    await writer?.abort();
    throw error;
  }
  if (writer) await timed('write', () => writer.commit());
  const files = keep ? routes.map((r): OutputFile => ({ path: outputPath(r), body: r.kind === 'html' ? html.get(r)! : r.body })) : [];
  return { files, fingerprints };
}
