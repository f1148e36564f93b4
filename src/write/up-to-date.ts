/**
 * What `legalsite build` remembers about the output folder it wrote (the build state, kept beside
 * the disk cache and written only after a successful build):
 * - the no-change fast path: when the content folder, the options that shape the output and
 *   legalsite itself are exactly as they were, and every file that build wrote is still there as
 *   written, a rebuild would write the same bytes, so there is nothing to do;
 * - reuse: each file's fingerprint (what it is made from), so a file whose fingerprint did not change
 *   is left as it is (output-target.ts) instead of made and written again.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { hashOf } from '../build-cache.js';
import { MANIFEST_PATH, readPreviousManifest } from '../load/read-previous-manifest.js';
import { diffManifests } from '../passes/manifest.js';
import { json } from '../routes/machine-files.js';
import { fileBody, outputPath } from '../routes/types.js';
import { toolKey } from '../tool-key.js';
import type { OutputRecord } from './output-target.js';

export interface BuildState {
  inputKey: string;
  outDir: string;
  pages: number;
  /** Every file of the build, as written: path inside the output folder, size, modification time,
   * and a fingerprint of its inputs (a page's render inputs, a file's bytes) to reuse it by. */
  files: [path: string, size: number, mtimeMs: number, fingerprint?: string][];
}

/**
 * A hash of everything a build's output depends on: every file under the content folder (bytes),
 * legalsite itself (tool-key.ts), and the options that change output.
 */
export function inputKey(contentDir: string, options: { baseUrl?: string }): { key: string; texts: Map<string, string> } {
  const content = fg.sync('**/*', { cwd: contentDir, onlyFiles: true, dot: true }).sort();
  const bytes = content.map((f) => readFileSync(path.join(contentDir, f)));
  const key = hashOf(toolKey(), JSON.stringify(options), ...content.flatMap((f, i) => [f, bytes[i]]));
  // The texts the key was made from, for load to parse: the content is read once, and the key
  // describes exactly what was built even if a file changes during the build.
  const texts = new Map<string, string>();
  content.forEach((f, i) => /\.(md|ya?ml)$/i.test(f) && texts.set(path.join(contentDir, f), bytes[i].toString('utf8')));
  return { key, texts };
}

export function readBuildState(file: string): BuildState | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as BuildState;
  } catch {
    return undefined;
  }
}

export function saveBuildState(file: string, state: BuildState): void {
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, JSON.stringify(state));
    renameSync(temp, file);
  } catch {
    // Without a state file the next build is simply a full one.
  }
}

/** The state's file list as the output target's records, and back. */
export function recordsOfState(state: BuildState): Map<string, OutputRecord> {
  return new Map(state.files.filter((f) => f[3] !== undefined).map(([p, size, mtimeMs, fingerprint]) => [p, { fingerprint: fingerprint!, size, mtimeMs }]));
}

export function stateFilesOf(records: Map<string, OutputRecord>): BuildState['files'] {
  return [...records].sort(([a], [b]) => (a < b ? -1 : 1)).map(([p, r]) => [p, r.size, r.mtimeMs, r.fingerprint]);
}

/** True when the output folder holds exactly the files of `state`, each as it was written. */
export function outputUnchanged(outDir: string, state: BuildState): boolean {
  if (!existsSync(outDir)) return false;
  const present = fg.sync('**/*', { cwd: outDir, onlyFiles: true, dot: true });
  if (present.length !== state.files.length) return false;
  for (const [p, size, mtimeMs] of state.files) {
    try {
      const st = statSync(path.join(outDir, p));
      if (st.size !== size || st.mtimeMs !== mtimeMs) return false;
    } catch {
      return false;
    }
  }
  return true;
}

/**
 * A rebuild with nothing changed would record no changes in _legalsite/changes.json (it diffs the
 * manifest against itself): write that, as a full build would, and note the file's new stat.
 */
export function recordNoChanges(outDir: string, state: BuildState): boolean {
  const manifest = readPreviousManifest(outDir);
  if (!manifest) return false;
  const route = json('/_legalsite/changes.json', diffManifests(manifest, manifest, ''));
  const rel = outputPath(route);
  const abs = path.join(outDir, rel);
  const entry = state.files.find(([p]) => p === rel);
  if (!entry || !state.files.some(([p]) => p === MANIFEST_PATH)) return false;
  let current: string | undefined;
  try {
    current = readFileSync(abs, 'utf8');
  } catch {
    return false;
  }
  const body = fileBody(route);
  if (current !== body) {
    writeFileSync(`${abs}.tmp`, body);
    renameSync(`${abs}.tmp`, abs);
    const st = statSync(abs);
    entry[1] = st.size;
    entry[2] = st.mtimeMs;
    entry[3] = hashOf(body);
  }
  return true;
}
