/**
 * Incremental writing for `legalsite serve`: writes only the files whose bytes changed since the last
 * build and deletes the files that are gone, so a one-article edit touches a handful of files.
 */
import { renameSync, writeFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { hashOf } from '../build-cache.js';
import type { OutputFile } from './write-dist.js';

export interface WriteReport {
  written: string[];
  deleted: string[];
}

/** `previous` maps each path written last time to its hash; it is updated in place. */
export async function writeChangedFiles(outDir: string, files: OutputFile[], previous: Map<string, string>): Promise<WriteReport> {
  const written: string[] = [];
  const seen = new Set<string>();
  for (const f of files) {
    seen.add(f.path);
    const hash = hashOf(f.body);
    if (previous.get(f.path) === hash) continue;
    const abs = path.join(outDir, f.path);
    await mkdir(path.dirname(abs), { recursive: true });
    await writeFile(abs, f.body);
    previous.set(f.path, hash);
    written.push(f.path);
  }
  const deleted = [...previous.keys()].filter((p) => !seen.has(p)).sort();
  for (const p of deleted) {
    await rm(path.join(outDir, p), { force: true });
    previous.delete(p);
  }
  return { written: written.sort(), deleted };
}

/** Replaces one file at once (serve's quick preview of an edited page), atomically, and records its hash. */
export function writeOneFile(outDir: string, file: string, body: string, previous: Map<string, string>): void {
  const abs = path.join(outDir, file);
  writeFileSync(`${abs}.preview-tmp`, body);
  renameSync(`${abs}.preview-tmp`, abs);
  previous.set(file, hashOf(body));
}

/** Records the hashes of a full build's files, as the baseline for the next incremental write. */
export function rememberFiles(files: OutputFile[], into: Map<string, string>): void {
  into.clear();
  for (const f of files) into.set(f.path, hashOf(f.body));
}
