/**
 * Writes the id file (content/pinpoints.jsonl) the one way a build may: all at once (a temporary
 * file beside it, then a rename, so an editor or a second build never reads half of it), and only
 * when its text changes. The articles whose records did not change keep their bytes as they were;
 * the file is put together in the format's order (record-format.ts). Returns what the next build
 * needs to skip reading it (its memo, with the hash the build state's content snapshot records).
 * Reads: the id file (when the build did not read it whole). Writes: the id file.
 */
import { closeSync, fstatSync, openSync } from 'node:fs';
import path from 'node:path';
import { ContentChangedError } from '../engine/shard-protocol.js';
import { statOf } from '../file-stat.js';
import { partHasher } from '../hash.js';
import { issuedOf, memoOf, type PinsFile, type PinsMemo, type PinsSpan, pinsKeyOf } from '../load/pinpoints-file.js';
import { headerLine } from '../passes/pinpoints/record-format.js';
import { writeStreamAtomically } from './atomic-file.js';
import { readScratchAt } from './scratch-read.js';
import type { ContentSnapshot } from './up-to-date.js';

/** Writes the id file with `changes` (slug → its new lines, or null: no longer recorded there).
 * Streamed: the articles whose lines did not change are copied from the old file in blocks, and the
 * new file is written and hashed as it is put together, so neither file is held whole (180 MB at
 * 50,000 articles; held, each was a Buffer that V8 answers with full collections of the heap). */
export function writePinsFile(pins: PinsFile, changes: Map<string, string | null>): { memo: PinsMemo } {
  const slugs = [...new Set([...pins.spans.keys(), ...changes.keys()])].filter((s) => changes.get(s) !== null).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const spans = new Map<string, PinsSpan>();
  const temp = path.join(path.dirname(pins.abs), `.${path.basename(pins.abs)}.${process.pid}.tmp`);
  const old = oldBytes(pins);
  // Before the file is written, as its stat is taken after: a file changed after this is never
  // taken as unchanged by its stat alone (file-stat.ts).
  const readAt = Date.now();
  let hash: string;
  try {
    hash = writeStreamAtomically(pins.abs, temp, (put) => {
      const out = new HashingWriter(put);
      out.put(Buffer.from(`${headerLine()}\n`));
      for (const slug of slugs) {
        const lines = changes.get(slug) ?? undefined;
        const span = pins.spans.get(slug);
        const chunk = lines === undefined ? old!.get(span!.offset, span!.length) : Buffer.from(lines);
        spans.set(slug, lines === undefined ? { ...span!, offset: out.offset } : { offset: out.offset, length: chunk.length, key: pinsKeyOf(lines), issued: issuedOf(lines) });
        out.put(chunk);
        out.put(NEWLINE);
      }
      return out.end();
    });
  } finally {
    old?.close();
  }
  return { memo: memoOf({ stat: statOf(pins.abs)!, readAt, hash }, true, spans) };
}

const NEWLINE = Buffer.from('\n');

/** The file's bytes as the build indexed them (it must not have changed since), read in blocks. */
function oldBytes(pins: PinsFile): OldBytes | undefined {
  if (pins.bytes) return new OldBytes(pins.bytes);
  if (!pins.exists) return undefined;
  const fd = openSync(pins.abs, 'r');
  const now = fstatSync(fd);
  const then = pins.memo!.stat;
  if (now.size !== then.size || now.mtimeMs !== then.mtimeMs || now.ino !== then.ino) {
    closeSync(fd);
    throw new ContentChangedError(pins.file);
  }
  return new OldBytes(fd);
}

const BLOCK = 8 << 20;

/** Spans of the old file: from its bytes in memory, or read from it a block at a time (spans are
 * asked for in the file's order, so each block is read once). A span is valid until the next. */
class OldBytes {
  private block: Buffer = Buffer.alloc(0);
  private blockAt = 0;

  constructor(private source: Buffer | number) {}

  get(offset: number, length: number): Buffer {
    if (typeof this.source !== 'number') return this.source.subarray(offset, offset + length);
    if (offset < this.blockAt || offset + length > this.blockAt + this.block.length) {
      const block = readScratchAt(this.source, Math.max(length, Math.min(BLOCK, fstatSync(this.source).size - offset)), offset);
      if (!block) throw new Error('the id file became shorter while it was read');
      this.block = block;
      this.blockAt = offset;
    }
    return this.block.subarray(offset - this.blockAt, offset - this.blockAt + length);
  }

  close(): void {
    if (typeof this.source === 'number') closeSync(this.source);
  }
}

/** Puts bytes on through a buffer of 1 MB (a record is a few kilobytes), hashing them as hashOf
 * hashes a file's bytes. */
class HashingWriter {
  private buffer = Buffer.allocUnsafe(1 << 20);
  private used = 0;
  private hash = partHasher();
  offset = 0;

  constructor(private sink: (bytes: Uint8Array) => void) {}

  put(bytes: Buffer): void {
    if (this.used + bytes.length > this.buffer.length) this.flush();
    if (bytes.length > this.buffer.length) this.send(bytes);
    else this.used += bytes.copy(this.buffer, this.used);
    this.offset += bytes.length;
  }

  /** Flushes, and returns the hash of all that was put. */
  end(): string {
    this.flush();
    return this.hash.digest();
  }

  private flush(): void {
    this.send(this.buffer.subarray(0, this.used));
    this.used = 0;
  }

  private send(bytes: Buffer): void {
    this.hash.update(bytes);
    this.sink(bytes);
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
