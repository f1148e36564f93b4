/**
 * A shard does the work of a share of the site's articles, and renders pages: on a worker thread
 * (shard-worker.ts), or on the main thread for small sites, so both give the same bytes.
 * Articles go through it in two steps, so that nothing big is held between them:
 * 1. readFrontMatter: each file is read, parsed and checked; the main thread gets its fields (to
 *    order the site) and its unit key, and the shard keeps the parsed article until step 2;
 * 2. loadArticles: each article's body is rendered, its digest returned (unless known), its own
 *    files written, and its page rendered and written at once (the main thread sends what the page
 *    needs of the rest of the site: neighbours and see-also titles). Then the article is dropped.
 * renderPages makes any other page, from its route or from the small input of its family.
 * Reads: article files. Writes: output files into the folder it is told (or returns them).
 */
import { mkdirSync, statSync } from 'node:fs';
import { readContentText } from '../load/content-read.js';
import path from 'node:path';
import { hashOf } from '../hash.js';
import type { BundleEntry, ClientBundle } from '../bundle/client-bundle.js';
import type { ClientEntry } from '../../templates/client/entries.js';
import { diagnostic } from '../diagnostics/diagnostic.js';
import { parseArticleText } from '../load/read-content.js';
import type { RejectedFile } from '../load/rejected-file.js';
import { renderMarkdown } from '../passes/markdown.js';
import { salvageArticle } from '../validate/salvage.js';
import type { Article } from '../model.js';
import { featuresFromWire, type RecContext, recommendationShard, type WireFeatures, withCandidates } from '../passes/recommendations.js';
import { type CandidatePlan, copyInto, type SelectedLists, selectedLists } from './candidate-memo.js';
import { buildTermMatcher } from '../passes/term-matcher.js';
import { pageIds } from '../html/page-ids.js';
import { compactIds, withTexts } from '../passes/published.js';
import { renderPage } from '../render/render-page.js';
import { articleFileRoutes, articleOwnFiles } from '../routes/article-files.js';
import { articlePageRoute, buildFamilyRoute, familyFingerprint, keyedFamilyFingerprint } from '../routes/page-families.js';
import { outputPath } from '../routes/types.js';
import { writeFileNamed } from '../write/named-write.js';
import type { Chrome } from '../../templates/types.js';
import { articleUnit, digestArticle, type GlossaryLinks } from './article-unit.js';
import { type ArticleJob, type ArticleResult, ContentChangedError, type Emitted, type FileJob, type FrontMatterResult, type PageJob, type RejectedArticle, setupKeyOf, type ShardSetup, type Sink, unitKeyOf } from './shard-protocol.js';

export * from './shard-protocol.js';

/** What the site-wide checks read of an article file with problems (salvage.ts): its sound fields,
 * and the links of its body (so a failed build reports its broken links too). */
function rejectedArticle(file: RejectedFile): RejectedArticle {
  const stem = path.basename(file.file).replace(/\.[^.]+$/, '');
  const { entity, slugGuessed } = salvageArticle(file.data, file.problems, file.file, stem);
  return { meta: entity, slugGuessed, links: file.body ? renderMarkdown(file.body.text, file.body.line).links : [] };
}

export class Shard {
  private setup?: ShardSetup;
  private setupKey = '';
  private glossary?: GlossaryLinks;
  /** Articles parsed in step 1, until step 2. */
  private parsed = new Map<string, { key: string; article: Article }>();
  private render?: { chrome: Chrome; bundle: ClientBundle; context: string };
  private recs?: RecContext;
  /** Folders made under the current output folder (each build writes into a new one). */
  private madeDirs = { root: '', dirs: new Set<string>() };

  /** Site config and glossary for the build: the first call of every build. The articles the last
   * build parsed are let go (a known article read again in step 1 may need no step 2). */
  configure(setup: ShardSetup): void {
    this.parsed.clear();
    const key = setupKeyOf(setup);
    if (key === this.setupKey) return;
    this.setup = setup;
    this.setupKey = key;
    const titles = new Map(setup.glossary.map((t) => [t.slug, t.title]));
    this.glossary = { matcher: buildTermMatcher(setup.glossary), termTitle: (slug) => titles.get(slug) ?? slug };
  }

  /** `context`: renderContextOf(chrome, entries), taken once by the main thread. */
  setRenderer(context: string, chrome: Chrome, entries: [ClientEntry, BundleEntry][]): void {
    this.render = { chrome, bundle: { files: [], entries: new Map(entries) }, context };
  }

  /**
   * What recommendation and term pages are made from (sent once per build). This shard selects the
   * candidates of its share of the items (recommendationShard): those whose pages it renders; after
   * a small change, only those the change can reach, the others keeping their lists from the plan.
   * Returns what it selected, for the next build's plan (candidate-memo.ts).
   */
  setRecommendations(wire: WireFeatures, share: { index: number; count: number }, plan: CandidatePlan): SelectedLists {
    const features = featuresFromWire(wire);
    const inShare = (i: number) => recommendationShard(features, i, share.count) === share.index;
    const recs = withCandidates(features, inShare, plan);
    const selected = selectedLists(recs.candidates);
    if (plan.change) for (let i = 0; i < features.nodes.length; i++) if (inShare(i)) copyInto(recs.candidates, i, plan.previous, i);
    this.recs = recs;
    return selected;
  }

  /** Step 1: reads and checks each article file, keeping the parsed article for step 2. */
  readFrontMatter(jobs: FileJob[]): FrontMatterResult[] {
    return jobs.map(({ abs, rel }) => {
      this.parsed.delete(rel);
      const text = readContentText(abs);
      if (text === undefined) {
        return { rel, key: '', diagnostics: [diagnostic('unreadable-file', { file: rel }, '', 'could not be read')], rejected: rejectedArticle({ schema: 'article', file: rel, data: undefined, problems: [] }) };
      }
      const key = unitKeyOf(this.setupKey, rel, text);
      const { article, diagnostics, rejected } = parseArticleText(text, rel);
      if (!article) return { rel, key, diagnostics, rejected: rejected && rejectedArticle(rejected) };
      this.parsed.set(rel, { key, article });
      const { body: _body, ...meta } = article;
      return { rel, key, meta, diagnostics: [] };
    });
  }

  /** Step 2: renders each article, writes its own files (unless unchanged) and its page. */
  loadArticles(jobs: ArticleJob[], sink: Sink): ArticleResult[] {
    return jobs.map((job) => {
      const unit = articleUnit(this.articleOf(job), this.glossary!, job.pins, job.formerPins);
      this.parsed.delete(job.rel);
      const result: ArticleResult = { rel: job.rel, key: job.key, files: [] };
      if (job.digest) result.digest = digestArticle(unit, this.setup!.config, job.pins, job.formerPins);
      if (job.files ?? job.digest) {
        result.unchanged = job.key === job.prevKey;
        result.files = result.unchanged ? articleOwnFiles(unit.article) : articleFileRoutes(unit, this.setup!.config).map((r) => this.emit(sink, r.url, outputPath(r), r.body as string, true));
      }
      if (job.page) {
        const titles = new Map(job.page.titles);
        const route = articlePageRoute(this.setup!.config, unit, job.page.neighbours, (ref) => titles.get(ref));
        const { chrome, bundle } = this.render!;
        const texts = { prefix: unit.article.slug, shas: new Map(unit.body.paragraphs.map((p) => [p.id, p.sha256])) };
        result.page = { ...this.emitPage(sink, route.url, outputPath(route), renderPage(route, chrome, bundle), texts), fingerprint: job.page.fingerprint };
      }
      return result;
    });
  }

  /**
   * Makes pages into `sink`: builds each route (unless given), and with `remember` takes its
   * fingerprint and leaves a page whose fingerprint is its `prev` alone.
   */
  renderPages(jobs: PageJob[], sink: Sink, remember: boolean): Emitted[] {
    const { chrome, bundle, context } = this.render!;
    return jobs.map((job) => {
      // A family page is fingerprinted by its inputs (or their key), so an unchanged one is not even made.
      const byInputs = remember ? this.familyPageFingerprint(job, context) : undefined;
      if (byInputs !== undefined && byInputs === job.prev) return { url: job.url!, path: job.path!, fingerprint: byInputs, unchanged: true };
      if (!job.route && !job.input) return { url: job.url!, path: job.path!, needsInput: true };
      const route = job.route ?? buildFamilyRoute(job.input!, { config: this.setup!.config, recs: this.recs });
      const file = outputPath(route);
      const fingerprint = byInputs ?? job.fingerprint ?? (remember ? hashOf(context, JSON.stringify(route)) : undefined);
      if (fingerprint !== undefined && fingerprint === job.prev) return { url: route.url, path: file, fingerprint, unchanged: true };
      return { ...this.emitPage(sink, route.url, file, renderPage(route, chrome, bundle)), fingerprint };
    });
  }

  /** A family page's fingerprint: by its input's key when it has one, else by its input. */
  private familyPageFingerprint(job: PageJob, context: string): string | undefined {
    const family = job.keyed ? keyedFamilyFingerprint(job.keyed, this.recs!) : job.input && familyFingerprint(job.input, this.recs!);
    return family === undefined ? undefined : hashOf(context, this.setupKey, family);
  }

  /** The article of a step-2 job: parsed in step 1, or (its digest known from an earlier build) read
   * now, when its text must still have the key it was known by. */
  private articleOf(job: ArticleJob): Article {
    const parsed = this.parsed.get(job.rel);
    if (parsed?.key === job.textKey) return parsed.article;
    const text = readContentText(job.abs);
    if (text === undefined) throw new ContentChangedError(job.rel);
    const article = unitKeyOf(this.setupKey, job.rel, text) === job.textKey ? parseArticleText(text, job.rel).article : undefined;
    if (!article) throw new ContentChangedError(job.rel);
    return article;
  }

  /** A page made now, with its ids for the published manifest (an article's with its paragraphs' texts). */
  private emitPage(sink: Sink, url: string, file: string, html: string, texts?: { prefix: string; shas: Map<string, string> }): Emitted {
    const anchors = compactIds(pageIds(html));
    return { ...this.emit(sink, url, file, html), anchors: texts ? withTexts(anchors, texts.prefix, texts.shas) : anchors };
  }

  /** Writes a made output into `sink.dir`, and returns its bytes when wanted: with `sink.keep`, or
   * (`part`) when it may be part of a joined file and there is no folder to read it back from. */
  private emit(sink: Sink, url: string, file: string, body: string | Uint8Array, part = false): Emitted {
    const emitted: Emitted = sink.keep || (part && !sink.dir) ? { url, path: file, body } : { url, path: file };
    if (sink.dir) {
      if (this.madeDirs.root !== sink.dir) this.madeDirs = { root: sink.dir, dirs: new Set() };
      const abs = path.join(sink.dir, file);
      const dir = path.dirname(abs);
      if (!this.madeDirs.dirs.has(dir)) (mkdirSync(dir, { recursive: true }), this.madeDirs.dirs.add(dir));
      writeFileNamed(abs, body);
      if (sink.record) {
        const st = statSync(abs);
        (emitted.size = st.size), (emitted.mtimeMs = st.mtimeMs);
      }
    }
    return emitted;
  }
}
