/**
 * The shape of one benchmark run as saved to bench/results/latest.json, and the one function that
 * writes it. Times are milliseconds, memory KB, sizes bytes.
 * Reads: nothing. Writes: the results file.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BuildRun } from './measure-build.js';
import type { SizeRow } from './output-sizes.js';
import type { ServeRun } from './measure-serve.js';
import type { SearchRun } from './measure-search.js';
import type { PeerRun } from './peer-hugo.js';

/** The peer's builds of the same corpus, interleaved with legalsite's. */
export interface PeerResult {
  name: 'hugo';
  version: string;
  /** Pages Hugo's copy of the corpus holds (articles, terms, the about page). */
  pages: number;
  coldRuns: PeerRun[];
  /** Hugo has no incremental build from the command line: `hugo` again after one changed file. */
  changedRuns: PeerRun[];
}

export interface SizeResult {
  articles: number;
  corpus: { terms: number; pages: number; files: number; bytes: number; generateMs: number; dir?: string };
  /** Articles, terms and pages: the source documents behind "ms per document". */
  documents: number;
  /** The cold build with the median wall time (its profile is the one reported). */
  cold?: BuildRun;
  /** Every cold build (`--no-cache`, output folder removed first). */
  coldRuns?: BuildRun[];
  /** Builds with a warm build cache and the output folder removed first (what CI does when it
   * restores its cache into a fresh checkout): never to be slower than a cold build. */
  emptyOutRuns?: BuildRun[];
  /** Only when the CLI has a cache: the build after the cold one, which fills it (not reported). */
  prime?: BuildRun;
  warm?: BuildRun;
  changed?: BuildRun;
  /** Every rebuild after one changed article (a different article each time). */
  changedRuns?: BuildRun[];
  peer?: PeerResult;
  serve?: ServeRun;
  /** What the site search downloads and what its index takes (measure-search.ts). */
  search?: SearchRun;
  /** Size of the CLI's build cache file for this corpus after the rebuilds, when it has one. */
  cacheBytes?: number;
  /** The sizes of the files the cold build wrote that readers and crawlers download (output-sizes.ts). */
  outputs?: SizeRow[];
  /** What went wrong or was skipped, in words. */
  notes: string[];
}

export interface Linearity {
  metric: string;
  small: number;
  large: number;
  ratio: number;
  target: number;
  ok: boolean;
}

export interface BenchResults {
  startedAt: string;
  machine: { node: string; platform: string; cpus: number; cpuModel: string; memoryGb: number };
  seed: number;
  /** Runs of each compared build. */
  runs: number;
  /** Why the peer asked for did not run (not installed), if it did not. */
  peerNote?: string;
  /** Whether `build --no-cache` existed (then the cold build used it). */
  noCacheFlag: boolean;
  sizes: SizeResult[];
  linearity: Linearity[];
}

/** Facts about this machine, recorded next to the figures. */
export function describeMachine(): BenchResults['machine'] {
  const cpus = os.cpus();
  return {
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    cpus: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    memoryGb: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
  };
}

/** Writes the results as indented JSON. */
export function writeResults(file: string, results: BenchResults): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
}
