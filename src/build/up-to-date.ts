/**
 * Step: check up to date. Guards and locks the output folder, repairs what a killed build left beside it,
 * lists the content and output folders (on the file thread), reads the last build's state and
 * fingerprints the input; when nothing changed since the build that wrote the output folder, the
 * build ends here with that folder as it is.
 * Reads: the content folder's listing and changed files, the output folder's listing, the state.
 * Writes: the state (a no-change build's snapshot), _legalsite/changes.json (no changes).
 */
import { accessSync, constants, existsSync } from 'node:fs';
import path from 'node:path';
import { UsageError } from '../diagnostics/diagnostic.js';
import { isFolder } from '../file-stat.js';
import { FileThread, type FolderScan, type ScannedFolder } from '../write/file-thread.js';
import { cacheFile } from '../write/cache-location.js';
import { guardOutputFolder, OUTPUT_MARKER, outputFolderAt } from '../write/output-guard.js';
import { lockOutputFolder } from '../write/output-lock.js';
import { recoverOutputFolder, removeDeadPreviewMarks } from '../write/output-recovery.js';
import { reserveScratchFor } from '../write/scratch-read.js';
import { type BuildState, type InputKey, inputKey, outputUnchanged, readBuildState, recordNoChanges, sameInput, sameSnapshot, saveBuildState } from '../write/up-to-date.js';
import type { BuildResult, BuildRun } from './run.js';
import { pathInside } from '../inside-folder.js';

/** What the last build left, as this build found it. */
export interface LastBuild {
  state?: BuildState;
  /** This build's input (with the state file only). */
  input?: InputKey;
  /** The content folder's files, when listed on the file thread. */
  contentFiles?: ScannedFolder;
  /** The output folder's listing, when taken. */
  outputScan?: FolderScan;
}

/** The last build as found, or a finished result when the output folder is up to date. */
export async function checkUpToDate(run: BuildRun): Promise<{ last: LastBuild; upToDate?: BuildResult }> {
  const { opts, contentAbs, outAbs, stateFile, timed } = run;
  if (!isFolder(contentAbs)) throw new UsageError(`${existsSync(contentAbs) ? 'content folder is a file, not a folder' : 'content folder not found'}: ${opts.contentDir} (pass --content DIR)`);
  if (opts.write) {
    // Before anything in or beside the output folder is read or touched; and again after the
    // recovery, which may have put back a folder that a killed build was replacing.
    const guard = { outDir: opts.outDir, contentDir: opts.contentDir, cwd: run.cwd, force: opts.force, cacheDir: path.dirname(cacheFile(run.cwd, opts.contentDir)) };
    guardOutputFolder(guard);
    // A read-only output folder could be swapped out but its files not deleted: the build then
    // failed after dist/ had already changed, and its leftover copy stopped every later build.
    // Refused (exit 4) before anything moves.
    if (isFolder(outAbs)) accessSync(outputFolderAt(outAbs), constants.W_OK);
    run.lock = lockOutputFolder(outAbs);
    const recovered = recoverOutputFolder(outAbs);
    if (recovered.putBack) guardOutputFolder(guard);
    for (const dir of recovered.leftAside) run.warn(`${path.relative(run.cwd, dir) || dir} holds a folder of yours that a killed build was replacing with --force, set aside because ${opts.outDir} exists again; it was left as it is: move back what you need, then remove it`);
  }
  // The content and output folders are listed on a thread of their own while the state is read.
  const takenAt = Date.now();
  const fileThread = (run.fileThread = opts.write ? new FileThread() : undefined);
  // Listings are shared: this thread takes stats too when it has to wait for one.
  const [contentScan, outputScan] = fileThread && (stateFile || opts.cache?.outputs?.outDir === outAbs) ? fileThread.scan([contentAbs, outAbs], [true, true]) : [];
  // The cache's largest file sets the read buffer's size now, while the heap is small (scratch-read.ts).
  const state = timed('up-to-date', () => {
    if (run.diskFile) reserveScratchFor(run.diskFile);
    return stateFile ? readBuildState(stateFile) : undefined;
  });
  const contentFiles = await timed('up-to-date', () => contentScan?.help());
  const input = stateFile ? timed('up-to-date', () => inputKey(contentAbs, { baseUrl: opts.baseUrl, limits: opts.limits }, state?.content, contentFiles && { files: contentFiles, takenAt }, cacheInside(contentAbs, run.diskFile))) : undefined;
  const last = { state, input, contentFiles, outputScan };
  // serve needs the whole site in memory, even when the output folder is up to date.
  if (opts.cache || !stateFile || !input || !state || state.outDir !== outAbs || !sameInput(state, input)) return { last };
  const outputFiles = await timed('up-to-date', () => outputScan?.help());
  const recorded = timed('up-to-date', () => outputUnchanged(outAbs, state, outputFiles) && recordNoChanges(outAbs, state));
  if (!recorded) return { last };
  // Every file is as the last build wrote it: no page of a killed serve's quick preview stands there.
  removeDeadPreviewMarks(outAbs);
  if (recorded === 'rewritten' || !sameSnapshot(state.content, input.content)) saveBuildState(stateFile, { ...state, content: input.content });
  const upToDate: BuildResult = { ok: true, diagnostics: [], files: [], fileCount: state.files.count - (state.files.seek(OUTPUT_MARKER) >= 0 ? 1 : 0), routes: [], urls: new Set(), pages: state.pages, upToDate: true, timings: run.timings, ms: run.elapsed() };
  return { last, upToDate };
}

/** The build caches' folder, as a path inside the content folder when it is there (a build run from
 * the content folder itself, with no node_modules beside it, keeps its cache in .legalsite-cache). */
function cacheInside(contentAbs: string, diskFile: string | undefined): string | undefined {
  if (!diskFile) return undefined;
  return pathInside(contentAbs, path.dirname(diskFile));
}
