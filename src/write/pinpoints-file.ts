/**
 * Writes the id file (content/pinpoints.jsonl) the one way a build may: all at once (a temporary
 * file beside it, then a rename, so an editor or a second build never reads half of it), and only
 * when its text changed. Then notes its new stat in the content snapshot of the build state, so the
 * next build finds the content as this build left it (write/up-to-date.ts).
 * Reads: nothing. Writes: the id file.
 */
import { renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { hashOf } from '../hash.js';
import type { ContentSnapshot } from './up-to-date.js';

/** Writes `text` to `abs` atomically. */
export function writePinsFile(abs: string, text: string): void {
  const temp = path.join(path.dirname(abs), `.${path.basename(abs)}.${process.pid}.tmp`);
  try {
    writeFileSync(temp, text);
    renameSync(temp, abs);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

/** The snapshot with the file at `rel` (inside the content folder) as just written with `text`. */
export function withWrittenFile(snapshot: ContentSnapshot, abs: string, rel: string, text: string): ContentSnapshot {
  const st = statSync(abs);
  const entry: ContentSnapshot['files'][number] = [rel, st.size, st.mtimeMs, st.ctimeMs, st.ino, hashOf(Buffer.from(text))];
  const files = snapshot.files.filter((f) => f[0] !== rel);
  const at = files.findIndex((f) => rel < f[0]);
  files.splice(at < 0 ? files.length : at, 0, entry);
  return { ...snapshot, files };
}
