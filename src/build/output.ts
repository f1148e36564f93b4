/**
 * Steps: open the output, and commit it. Where this build's files go: the output folder updated in
 * place when it is as the last build left it, else a complete new folder swapped in (a different
 * legalsite or different options change nearly every file, and writing them all afresh is then
 * twice as fast as renaming each over its old copy at 10,000 articles). Nothing in the output folder
 * changes before the commit, which is all or nothing (write/output-target.ts); then the state and
 * the build cache are saved for the next build.
 * Reads: the last build's state and output listing. Writes: the output folder, the id file (after
 * the output folder: build/pinpoints.ts), the state, the cache.
 */
import { existsSync } from 'node:fs';
import type { BuildCache } from '../engine/build-cache.js';
import { saveDiskCache } from '../write/disk-cache.js';
import { removeDeadPreviewMarks } from '../write/output-recovery.js';
import { type CommitReport, OutputTarget } from '../write/output-target.js';
import { type BuildState, outputSeemsIntact, saveBuildState } from '../write/up-to-date.js';
import { commitPinpoints, type PinsUpdate } from './pinpoints.js';
import type { BuildRun } from './run.js';
import type { LastBuild } from './up-to-date.js';
import { listNow } from '../write/file-thread.js';

/**
 * Whether this build may update the output folder in place, as far as the last build's state and a
 * sample of its files tell before anything is loaded: only then can the build cache's article
 * digests spare reading and rendering articles. A missing or emptied output folder (CI restoring its
 * cache into a fresh checkout) is made afresh, every article read and rendered again; the digests,
 * read later (build/check-articles.ts), spare only making each unchanged article's digest again.
 */
export function mayUpdateOutput(run: BuildRun, last: LastBuild): boolean {
  const { opts, outAbs } = run;
  if (!opts.write || run.keep || opts.cache) return Boolean(opts.cache);
  const state = last.state;
  return state?.outDir === outAbs && state.inputKey === last.input?.key && existsSync(outAbs) && outputSeemsIntact(outAbs, state);
}

/** The output target of a build that will write, or undefined (check, or content that cannot build). */
export async function openOutput(run: BuildRun, last: LastBuild, buildable: boolean): Promise<OutputTarget | undefined> {
  const { opts, outAbs } = run;
  if (!opts.write || !buildable) return undefined;
  const sameMaker = last.state?.outDir === outAbs && last.state.inputKey === last.input?.key;
  if (run.keep || !existsSync(outAbs)) return OutputTarget.fresh(outAbs);
  const previous = opts.cache?.outputs ? (opts.cache.outputs.outDir === outAbs ? opts.cache.outputs.records : undefined) : sameMaker ? last.state!.files : undefined;
  if (!previous) return OutputTarget.fresh(outAbs);
  // A listing spoilt by a file that went while it was taken (serve's quick preview renames one) is
  // taken again here: without one, the output folder would be written afresh, every file of it.
  return OutputTarget.update(outAbs, previous, (await last.outputScan?.help()) ?? listNow(outAbs));
}

/** Commits the output, then saves what the next build starts from: the output folder's state (or
 * serve's records of it) and the build cache. `writing`: the last file, still being made on the
 * file thread (the published manifest), which the commit waits for. */
export async function commitOutput(run: BuildRun, last: LastBuild, cache: BuildCache | undefined, pages: number, pins?: PinsUpdate, writing?: Promise<void>): Promise<CommitReport | undefined> {
  const { opts, outAbs, stateFile, timed } = run;
  const output = run.target;
  if (writing) await timed('published', () => writing);
  const committed = output ? await timed('commit', () => output.commit(run.remember)) : undefined;
  // The whole folder is this build's now: a killed serve's quick preview no longer stands in it.
  if (committed) removeDeadPreviewMarks(outAbs);
  if (committed && opts.cache) opts.cache.outputs = { outDir: outAbs, records: committed.records };
  // The id file after the output folder: a build that fails before never touches the content folder.
  const content = committed ? timed('pinpoints', () => commitPinpoints(run, pins, last.input?.content, cache)) : undefined;
  // The id file's bytes (tens of megabytes at 10,000 articles) are not kept with the result: serve
  // holds results for a session, and reads an article's lines again from the file when it needs them.
  if (pins) pins.file.bytes = undefined;
  if (committed && stateFile && last.input) {
    const next: BuildState = { inputKey: last.input.key, content: content!, outDir: outAbs, pages, files: committed.records };
    timed('up-to-date', () => saveBuildState(stateFile, next));
  }
  if (run.diskFile && cache) timed('cache-save', () => saveDiskCache(run.diskFile!, cache));
  return committed;
}
