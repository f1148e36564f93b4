/**
 * What every step of one build shares: the options, the resolved paths, the timer, and the parts
 * that must be closed or undone whatever happens (threads, the output target). Steps read it and
 * set the parts they start; build.ts closes them.
 * Reads: nothing. Writes: nothing.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { BuildCache } from '../engine/build-cache.js';
import { OUTPUT_LIMITS, type OutputLimits } from '../constants.js';
import { hashOf } from '../hash.js';
import type { ClientBundle } from '../bundle/client-bundle.js';
import { type Diagnostic, sortDiagnostics } from '../diagnostics/diagnostic.js';
import type { Manifest } from '../passes/manifest.js';
import type { PinsOf } from '../engine/load-articles.js';
import type { PublishedManifest } from '../passes/published.js';
import type { ShardPool } from '../engine/shard-pool.js';
import type { BuiltSite, Timer } from '../pipeline.js';
import type { Route } from '../routes.js';
import { cacheFile } from '../write/disk-cache.js';
import type { FileThread } from '../write/file-thread.js';
import type { OutputLock } from '../write/output-lock.js';
import type { OutputFile, OutputTarget } from '../write/output-target.js';
import type { Chrome } from '../../templates/types.js';
import { outputFolderAt } from '../write/output-guard.js';

export interface BuildOptions {
  contentDir: string;
  outDir: string;
  cwd?: string;
  /** Overrides site.yaml's baseUrl (e.g. for a staging host). */
  baseUrl?: string;
  /** Write dist/ (build) or only check (check). */
  write: boolean;
  /** Reuse work from an earlier build in this process (serve): parsed YAML, the client bundle, every
   * article's digest, the shards, and what the output folder holds. */
  cache?: BuildCache;
  /** Worker threads for articles and pages (default: all cores). */
  workers?: number;
  /** Told when each pass or phase starts, for a progress display. */
  onPhase?: (name: string) => void;
  /** Below this many articles work stays on the main thread (tests lower it to use workers). */
  minPagesForWorkers?: number;
  /** Load and save the build cache and state on disk (build: on unless --no-cache). With `cache`
   * (serve's first build), an empty `cache` is filled from the disk cache, the output folder is
   * updated from the state the last build saved, and both are saved after the build. */
  diskCache?: boolean;
  /** What to do when the id file (content/pinpoints.jsonl) does not record the ids this build gives:
   * 'update' writes it after the commit (build), 'check' reports it out of date (check), 'read' does
   * neither (serve: ids are given against the file, which serve never writes). Default: 'update'
   * when writing, else 'check'. */
  pinpoints?: PinpointsMode;
  /** Count this build's changes (_legalsite/changes.json) from this content manifest, not from the
   * output folder's: the second pass of a build that recorded moved paragraphs (build.ts). */
  changesSince?: { manifest: Manifest | undefined };
  /** Replace an existing output folder that legalsite did not make (--force; output-guard.ts). */
  force?: boolean;
  /** Return every output file in the result (default). The CLI needs only counts: at scale the
   * files are a gigabyte, so it turns this off, and then only changed files are made. */
  retainFiles?: boolean;
  /** Lower the output limits (constants.ts OUTPUT_LIMITS): tests split a small site with them. */
  limits?: Partial<OutputLimits>;
}

export type PinpointsMode = 'update' | 'check' | 'read';

export interface BuildResult {
  ok: boolean;
  /** Every error (and warning) of a failed build; of one that went on, the content's warnings. */
  diagnostics: Diagnostic[];
  /** Every output file, unless the build was asked not to keep them (retainFiles: false). */
  files: OutputFile[];
  fileCount: number;
  /** The routes made on the main thread (pages, site-wide files); each article's own files are in
   * `urls`. Empty, as `urls` is, when the build stopped at "up to date" (`upToDate`): it made nothing. */
  routes: Route[];
  /** Every URL the build makes (none when it stopped at "up to date"). */
  urls: Set<string>;
  site?: BuiltSite;
  pages: number;
  /** The page that ships the most JavaScript, and how much (gzip bytes): the budget report. */
  heaviestJs?: { url: string; gzipBytes: number };
  /** Things outside the content the user should know that did not stop the build (a damaged build
   * cache, dropped); the content's warnings are in `diagnostics`, with severity 'warning'. */
  warnings?: string[];
  /** Milliseconds per pass and phase, for --profile. */
  timings: Map<string, number>;
  /** Set when nothing changed since the build that wrote the output folder, so nothing was rebuilt. */
  upToDate?: boolean;
  /** Output files this build wrote and deleted (all of them when the folder was made afresh). */
  written?: string[];
  deleted?: string[];
  /** The id file, when its records of these articles (by slug) were not this build's: `written`
   * (build), or left for `legalsite build` to write (serve). */
  pinpoints?: { file: string; changed: string[]; written: boolean; created: boolean; moved: string[] };
  /** The manifest of every URL and anchor this build publishes (/api/published.json), made when
   * asked for (`check --against`). */
  published?: () => PublishedManifest;
  /** Each article's record in the id file, as this build read it (serve's quick preview). */
  pinsOf?: PinsOf;
  /** The content manifest this build counted its changes from (none: the first build). */
  changesSince?: { manifest: Manifest | undefined };
  /** What pages were rendered with, so serve can re-render one page without a full build. */
  render?: { chrome: Chrome; bundle: ClientBundle };
  ms: number;
}

/** Told of build cache files found damaged (and dropped), with the cache's folder. */
export type CacheDamage = (files: string[], dir: string) => void;

export class BuildRun {
  readonly started = performance.now();
  readonly timings = new Map<string, number>();
  readonly cwd: string;
  readonly contentAbs: string;
  /** The content folder as diagnostics name files: relative to the working directory, with "/". */
  readonly contentName: string;
  readonly outAbs: string;
  /** Keep every output file in the result (BuildOptions.retainFiles). */
  readonly keep: boolean;
  /** The build cache's folder, when the disk cache is used. */
  readonly diskFile?: string;
  /** The output folder's state, in the content folder's cache: one per output folder, so removing a
   * site's cache removes its states. */
  readonly stateFile?: string;
  /** Whether the output records are kept for a later build (a state file, or serve's cache). */
  readonly remember: boolean;
  readonly pinpointsMode: PinpointsMode;
  /** What one page or file may hold before it is split. */
  readonly limits: OutputLimits;
  fileThread?: FileThread;
  pool?: ShardPool;
  target?: OutputTarget;
  /** This build's hold on the output folder (write/output-lock.ts), from before the recovery to the end. */
  lock?: OutputLock;

  constructor(
    readonly opts: BuildOptions,
    readonly cacheDamaged: CacheDamage,
    /** Tells the user of something outside the content the build left for them to decide (one
     * line, a warning): the content's own are diagnostics. */
    readonly warn: (message: string) => void = () => {},
  ) {
    this.cwd = opts.cwd ?? process.cwd();
    this.contentAbs = path.resolve(this.cwd, opts.contentDir);
    this.contentName = path.relative(this.cwd, this.contentAbs).split(path.sep).join('/') || '.';
    this.outAbs = outputFolderAt(path.resolve(this.cwd, opts.outDir));
    this.keep = opts.retainFiles ?? true;
    this.diskFile = opts.diskCache ? cacheFile(this.cwd, opts.contentDir) : undefined;
    this.stateFile = this.diskFile && opts.write ? path.join(this.diskFile, `${hashOf(this.contentAbs, this.outAbs).slice(0, 16)}.state.bin`) : undefined;
    this.remember = Boolean(this.stateFile || opts.cache);
    this.pinpointsMode = opts.pinpoints ?? (opts.write ? 'update' : 'check');
    this.limits = { ...OUTPUT_LIMITS, ...opts.limits };
  }

  /** Runs one named step or pass, adding its time to `timings` (and telling onPhase it started). */
  readonly timed: Timer = (name, run) => {
    const t0 = performance.now();
    const record = () => this.timings.set(name, (this.timings.get(name) ?? 0) + performance.now() - t0);
    this.opts.onPhase?.(name);
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

  /** Starts work that goes on elsewhere (the shards, the file thread), timing only this thread's part
   * in starting it: what it then waits for is timed where it is awaited. */
  readonly timedStart = <T>(name: string, start: () => Promise<T>): Promise<T> => this.timed(name, () => ({ promise: start() })).promise;

  /** A path relative to the working directory, with forward slashes (as diagnostics name files). */
  readonly rel = (abs: string) => path.relative(this.cwd, abs).split(path.sep).join('/');

  /** The result of a build that found errors: nothing was written. */
  failed(diagnostics: Diagnostic[]): BuildResult {
    return { ok: false, diagnostics: sortDiagnostics(diagnostics), files: [], fileCount: 0, routes: [], urls: new Set(), pages: 0, timings: this.timings, ms: this.elapsed() };
  }

  elapsed(): number {
    return performance.now() - this.started;
  }

  /** Notes a file being written on another thread into the output target: the target is not
   * dropped before it is done. Returns `writing`. */
  writingAside(writing: Promise<void>): Promise<void> {
    this.aside.push(writing.catch(() => {}));
    return writing;
  }

  private aside: Promise<void>[] = [];

  /** Drops what this build wrote into the output target (the output folder stays as it was). */
  async abandon(): Promise<void> {
    await Promise.all(this.aside);
    await this.target?.abort();
    this.target = undefined;
  }
}
