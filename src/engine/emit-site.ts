/**
 * Emits a built site, in the order its parts become known: each article's own files and page (made
 * by the shard holding its body, load-articles.ts), then term and recommendation pages (on the
 * shards, while the main thread runs the remaining passes), the other pages, the files the main
 * thread made (JSON, feeds, sitemaps, …), and last the joined files (llms-full.txt) from their parts
 * as written. With an output target that updates, only outputs whose fingerprint changed are made;
 * with none, everything is made and returned.
 * Fingerprints: a page's route (props, metadata) with the render context, or its inputs when it has
 * them (taken here, before its props are made: an unchanged list page is never built); an article
 * page's inputs with its article's unit key, and a family page's inputs (taken before the route is
 * built); a file's bytes or inputs, or its rows' keys (file-rows.ts); an article file's unit key; a
 * joined file's parts.
 */
import { hashOf } from '../hash.js';
import { toolKey } from '../tool-key.js';
import { makeRows, piecesOf, type PlannedRows, planRows, rowsInputs, type RowsMemo } from './file-rows.js';
import { fileBody, type FileRoute, type FileRows, type HtmlRoute, type JoinedRoute, outputPath, type PageRef } from '../routes/types.js';
import type { OutputFile, OutputTarget } from '../write/output-target.js';
import type { Emitted, PageJob, Sink } from './shard-protocol.js';
import type { PublishedPage } from '../passes/published.js';
import type { ShardPool } from './shard-pool.js';
import type { FileThread } from '../write/file-thread.js';

export interface EmitterOptions {
  pool: ShardPool;
  /** Where outputs go; without one, every output is made and returned. */
  target?: OutputTarget;
  /** Also return every output's bytes (tests); needs a fresh target or none. */
  keep: boolean;
  /** Take every output's fingerprint, for the next build to compare with (an updating target
   * always does). A cold build that will not be followed by an incremental one skips the cost. */
  remember: boolean;
  /** Paths of the parts of joined files, whose bytes are kept until those are made when there is no
   * output folder to read them back from. */
  parts: Set<string>;
  /** Where joined files are made while this thread goes on (else they are made here). */
  fileThread?: FileThread;
  /** The files of rows the last build left in the output folder (file-rows.ts). */
  rows?: RowsMemo;
  /** What every page is rendered with besides its route (shard-protocol.ts renderContextOf). */
  context: string;
  /** Told of each file being written on the file thread (BuildRun.writingAside): a build that gives
   * up waits for them before it drops the output target. */
  aside?: (writing: Promise<void>) => void;
}

/** A route with inputs as a shard is sent it: without them (a function), its props and meta made
 * (they are made when first read). */
function plainRoute(route: HtmlRoute): HtmlRoute {
  const { inputs: _inputs, ...plain } = route;
  return plain;
}

/** The fingerprint of a page made from `inputs` (HtmlRoute.inputs), with what every page is
 * rendered with (which changes when legalsite does). */
const pageInputsFingerprint = (context: string, inputs: string) => hashOf(context, 'page-inputs', inputs);

/** A file of the output folder's last build, or undefined when it cannot be read (it is then made whole). */
function readIfThere(target: OutputTarget, file: string): Uint8Array | undefined {
  try {
    return target.read(file);
  } catch {
    return undefined;
  }
}

/** The fingerprint of a file made from `inputs` (FileRoute.inputs), with the code that makes it: a
 * file fingerprinted by its inputs changes when legalsite does. */
export const inputsFingerprint = (inputs: string) => hashOf('inputs', toolKey(), inputs);

/** Each HTML page made or kept, by URL (SiteEmitter.pageAnchors). */
export interface PageAnchors {
  readonly size: number;
  keys(): IterableIterator<string>;
  has(url: string): boolean;
  /** Its anchors as found when it was made now; undefined for a page left as the output folder holds it. */
  anchorsOf(url: string): PublishedPage | undefined;
  /** Where it is in the output folder. */
  pathOf(url: string): string;
}

export class SiteEmitter {
  private kept = new Map<string, string | Uint8Array>();
  private fingerprints = new Map<string, string>();
  private fileOfUrl = new Map<string, string>();
  /** Each HTML page's ids by URL, for the published manifest: those of a page made now, or
   * undefined for one left as the output folder holds it. */
  private anchors = new Map<string, PublishedPage | undefined>();
  /** Joined files being made on the file thread (startJoined). */
  private joining = new Map<string, Promise<void>>();
  /** The files of rows made or kept now, for the next build (rowsMemo). */
  private rows: RowsMemo = new Map();
  /** Files of rows being made on the file thread (asideWritten). */
  private rowsAside: Promise<void>[] = [];
  /** Where the shards put what they make (shard-protocol.ts). */
  readonly sink: Sink;
  private remember: boolean;
  made = 0;

  constructor(private o: EmitterOptions) {
    this.remember = o.remember || Boolean(o.target?.updating);
    this.sink = { dir: o.target?.dir, keep: o.keep, record: this.remember && Boolean(o.target) };
  }

  get fingerprintsWanted(): boolean {
    return this.remember;
  }

  /** Notes an output a shard made while loading articles (its own files, its page), or found
   * unchanged; `keptAt`: an unchanged file's position in the output target (OutputTarget.intactAt). */
  noteArticleOutput(file: Emitted, fingerprint: string, unchanged: boolean, keptAt?: number): void {
    // An unchanged file that is neither a page (the published manifest lists its ids) nor a part of
    // a joined file is only kept: at 50,000 articles, 300,000 of them in a rebuild after one edit.
    if (unchanged && !file.path.endsWith('.html') && !this.o.parts.has(file.path)) return this.keep(file.path, keptAt);
    this.fileOfUrl.set(file.url, file.path);
    if (file.path.endsWith('.html')) this.anchors.set(file.url, unchanged ? undefined : file.anchors);
    this.fingerprints.set(file.path, fingerprint);
    if (unchanged) this.keep(file.path, keptAt);
    else this.done(file.path, file.body, true, file);
  }

  /** Keeps an unchanged file: by its position in the output target when known, else by its path. */
  private keep(path: string, at: number | undefined): void {
    if (at === undefined) this.o.target!.unchanged(path);
    else this.o.target!.keepAt(at);
  }

  /** Makes pages on the shards; resolves when all are written. With an output folder to update, a
   * shard leaves a page whose fingerprint is unchanged alone. A page whose input has a key
   * (PageRef.keyed) is first sent with the key alone, and again with its input if it changed: after
   * an edit most term pages are unchanged, and their inputs (40 MB at 50,000 articles) are neither
   * made nor sent. */
  pages(entries: (HtmlRoute | PageRef)[]): Promise<void> {
    const { target } = this.o;
    const jobs: PageJob[] = [];
    const byKey = new Map<string, PageJob & { ref: PageRef }>();
    for (const entry of entries) {
      const file = outputPath(entry);
      this.fileOfUrl.set(entry.url, file);
      const prev = target?.updating ? target.previousIfIntact(file) : undefined;
      if (entry.kind === 'page') {
        const keyed = this.remember ? entry.keyed : undefined;
        if (keyed && prev !== undefined) {
          const job = { keyed, url: entry.url, path: file, prev };
          byKey.set(entry.url, { ...job, ref: entry });
          jobs.push(job);
        } else jobs.push({ input: entry.input, keyed, url: entry.url, path: file, prev });
        continue;
      }
      const fingerprint = entry.inputs && this.remember ? pageInputsFingerprint(this.o.context, entry.inputs()) : undefined;
      if (fingerprint !== undefined && fingerprint === prev) {
        // Unchanged by its inputs: its route is never built, and it is not sent.
        this.anchors.set(entry.url, undefined);
        this.fingerprints.set(file, fingerprint);
        target!.unchanged(file);
        continue;
      }
      jobs.push({ route: entry.inputs ? plainRoute(entry) : entry, url: entry.url, path: file, prev, fingerprint });
    }
    const onPage = (page: Emitted) => {
      this.anchors.set(page.url, page.unchanged ? undefined : page.anchors);
      if (page.fingerprint !== undefined) this.fingerprints.set(page.path, page.fingerprint);
      if (page.unchanged) return this.o.target!.unchanged(page.path);
      this.done(page.path, page.body, true, page);
    };
    const again: PageJob[] = [];
    return this.o.pool
      .renderPages(jobs, this.sink, this.remember, (page) => {
        if (!page.needsInput) return onPage(page);
        const { ref, ...job } = byKey.get(page.url)!;
        again.push({ ...job, input: ref.input });
      })
      .then(() => (again.length ? this.o.pool.renderPages(again, this.sink, this.remember, onPage) : undefined))
      .then(() => undefined);
  }

  /** Files made on the main thread (a file made already, early, is not made again). */
  files(routes: FileRoute[]): void {
    const { target } = this.o;
    for (const r of routes) {
      const file = outputPath(r);
      if (this.fingerprints.has(file)) continue;
      this.fileOfUrl.set(r.url, file);
      // With no rows, the file's format may write something else (a CSV without its header).
      if (r.rows?.keys.length && this.remember) {
        this.rowsFileOf(file, r.rows);
        continue;
      }
      const byInputs = this.remember && r.inputs ? inputsFingerprint(r.inputs()) : undefined;
      if (byInputs !== undefined && target && !target.needs(file, byInputs)) {
        this.fingerprints.set(file, byInputs);
        continue;
      }
      const body = fileBody(r);
      // Encoded once for both the hash and the file when its bytes are hashed: encoding a string is
      // most of the cost of either (the site's big JSON, CSV and sitemap files are tens of megabytes
      // at 10,000 articles). Otherwise the string is written as it is: a Buffer of it would be one
      // more copy, and counts towards the external memory that starts V8's full collections.
      const hashed = byInputs === undefined && this.remember;
      const bytes = hashed && typeof body === 'string' ? Buffer.from(body) : body;
      const fingerprint = byInputs ?? (hashed ? hashOf(bytes) : '');
      this.fingerprints.set(file, fingerprint);
      if (hashed && target && !target.needs(file, fingerprint)) continue;
      target?.write(file, bytes, fingerprint);
      this.done(file, body, false);
    }
  }

  /**
   * A file made on the file thread while this thread goes on (the published manifest, made from the
   * last build's): `make` writes it where it is given and resolves true, or resolves false to have
   * it made here from its body after all. Only into an output folder this build updates, its files
   * not kept (else made here at once). Settles when the file is written.
   */
  fileAside(route: FileRoute, make: (thread: FileThread, out: string) => Promise<boolean>): Promise<void> {
    const { target } = this.o;
    const thread = this.asideThread();
    if (!thread || !target || !route.inputs) return (this.files([route]), Promise.resolve());
    const file = outputPath(route);
    if (this.fingerprints.has(file)) return Promise.resolve();
    this.fileOfUrl.set(route.url, file);
    const fingerprint = inputsFingerprint(route.inputs());
    this.fingerprints.set(file, fingerprint);
    if (!target.needs(file, fingerprint)) return Promise.resolve();
    return make(thread, target.pathForNew(file)).then((made) => {
      if (made) return this.done(file, undefined);
      target.write(file, fileBody(route), fingerprint);
      this.done(file, undefined, false);
    });
  }

  /** The file thread, when fileAside makes files there (else undefined). */
  asideThread(): FileThread | undefined {
    const { target, fileThread } = this.o;
    return target?.updating && !this.o.keep && this.remember ? fileThread : undefined;
  }

  /** A file of rows, fingerprinted by its rows' keys; made again (when it changed) from the last
   * build's file, whose unchanged rows are copied: on the file thread when it can (the three files
   * are 120 MB at 50,000 articles, read and written again after a one-article edit). */
  private rowsFileOf(file: string, rows: FileRows): void {
    const { target } = this.o;
    const fingerprint = inputsFingerprint(rowsInputs(rows));
    this.fingerprints.set(file, fingerprint);
    const last = this.o.rows?.get(file);
    if (target && !target.needs(file, fingerprint)) {
      if (last?.fingerprint === fingerprint) this.rows.set(file, last);
      return;
    }
    const usable = last && target?.previousIfIntact(file) === last.fingerprint ? last : undefined;
    const plan = planRows(rows, usable);
    this.rows.set(file, { fingerprint, size: plan.size, keys: rows.keys, spans: plan.spans, separator: rows.separator });
    const thread = plan.copies > 0 ? this.asideThread() : undefined;
    if (thread) return this.rowsElsewhere(thread, file, rows, fingerprint, plan, usable!.size);
    let pieces = piecesOf(plan);
    if (plan.copies > 0) {
      // The last file must still be the size the plan was made for; if not, every row is made.
      const bytes = readIfThere(target!, file);
      pieces = bytes?.length === usable!.size ? piecesOf(plan, bytes) : makeRows(rows).pieces;
    }
    target?.write(file, pieces, fingerprint);
    this.done(file, this.o.keep ? Buffer.concat(pieces, plan.size) : undefined, false);
  }

  /** Makes a file of rows on the file thread, from the last build's file (of `lastSize` bytes): the
   * file thread answers false when the last file is no longer what the plan was made for, and the
   * file is then made here, whole. */
  private rowsElsewhere(thread: FileThread, file: string, rows: FileRows, fingerprint: string, plan: PlannedRows, lastSize: number): void {
    const target = this.o.target!;
    const made = thread.spliceRows({ last: target.locate(file), lastSize, out: target.pathForNew(file), pieces: plan.pieces }).then((spliced) => {
      if (spliced) return this.done(file, undefined);
      target.write(file, makeRows(rows).pieces, fingerprint);
      this.done(file, undefined, false);
    });
    this.rowsAside.push(made);
    this.o.aside?.(made);
  }

  /** Settles when the files of rows started on the file thread are written. */
  asideWritten(): Promise<void> {
    return Promise.all(this.rowsAside).then(() => undefined);
  }

  /** The files of rows this build made or kept, for the next (file-rows.ts). */
  rowsMemo(): RowsMemo {
    return this.rows;
  }

  /**
   * Starts joined files whose parts are all made, on the file thread, while this thread goes on;
   * `joined` waits for them. Only into an output folder (otherwise `joined` makes them here).
   */
  startJoined(routes: JoinedRoute[]): void {
    const { target, fileThread } = this.o;
    if (!target || !fileThread || this.o.keep) return;
    for (const r of routes) {
      const file = outputPath(r);
      const parts = r.parts.map((url) => this.fileOfUrl.get(url)!);
      const fingerprint = this.joinedFingerprint(r.separator, parts);
      this.fingerprints.set(file, fingerprint);
      const made = this.remember && !target.needs(file, fingerprint) ? Promise.resolve() : fileThread.join(parts.map((p) => target.locate(p)), r.separator, target.pathForNew(file)).then(() => this.done(file, undefined));
      made.catch(() => {});
      this.joining.set(file, made);
    }
  }

  /** Settles when the joined files started on shards are written. */
  joinsStarted(): Promise<void> {
    return Promise.all(this.joining.values()).then(() => undefined);
  }

  /** Joined files, from their parts as they now are: after every part is made. */
  async joined(routes: JoinedRoute[]): Promise<void> {
    const { target } = this.o;
    this.startJoined(routes.filter((r) => !this.joining.has(outputPath(r))));
    for (const r of routes) {
      const file = outputPath(r);
      const started = this.joining.get(file);
      if (started) {
        await started;
        continue;
      }
      const parts = r.parts.map((url) => this.fileOfUrl.get(url)!);
      const fingerprint = this.joinedFingerprint(r.separator, parts);
      this.fingerprints.set(file, fingerprint);
      if (target && this.remember && !target.needs(file, fingerprint)) continue;
      const separator = Buffer.from(r.separator);
      // Not started on the file thread (no output folder, or every output kept): made here.
      const read = (p: string) => (this.kept.has(p) ? Buffer.from(this.kept.get(p)!) : target!.read(p));
      const body = Buffer.concat(parts.flatMap((p, i) => (i ? [separator, read(p)] : [read(p)])));
      target?.write(file, body, fingerprint);
      this.done(file, body, false);
    }
  }

  private joinedFingerprint(separator: string, parts: string[]): string {
    return this.remember ? hashOf(separator, ...parts.map((p) => this.fingerprints.get(p) ?? p)) : '';
  }

  /** Each HTML page made or kept, by URL: its anchors, or undefined when it was left as the output
   * folder holds it (its path says where). */
  pageAnchors(): PageAnchors {
    // A view of what is kept, not a copy: 121,000 pages at 50,000 articles.
    const { anchors, fileOfUrl } = this;
    return {
      get size() {
        return anchors.size;
      },
      keys: () => anchors.keys(),
      has: (url) => anchors.has(url),
      anchorsOf: (url) => anchors.get(url),
      pathOf: (url) => fileOfUrl.get(url)!,
    };
  }

  /** The fingerprint an output was made or kept with ('' when fingerprints are not taken). */
  fingerprintOf(file: string): string {
    return this.fingerprints.get(file) ?? '';
  }

  /** Every output with its bytes, when they were kept. */
  outputs(): OutputFile[] {
    if (!this.o.keep) return [];
    return [...this.kept].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([path, body]) => ({ path, body }));
  }

  /** Notes an output made by a shard (written into the target by it, and stated there when `stat`
   * says so) or by this thread. */
  private done(file: string, body: string | Uint8Array | undefined, byShard = true, stat?: Emitted): void {
    this.made++;
    if (byShard) this.o.target?.written(file, this.fingerprints.get(file) ?? '', stat);
    const keepIt = this.o.keep || (!this.o.target && this.o.parts.has(file));
    if (keepIt && body !== undefined) this.kept.set(file, body);
  }
}
