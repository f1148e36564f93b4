/**
 * Writes a file the build keeps between runs (the cache's parts and memos, the build state) all at
 * once: into a temporary file beside it, renamed over it, so a reader never sees half of one. From
 * pieces, written one after another, so that a large file is not first joined into one more Buffer
 * (each Buffer counts towards the external memory that starts V8's full collections: scratch-read.ts).
 */
import { closeSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';

export function writeFileAtomically(file: string, pieces: readonly Uint8Array[]): void {
  const temp = `${file}.${process.pid}.tmp`;
  try {
    const fd = openSync(temp, 'w');
    try {
      for (const piece of pieces) for (let done = 0; done < piece.length; ) done += writeSync(fd, piece, done, piece.length - done);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, file);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}
