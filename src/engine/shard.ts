/**
 * A shard holds a share of the site's articles for the length of a build (or of a `serve` session):
 * it reads, checks and renders each of its article files (article-unit.ts), writes the files that
 * depend on one article alone, and later renders pages — its own articles' pages, whose body HTML
 * never leaves it, and any other page it is given. The main thread keeps only digests.
 * The same class runs inside a worker thread (shard-worker.ts) or, for small sites, on the main
 * thread, so both give the same bytes.
 * Reads: article files. Writes: output files into the folder it is told (or returns them).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { hashOf } from '../build-cache.js';
import type { ClientBundle } from '../bundle/client-bundle.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { diagnostic } from '../diagnostics/diagnostic.js';
import type { SiteConfig } from '../model.js';
import { buildTermMatcher } from '../passes/term-matcher.js';
import { renderPage, withBody } from '../render/render-page.js';
import { articleFileRoutes } from '../routes/article-files.js';
import { type ArticleParts, buildFamilyRoute, type FamilyInput } from '../routes/page-families.js';
import { outputPath, type HtmlRoute } from '../routes/types.js';
import type { RecContext } from '../passes/recommendations.js';
import { templatesKey } from '../render/templates-key.js';
import type { Chrome } from '../../templates/types.js';
import { type ArticleDigest, type ArticleUnit, digestArticle, type GlossaryLinks, loadArticleUnit } from './article-unit.js';

export interface ShardSetup {
  config: SiteConfig;
  /** [slug, title] of every glossary term: what bodies are linked against. */
  glossary: [string, string][];
  /** Changes when legalsite itself changes, so a unit made by other code is never reused. */
  salt: string;
}

/** The setup's key: a unit's key includes it. */
export const setupKeyOf = (setup: ShardSetup) => hashOf(JSON.stringify(setup));

/** A unit's key: everything its outputs are made from. */
export const unitKeyOf = (setupKey: string, rel: string, text: string) => hashOf(setupKey, rel, text);

/** Where outputs go: written into `dir`, or (without one) returned with their bytes. */
export interface Sink {
  dir?: string;
  /** Return each output's bytes as well (tests, `check`). */
  keep?: boolean;
}

export interface Emitted {
  url: string;
  /** Path inside the output folder. */
  path: string;
  body?: string | Uint8Array;
  /** What the page was made from (when asked to remember). */
  fingerprint?: string;
  /** The output folder already holds this page as it would be made (its `prev` fingerprint). */
  unchanged?: boolean;
}

export interface ArticleJob {
  abs: string;
  /** The path diagnostics name (relative to the working directory). */
  rel: string;
  /** The unit key the output folder's copies of the article's own files were made with, when they
   * are intact: if the key is the same, they are left as they are. */
  prevKey?: string;
}

export interface ArticleResult {
  rel: string;
  /** Hash of everything the unit was made from (text, config, glossary): equal keys, equal outputs. */
  key: string;
  diagnostics: Diagnostic[];
  digest?: ArticleDigest;
  /** The article's own files (article-files.ts). */
  files: Emitted[];
  /** The files were left as they are (the key was the job's prevKey). */
  unchanged?: boolean;
}

/** A page to make: its route, or the input to build it from (page-families.ts). */
export interface PageJob {
  route?: HtmlRoute;
  input?: FamilyInput;
  /** The article (its file) whose unit the page shows, and the key it must have. */
  body?: { rel: string; abs: string; key: string };
  /** The fingerprint of the page the output folder holds, when it is intact: the same → not made. */
  prev?: string;
}

export class Shard {
  private setup?: ShardSetup;
  private setupKey = '';
  private glossary?: GlossaryLinks;
  /** What this shard keeps of each article: what its page is made from (not its source or text). */
  private units = new Map<string, { key: string; page: PageParts }>();
  private render?: { chrome: Chrome; bundle: ClientBundle; context: string };
  private recs?: RecContext;
  private keepUnits = false;
  /** Folders made under the current output folder (each build writes into a new one). */
  private madeDirs = { root: '', dirs: new Set<string>() };

  /**
   * Site config and glossary for the build; units made under another setup are dropped. `keepUnits`:
   * keep each article's page parts after its page is made (serve, which makes pages again later).
   */
  configure(setup: ShardSetup, keepUnits: boolean): void {
    this.keepUnits = keepUnits;
    const key = setupKeyOf(setup);
    if (key === this.setupKey) return;
    this.setup = setup;
    this.setupKey = key;
    const titles = new Map(setup.glossary);
    this.glossary = { matcher: buildTermMatcher(setup.glossary.map(([slug, title]) => ({ slug, title }))), termTitle: (slug) => titles.get(slug) ?? slug };
    this.units.clear();
  }

  setRenderer(chrome: Chrome, entries: [string, { src: string; imports: string[]; bytes: number }][]): void {
    // A page's fingerprint includes everything it is rendered with besides its route.
    const context = hashOf(templatesKey(), JSON.stringify(chrome), JSON.stringify(entries));
    this.render = { chrome, bundle: { files: [], entries: new Map(entries) } as unknown as ClientBundle, context };
  }

  /** What recommendation and term pages are made from (sent once per build). */
  setRecommendations(recs: RecContext): void {
    this.recs = recs;
  }

  /** Loads each article, writes its own files into `sink` (unless unchanged), and keeps what its page needs. */
  loadArticles(jobs: ArticleJob[], sink: Sink): ArticleResult[] {
    return jobs.map((job) => {
      let text: string;
      try {
        text = readFileSync(job.abs, 'utf8');
      } catch {
        this.units.delete(job.rel);
        return { rel: job.rel, key: '', diagnostics: [diagnostic('unreadable-file', { file: job.rel }, '', 'could not be read')], files: [] };
      }
      const key = unitKeyOf(this.setupKey, job.rel, text);
      const { unit, diagnostics } = loadArticleUnit(text, job.rel, this.glossary!);
      if (!unit) {
        this.units.delete(job.rel);
        return { rel: job.rel, key, diagnostics, files: [] };
      }
      this.units.set(job.rel, { key, page: pageParts(unit) });
      const routes = articleFileRoutes(unit, this.setup!.config);
      const unchanged = key === job.prevKey;
      const files = unchanged ? routes.map((r) => ({ url: r.url, path: outputPath(r) })) : routes.map((r) => this.emit(sink, r.url, outputPath(r), r.body as string));
      return { rel: job.rel, key, diagnostics: [], digest: digestArticle(unit), files, unchanged };
    });
  }

  /**
   * Makes pages into `sink`: builds each route (unless given), and with `remember` takes its
   * fingerprint and leaves a page whose fingerprint is its `prev` alone. An article's page takes its
   * body from this shard's unit of it.
   */
  renderPages(jobs: PageJob[], sink: Sink, remember: boolean): Emitted[] {
    const { chrome, bundle, context } = this.render!;
    return jobs.map((job) => {
      const page = job.body && this.pageOf(job.body);
      const route = job.route ?? buildFamilyRoute(job.input!, { config: this.setup!.config, recs: this.recs, article: page });
      const file = outputPath(route);
      const fingerprint = remember ? hashOf(context, JSON.stringify(route), job.body?.key ?? '') : undefined;
      if (job.body && !this.keepUnits) this.units.delete(job.body.rel);
      if (fingerprint !== undefined && fingerprint === job.prev) return { url: route.url, path: file, fingerprint, unchanged: true };
      const html = renderPage(page ? withBody(route, page.body.html) : route, chrome, bundle);
      return { ...this.emit(sink, route.url, file, html), fingerprint };
    });
  }

  /** Forgets every unit but those of `keep` (files deleted or moved to another shard). */
  retain(keep: string[]): void {
    const kept = new Set(keep);
    for (const rel of this.units.keys()) if (!kept.has(rel)) this.units.delete(rel);
  }

  /** What an article's page is made from, loaded now if this shard does not hold it (its digest
   * came from the build cache, or it was dropped after its page was made). */
  private pageOf(body: NonNullable<PageJob['body']>): PageParts {
    const known = this.units.get(body.rel);
    if (known?.key === body.key) return known.page;
    let text: string;
    try {
      text = readFileSync(body.abs, 'utf8');
    } catch {
      throw new ContentChangedError(body.rel);
    }
    const unit = unitKeyOf(this.setupKey, body.rel, text) === body.key ? loadArticleUnit(text, body.rel, this.glossary!).unit : undefined;
    if (!unit) throw new ContentChangedError(body.rel);
    const page = pageParts(unit);
    if (this.keepUnits) this.units.set(body.rel, { key: body.key, page });
    return page;
  }

  private emit(sink: Sink, url: string, file: string, body: string | Uint8Array): Emitted {
    if (sink.dir) {
      if (this.madeDirs.root !== sink.dir) this.madeDirs = { root: sink.dir, dirs: new Set() };
      const abs = path.join(sink.dir, file);
      const dir = path.dirname(abs);
      if (!this.madeDirs.dirs.has(dir)) (mkdirSync(dir, { recursive: true }), this.madeDirs.dirs.add(dir));
      writeFileSync(abs, body);
    }
    return sink.keep || !sink.dir ? { url, path: file, body } : { url, path: file };
  }
}

/** What an article's page is made from: its meta, body HTML and headings, fields and reading time. */
export type PageParts = ArticleParts & { body: { html: string } };

function pageParts(unit: ArticleUnit): PageParts {
  const { body: _source, ...article } = unit.article;
  return { article, body: { html: unit.body.html, headings: unit.body.headings }, fields: unit.fields, stats: unit.stats };
}

/** A file changed between the time the build read it and the time it rendered its page. */
export class ContentChangedError extends Error {
  constructor(readonly file: string) {
    super(`${file} changed while the site was being built; run the build again`);
    this.name = 'ContentChangedError';
  }
}
