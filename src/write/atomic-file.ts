/**
 * Writes a file the build keeps (the cache's parts and memos, the build state, the id file) all at
 * once: into a temporary file beside it, renamed over it, so a reader never sees half of one; a
 * failure removes the temporary file and leaves the old one. Written as pieces, one after another,
 * so that a large file is not first joined into one more Buffer (each Buffer counts towards the
 * external memory that starts V8's full collections: scratch-read.ts).
 */
import { closeSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';

/** `file` made of `pieces`. */
export function writeFileAtomically(file: string, pieces: readonly Uint8Array[]): void {
  writeStreamAtomically(file, `${file}.${process.pid}.tmp`, (put) => pieces.forEach(put));
}

/** `file` made of what `produce` puts, in order, through the temporary file `temp`; returns what
 * `produce` returns. */
export function writeStreamAtomically<T>(file: string, temp: string, produce: (put: (bytes: Uint8Array) => void) => T): T {
  try {
    const fd = openSync(temp, 'w');
    let result: T;
    try {
      result = produce((bytes) => {
        for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done, bytes.length - done);
      });
    } finally {
      closeSync(fd);
    }
    renameSync(temp, file);
    return result;
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}
