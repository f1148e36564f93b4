/**
 * Emits a built site: the files the main thread made (JSON, feeds, sitemaps, …), every page rendered
 * by the shards (an article's page by the shard holding its body), the articles' own files, and the
 * joined files (llms-full.txt) from the parts as written. With an output target that updates, only
 * outputs whose fingerprint changed are made; with none, everything is made and returned.
 * Fingerprints: a page's route (props, metadata) with the render context and, for an article page,
 * its article's unit key; a file's bytes; an article file's unit key; a joined file's parts.
 */
import { hashOf } from '../build-cache.js';
import type { ClientBundle } from '../bundle/client-bundle.js';
import type { Timer } from '../pipeline.js';
import { templatesKey } from '../render/templates-key.js';
import { outputPath, type HtmlRoute, type JoinedRoute, type Route } from '../routes/types.js';

import type { OutputFile, OutputTarget } from '../write/output-target.js';
import type { Chrome } from '../../templates/types.js';
import type { Emitted, PageJob } from './shard.js';
import type { ShardPool } from './shard-pool.js';

/** An article as emitting sees it: where its unit is, and the files it makes. */
export interface ArticleOutputs {
  slug: string;
  rel: string;
  abs: string;
  key: string;
  /** Its own files (article-files.ts); `written` when the shard already wrote them (a fresh build). */
  files: Emitted[];
  written: boolean;
}

export interface EmitRequest {
  routes: Route[];
  articles: ArticleOutputs[];
  pool: ShardPool;
  chrome: Chrome;
  bundle: ClientBundle;
  timed: Timer;
  /** Where outputs go; without one, every output is made and returned. */
  target?: OutputTarget;
  /** Also return every output's bytes (tests); needs a fresh target or none. */
  keep: boolean;
  /** Take every output's fingerprint, for the next build to compare with (an updating target
   * always does). A cold build that will not be followed by an incremental one skips the cost. */
  remember: boolean;
}

export interface EmitResult {
  /** Every output, with its bytes when kept. */
  files: OutputFile[];
  /** Outputs made (rendered or written) by this build. */
  made: number;
}

export async function emitSite(req: EmitRequest): Promise<EmitResult> {
  const { target, keep, timed } = req;
  const kept = new Map<string, string | Uint8Array>();
  // Without an output folder, the parts of joined files are kept until those are made.
  const parts = target ? new Set<string>() : new Set(req.routes.flatMap((r) => (r.kind === 'joined' ? r.parts.map((url) => url.slice(1)) : [])));
  const keepBody = (file: string, body: string | Uint8Array | undefined) => (keep || parts.has(file)) && body !== undefined && kept.set(file, body);
  const sink = { dir: target?.dir, keep };
  const fingerprints = new Map<string, string>();
  let made = 0;

  // The main thread's files.
  timed('write', () => {
    for (const r of req.routes) {
      if (r.kind !== 'file') continue;
      const file = outputPath(r);
      const fingerprint = hashOf(r.body);
      fingerprints.set(file, fingerprint);
      if (target && !target.needs(file, fingerprint)) continue;
      made++;
      target?.write(file, r.body, fingerprint);
      keepBody(file, r.body);
    }
  });

  // Each article's own files: written while loading (fresh), or now for the articles that changed.
  const byArticle = new Map(req.articles.map((a) => [a.slug, a]));
  const unitFingerprint = (a: ArticleOutputs, file: string) => hashOf(a.key, file);
  const toEmit: ArticleOutputs[] = [];
  for (const a of req.articles) {
    let stale = false;
    for (const f of a.files) {
      const fingerprint = unitFingerprint(a, f.path);
      fingerprints.set(f.path, fingerprint);
      if (a.written) {
        target?.written(f.path, fingerprint);
        keepBody(f.path, f.body);
        made++;
      } else if (!target || target.needs(f.path, fingerprint)) stale = true;
    }
    if (stale) toEmit.push(a);
  }
  if (toEmit.length) {
    const emitted = await timed('article-files', () => req.pool.emitArticleFiles(toEmit.map(({ rel, abs, key }) => ({ rel, abs, key })), sink));
    const owner = new Map(toEmit.flatMap((a) => a.files.map((f) => [f.path, a])));
    for (const f of emitted) {
      target?.written(f.path, unitFingerprint(owner.get(f.path)!, f.path));
      keepBody(f.path, f.body);
      made++;
    }
  }

  // Pages.
  const html = req.routes.filter((r): r is HtmlRoute => r.kind === 'html');
  const jobs: PageJob[] = [];
  const remember = req.remember || Boolean(target?.updating);
  const context = remember ? hashOf(templatesKey(), JSON.stringify(req.chrome), JSON.stringify([...req.bundle.entries])) : '';
  timed(remember ? 'fingerprint' : 'render', () => {
    for (const route of html) {
      const article = route.articleBody === undefined ? undefined : byArticle.get(route.articleBody);
      const file = outputPath(route);
      if (remember) {
        const fingerprint = hashOf(context, JSON.stringify(route), article?.key ?? '');
        fingerprints.set(file, fingerprint);
        if (target && !target.needs(file, fingerprint)) continue;
      }
      jobs.push(article ? { route, body: { rel: article.rel, abs: article.abs, key: article.key } } : { route });
    }
  });
  await timed('render', () =>
    req.pool.renderPages(jobs, sink, (page) => {
      target?.written(page.path, fingerprints.get(page.path) ?? '');
      if (keep) kept.set(page.path, page.body!);
      made++;
    }),
  );

  // Joined files, from their parts as they now are.
  const fileOfUrl = new Map<string, string>([...req.routes.map((r): [string, string] => [r.url, outputPath(r)]), ...req.articles.flatMap((a) => a.files.map((f): [string, string] => [f.url, f.path]))]);
  timed('write', () => {
    for (const r of req.routes) {
      if (r.kind !== 'joined') continue;
      const file = outputPath(r);
      const parts = r.parts.map((url) => fileOfUrl.get(url)!);
      const fingerprint = hashOf(r.separator, ...parts.map((p) => fingerprints.get(p) ?? p));
      fingerprints.set(file, fingerprint);
      if (target && !target.needs(file, fingerprint)) continue;
      const body = joinParts(r, parts, (p) => (kept.has(p) ? Buffer.from(kept.get(p)!) : target!.read(p)));
      made++;
      target?.write(file, body, fingerprint);
      if (keep) kept.set(file, body);
    }
  });

  const files: OutputFile[] = [];
  if (keep) for (const [path, body] of [...kept].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) files.push({ path, body });
  return { files, made };
}

function joinParts(route: JoinedRoute, files: string[], read: (file: string) => Buffer): Buffer {
  const separator = Buffer.from(route.separator);
  const chunks: Buffer[] = [];
  files.forEach((f, i) => {
    if (i) chunks.push(separator);
    chunks.push(read(f));
  });
  return Buffer.concat(chunks);
}
