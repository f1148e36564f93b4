/**
 * What `legalsite build` remembers about the output folder it wrote (the build state, kept beside
 * the disk cache and written only after a successful build):
 * - the no-change fast path: when every content file is as it was (size, times and inode, the way
 *   git checks a working tree, never trusting a file changed within two seconds of the check), the
 *   options that shape the output and legalsite itself are the same, and every file that build wrote
 *   is still there as written, a rebuild would write the same bytes, so there is nothing to do;
 * - reuse: each file's fingerprint (what it is made from), so a file whose fingerprint did not change
 *   is left as it is (output-target.ts) instead of made and written again.
 */
import { existsSync, mkdirSync, readFileSync, readlinkSync, statSync } from 'node:fs';
import path from 'node:path';
import { checksumOfPieces, sealHeaderFor, unsealed } from './checksum.js';
import { piecesLength, serializePieces } from './serialize-pieces.js';
import { decodedText, encodedText } from './text-bytes.js';
import { writeFileAtomically } from './atomic-file.js';
import { deserializeCopy, hashOfFile, readScratch } from './scratch-read.js';
import fg from 'fast-glob';
import { hashOf } from '../hash.js';
import { unchangedSince } from '../file-stat.js';
import { confinementProblem } from '../load/content-files.js';
import { MANIFEST_PATH, readPreviousManifest } from '../load/read-previous-manifest.js';
import { diffManifests } from '../passes/manifest.js';
import { json } from '../routes/machine-files.js';
import { fileBody, outputPath } from '../routes/types.js';
import { toolKey } from '../tool-key.js';
import { OutputRecords } from './output-records.js';
import type { ScannedFolder } from './file-thread.js';
import type { FileStat } from '../file-stat.js';

export interface BuildState {
  inputKey: string;
  /** The content the build was made from. */
  content: ContentSnapshot;
  outDir: string;
  pages: number;
  /** Every file of the build, as written: path inside the output folder, size, modification time,
   * and a fingerprint of its inputs (a page's render inputs, a file's bytes) to reuse it by. */
  files: OutputRecords;
}

/** Every file under the content folder: path, size, modification and change times, inode, and a hash
 * of its bytes; and when it was looked at. */
export interface ContentSnapshot {
  takenAt: number;
  files: [path: string, size: number, mtimeMs: number, ctimeMs: number, ino: number, hash: string][];
}

export interface InputKey {
  /** legalsite itself and the options that change output. */
  key: string;
  content: ContentSnapshot;
}

/**
 * What a build is made from. A file's hash is taken from the last build's snapshot when its stat is
 * the same (and was not racy then); otherwise the file is read and hashed, as git does.
 * `own`: a folder inside the content folder that legalsite itself writes (the build cache, when it
 * lives there), left out: every build rewrites it, so no build would find its input unchanged.
 */
export function inputKey(contentDir: string, options: { baseUrl?: string; limits?: object }, previous?: ContentSnapshot, scanned?: { files: ScannedFolder; takenAt: number }, own?: string): InputKey {
  // A scan lists links as they are, not what they point to: a folder with links is listed here.
  const useScan = scanned && scanned.files.allFiles();
  const takenAt = useScan ? scanned.takenAt : Date.now();
  const known = new Map(previous?.files.map((f) => [f[0], f]));
  const files: { path: string; stats: FileStat & { hash?: string } }[] = useScan
    ? Array.from(scanned.files.entries(), ([p, st]) => ({ path: p, stats: st }))
    : linkedFiles(contentDir);
  const ownPrefix = own && `${own.split(path.sep).join('/')}/`;
  const input = ownPrefix ? files.filter((f) => !f.path.startsWith(ownPrefix)) : files;
  input.sort((a, b) => (a.path < b.path ? -1 : 1));
  const content = input.map(({ path: p, stats: st }): ContentSnapshot['files'][number] => {
    const then = known.get(p);
    const same = then && unchangedSince({ size: then[1], mtimeMs: then[2], ctimeMs: then[3], ino: then[4] }, previous!.takenAt, st);
    return [p, st.size, st.mtimeMs, st.ctimeMs, st.ino, same ? then[5] : st.hash ?? hashFile(path.join(contentDir, p))];
  });
  return { key: hashOf(toolKey(), JSON.stringify(options)), content: { takenAt, files: content } };
}

/**
 * The content folder's files when it holds links or special files: links are not followed out of it
 * (a link to / would list the whole disk, one to a FIFO never end a read), a link that stays inside
 * counts as the file it points at, and anything else counts by where it points, so adding or
 * changing it is noticed (the build reports it: load/content-files.ts).
 */
function linkedFiles(contentDir: string): { path: string; stats: FileStat & { hash?: string } }[] {
  const fileStat = (st: FileStat): FileStat => ({ size: st.size, mtimeMs: st.mtimeMs, ctimeMs: st.ctimeMs, ino: st.ino });
  return fg.sync('**/*', { cwd: contentDir, onlyFiles: false, dot: true, followSymbolicLinks: false, stats: true }).flatMap((e) => {
    const st = e.stats!;
    if (st.isDirectory()) return [];
    const abs = path.join(contentDir, e.path);
    if (st.isFile() || !confinementProblem(abs, contentDir)) return [{ path: e.path, stats: fileStat(st.isFile() ? st : statSync(abs)) }];
    let target = '';
    try {
      target = readlinkSync(abs);
    } catch {
      // Not a link: a FIFO, socket or device, never read.
    }
    return [{ path: e.path, stats: { size: st.size, mtimeMs: st.mtimeMs, ctimeMs: st.ctimeMs, ino: st.ino, hash: hashOf('not read', target) } }];
  });
}

/** The state was made from the same input: same legalsite and options, and every content file with
 * the same bytes. */
export function sameInput(state: BuildState, input: InputKey): boolean {
  const before = state.content?.files;
  if (state.inputKey !== input.key || !before || before.length !== input.content.files.length) return false;
  return input.content.files.every((now, i) => now[0] === before[i][0] && now[5] === before[i][5]);
}

function hashFile(file: string): string {
  try {
    return hashOfFile(file);
  } catch {
    return '';
  }
}

/**
 * The state as stored (sealed: checksum.ts): the byte length of this head, the head (serialized),
 * then the joined columns as UTF-8 (text-bytes.ts), in the order of `texts`: the content files'
 * paths and hashes, the output files' paths and fingerprints. Each list of strings is one NUL-joined
 * string (no path or hash holds a NUL) and the numbers are in one array, which is several times
 * faster to read and write than the same as JSON (54,000 output files at 10,000 articles).
 */
interface StoredState {
  format: 3;
  inputKey: string;
  outDir: string;
  pages: number;
  content: { takenAt: number; numbers: Float64Array };
  files: { numbers: Float64Array };
  texts: { byteLength: number; ascii: boolean }[];
}

const STORED_TEXTS = 4;

export function readBuildState(file: string): BuildState | undefined {
  try {
    const bytes = unsealed(readScratch(file));
    if (!bytes || bytes.length < 4) return undefined; // damaged: the next build is a full one, as without a state
    let at = 4 + bytes.readUInt32LE(0);
    const stored = deserializeCopy(bytes.subarray(4, at)) as StoredState;
    if (stored.format !== 3 || stored.texts.length !== STORED_TEXTS) return undefined;
    const [contentPaths, contentHashes, paths, fingerprints] = stored.texts.map(({ byteLength, ascii }) => decodedText(bytes.subarray(at, (at += byteLength)), ascii));
    if (at !== bytes.length) return undefined;
    const split = (joined: string) => (joined === '' ? [] : joined.split('\0'));
    const hashes = split(contentHashes);
    const n = stored.content.numbers;
    return {
      inputKey: stored.inputKey,
      outDir: stored.outDir,
      pages: stored.pages,
      content: { takenAt: stored.content.takenAt, files: split(contentPaths).map((p, i) => [p, n[4 * i], n[4 * i + 1], n[4 * i + 2], n[4 * i + 3], hashes[i]]) },
      // Kept joined, as stored (output-records.ts): only where each file's path and fingerprint start is worked out.
      files: OutputRecords.fromColumns(paths, fingerprints, stored.files.numbers),
    };
  } catch {
    return undefined;
  }
}

export function saveBuildState(file: string, state: BuildState): void {
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    const columns = state.files.columns();
    const texts = [state.content.files.map((f) => f[0]).join('\0'), state.content.files.map((f) => f[5]).join('\0'), columns.paths, columns.fingerprints].map(encodedText);
    const stored: StoredState = {
      format: 3,
      inputKey: state.inputKey,
      outDir: state.outDir,
      pages: state.pages,
      content: { takenAt: state.content.takenAt, numbers: Float64Array.from(state.content.files.flatMap((f) => [f[1], f[2], f[3], f[4]])) },
      files: { numbers: columns.numbers },
      texts: texts.map(({ byteLength, ascii }) => ({ byteLength, ascii })),
    };
    const head = serializePieces(stored);
    const headLength = Buffer.alloc(4);
    headLength.writeUInt32LE(piecesLength(head));
    // The file's bytes, after `header` when given. The texts are encoded twice, for the checksum the
    // file starts with and then to be written: each time into the same warm megabyte, which is
    // cheaper than holding their bytes.
    function* bytes(header?: Uint8Array): Generator<Uint8Array> {
      if (header) yield header;
      yield headLength;
      yield* head;
      for (const text of texts) yield* text.chunks();
    }
    const length = texts.reduce((sum, text) => sum + text.byteLength, headLength.length + piecesLength(head));
    writeFileAtomically(file, bytes(sealHeaderFor(length, checksumOfPieces(bytes()))));
  } catch {
    // Without a state file the next build is simply a full one.
  }
}

/** True when the output folder holds exactly the files of `state`, each as it was written. */
export function outputUnchanged(outDir: string, state: BuildState, scanned?: ScannedFolder): boolean {
  // A missing or empty folder is never a build's (each writes pages): its records are left unread.
  if (scanned?.size === 0 || !existsSync(outDir)) return false;
  const { files } = state;
  const then = (i: number) => ({ size: files.sizeAt(i), mtimeMs: files.mtimeAt(i) });
  if (scanned) {
    if (scanned.size !== files.count) return false;
    // As many files as records, each listed one found in the records where both lie (no string per file).
    for (let j = 0; j < scanned.size; j++) {
      const i = files.findNameOf(scanned.listed, j);
      if (i < 0 || !scanned.sameAt(j, then(i))) return false;
    }
    return true;
  }
  const present = fg.sync('**/*', { cwd: outDir, onlyFiles: true, dot: true });
  if (present.length !== files.count) return false;
  for (let i = 0; i < files.count; i++) {
    try {
      const st = statSync(path.join(outDir, files.pathAt(i)));
      if (st.size !== files.sizeAt(i) || st.mtimeMs !== files.mtimeAt(i)) return false;
    } catch {
      return false;
    }
  }
  return true;
}

/**
 * Whether the output folder still seems to hold what `state` says, judged by a sample of its files
 * spread over the list (each as it was written). Cheap enough to ask before the folder's listing is
 * in; only for guesses about how much work a build has (never for what it writes).
 */
export function outputSeemsIntact(outDir: string, state: BuildState, sample = 32): boolean {
  const { files } = state;
  if (!files.count) return false;
  const step = Math.max(1, Math.floor(files.count / sample));
  for (let i = 0; i < files.count; i += step) {
    try {
      const st = statSync(path.join(outDir, files.pathAt(i)));
      if (st.size !== files.sizeAt(i) || st.mtimeMs !== files.mtimeAt(i)) return false;
    } catch {
      return false;
    }
  }
  return true;
}

/**
 * A rebuild with nothing changed would record no changes in _legalsite/changes.json (it diffs the
 * manifest against itself): write that, as a full build would, and note the file's new stat.
 * Says whether the file was rewritten (the state then changed) or kept as it was; false when the
 * output folder lacks what this needs.
 */
export function recordNoChanges(outDir: string, state: BuildState): false | 'kept' | 'rewritten' {
  const manifest = readPreviousManifest(outDir);
  if (!manifest) return false;
  const route = json('/_legalsite/changes.json', diffManifests(manifest, manifest, ''));
  const rel = outputPath(route);
  const abs = path.join(outDir, rel);
  const entry = state.files.seek(rel);
  if (entry < 0 || state.files.seek(MANIFEST_PATH) < 0) return false;
  let current: string | undefined;
  try {
    current = readFileSync(abs, 'utf8');
  } catch {
    return false;
  }
  const body = fileBody(route);
  if (current !== body) {
    writeFileAtomically(abs, [Buffer.from(body)]);
    const st = statSync(abs);
    state.files.update(entry, { fingerprint: hashOf(body), size: st.size, mtimeMs: st.mtimeMs });
    return 'rewritten';
  }
  return 'kept';
}

/** The snapshot says what `earlier` said, file for file, and none of its files was changed so close
 * to when it was taken that a newer snapshot would judge it differently: saving it again would only
 * rewrite the same state (several megabytes at 10,000 articles). */
export function sameSnapshot(earlier: ContentSnapshot, now: ContentSnapshot): boolean {
  if (earlier.files.length !== now.files.length) return false;
  return earlier.files.every((f, i) => {
    const g = now.files[i];
    return f[0] === g[0] && f[5] === g[5] && unchangedSince({ size: f[1], mtimeMs: f[2], ctimeMs: f[3], ino: f[4] }, earlier.takenAt, { size: g[1], mtimeMs: g[2], ctimeMs: g[3], ino: g[4] });
  });
}
