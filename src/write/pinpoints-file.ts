/**
 * Writes the id file (content/pinpoints.jsonl) the one way a build may: all at once (a temporary
 * file beside it, then a rename, so an editor or a second build never reads half of it), and only
 * when its text changes. The articles whose records did not change keep their bytes as they were;
 * the file is put together in the format's order (record-format.ts). Returns what the next build
 * needs to skip reading it (its memo), and its bytes, for the build state's content snapshot.
 * Reads: the id file (when the build did not read it whole). Writes: the id file.
 */
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ContentChangedError } from '../engine/shard-protocol.js';
import { statOf } from '../file-stat.js';
import { hashOf } from '../hash.js';
import { memoOf, type PinsFile, type PinsMemo, type PinsSpan, pinsKeyOf } from '../load/pinpoints-file.js';
import { headerLine } from '../passes/pinpoints/record-format.js';
import type { ContentSnapshot } from './up-to-date.js';

/** Writes the id file with `changes` (slug → its new lines, or null: no longer recorded there). */
export function writePinsFile(pins: PinsFile, changes: Map<string, string | null>): { memo: PinsMemo } {
  const old = oldBytes(pins);
  const slugs = [...new Set([...pins.spans.keys(), ...changes.keys()])].filter((s) => changes.get(s) !== null).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const parts: Buffer[] = [Buffer.from(`${headerLine()}\n`)];
  const spans = new Map<string, PinsSpan>();
  let offset = parts[0].length;
  const newline = Buffer.from('\n');
  for (const slug of slugs) {
    const lines = changes.get(slug) ?? undefined;
    const span = pins.spans.get(slug);
    const chunk = lines === undefined ? old!.subarray(span!.offset, span!.offset + span!.length) : Buffer.from(lines);
    spans.set(slug, { offset, length: chunk.length, key: lines === undefined ? span!.key : pinsKeyOf(lines) });
    parts.push(chunk, newline);
    offset += chunk.length + 1;
  }
  const bytes = Buffer.concat(parts);
  const readAt = Date.now();
  writeAtomically(pins.abs, bytes);
  return { memo: memoOf({ stat: statOf(pins.abs)!, readAt, hash: hashOf(bytes) }, true, spans) };
}

/** The file's bytes as the build indexed them; it must not have changed since. */
function oldBytes(pins: PinsFile): Buffer | undefined {
  if (pins.bytes || !pins.exists) return pins.bytes;
  const now = statOf(pins.abs);
  const then = pins.memo!.stat;
  if (!now || now.size !== then.size || now.mtimeMs !== then.mtimeMs || now.ino !== then.ino) throw new ContentChangedError(pins.file);
  return readFileSync(pins.abs);
}

function writeAtomically(abs: string, bytes: Buffer): void {
  const temp = path.join(path.dirname(abs), `.${path.basename(abs)}.${process.pid}.tmp`);
  try {
    writeFileSync(temp, bytes);
    renameSync(temp, abs);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

/** The snapshot with the file at `rel` (inside the content folder) as just written. */
export function withWrittenFile(snapshot: ContentSnapshot, rel: string, memo: PinsMemo): ContentSnapshot {
  const st = memo.stat;
  const entry: ContentSnapshot['files'][number] = [rel, st.size, st.mtimeMs, st.ctimeMs, st.ino, memo.hash];
  const files = snapshot.files.filter((f) => f[0] !== rel);
  const at = files.findIndex((f) => rel < f[0]);
  files.splice(at < 0 ? files.length : at, 0, entry);
  return { ...snapshot, files };
}
