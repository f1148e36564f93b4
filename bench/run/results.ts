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

export interface SizeResult {
  articles: number;
  corpus: { terms: number; pages: number; files: number; bytes: number; generateMs: number; dir?: string };
  /** Articles, terms and pages: the source documents behind "ms per document". */
  documents: number;
  cold?: BuildRun;
  /** Only when the CLI has a cache: the build after the cold one, which fills it (not reported). */
  prime?: BuildRun;
  warm?: BuildRun;
  changed?: BuildRun;
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
