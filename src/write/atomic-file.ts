/**
 * Writes a file the build keeps (the cache's parts and memos, the build state, the id file) all at
 * once: into a temporary file beside it, renamed over it, so a reader never sees half of one; a
 * failure removes the temporary file and leaves the old one. Written as pieces, one after another,
 * so that a large file is not first joined into one more Buffer (each Buffer counts towards the
 * external memory that starts V8's full collections: scratch-read.ts).
 */
import { closeSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { namingFile } from './named-write.js';

/** All of `bytes`, at the file's position: a write may take fewer bytes than given. */
function writeAll(fd: number, bytes: Uint8Array, file: string): void {
  for (let done = 0; done < bytes.length; ) {
    const n = writeSync(fd, bytes, done, bytes.length - done);
    if (n === 0) throw Object.assign(new Error(`could not write ${file}`), { code: 'EIO', syscall: 'write', path: file });
    done += n;
  }
}

/** `file` made of `pieces`, one after another, written where it is (not atomically: for a new file
 * in a folder of new files, such as the output target's staging folder). */
export function writePieces(file: string, pieces: readonly Uint8Array[]): void {
  try {
    const fd = openSync(file, 'w');
    try {
      for (const piece of pieces) writeAll(fd, piece, file);
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    throw namingFile(error, file);
  }
}

/** `file` made of `pieces` (each written before the next is asked for). */
export function writeFileAtomically(file: string, pieces: Iterable<Uint8Array>): void {
  writeStreamAtomically(file, `${file}.${process.pid}.tmp`, (put) => {
    for (const piece of pieces) put(piece);
  });
}

/** `file` made of what `produce` puts, in order, through the temporary file `temp`; returns what
 * `produce` returns. */
export function writeStreamAtomically<T>(file: string, temp: string, produce: (put: (bytes: Uint8Array) => void) => T): T {
  try {
    const fd = openSync(temp, 'w');
    let result: T;
    try {
      result = produce((bytes) => writeAll(fd, bytes, temp));
    } finally {
      closeSync(fd);
    }
    renameSync(temp, file);
    return result;
  } catch (error) {
    rmSync(temp, { force: true });
    throw namingFile(error, file);
  }
}
