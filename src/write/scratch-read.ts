/**
 * Reads of the large files a build reads whole and then drops (the build cache's parts and memos,
 * the build state, a content file to hash), all through one buffer that is reused.
 * Why: V8 counts a Buffer's bytes as external memory and starts a full collection of the heap each
 * time that grows by 64 MB since the last one, and a Buffer's bytes are freed only by a collection.
 * Each file read into a Buffer of its own therefore started full collections while the cache was
 * loading: ten in a rebuild at 50,000 articles (a gigabyte of cache files), each going over every
 * digest loaded so far, about 1.6 s of a 31 s rebuild. One buffer, grown to the largest file read
 * and kept, counts once.
 * What is read is valid until the next read: callers deserialize it (deserializeCopy) or hash it at
 * once. Single-threaded by construction (each thread that imports this has its own buffer).
 */
import { closeSync, type Dirent, fstatSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import path from 'node:path';
import { DefaultDeserializer } from 'node:v8';
import { partHasher } from '../hash.js';
import { viewTypeNumbers } from './view-types.js';

let scratch = Buffer.alloc(0);

function room(length: number): Buffer {
  // Grown by half again so that a run of slightly larger files does not reallocate each time.
  if (scratch.length < length) scratch = Buffer.allocUnsafe(Math.max(length, Math.floor(scratch.length * 1.5)));
  return scratch.subarray(0, length);
}

/**
 * Grows the buffer at once to the largest file in `dir` (the build cache's folder: its state, parts
 * and memos), before the build holds much: growing it later, past the external memory V8 allowed at
 * the last full collection (64 MB more), starts a full collection of a heap that by then holds the
 * loaded cache (about 0.2 s each at 50,000 articles). A buffer not yet written takes no memory.
 */
export function reserveScratchFor(dir: string): void {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return; // no cache yet
  }
  let largest = 0;
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    try {
      largest = Math.max(largest, statSync(path.join(dir, entry.name)).size);
    } catch {
      // Gone since the listing (another build's temporary file): not one to read.
    }
  }
  try {
    room(largest);
  } catch {
    // Too large to hold: reading that file fails the same way, where its reader expects it to.
  }
}

/** Fills `into` from `fd` at `position`; false when the file ends first. */
function readFully(fd: number, into: Buffer, position: number): boolean {
  let done = 0;
  while (done < into.length) {
    const n = readSync(fd, into, done, into.length - done, position + done);
    if (n === 0) return false;
    done += n;
  }
  return true;
}

/** The whole file, in the shared buffer (valid until the next read). Throws as readFileSync does. */
export function readScratch(file: string): Buffer {
  const fd = openSync(file, 'r');
  try {
    const bytes = room(fstatSync(fd).size);
    if (!readFully(fd, bytes, 0)) throw new Error(`${file} became shorter while it was read`);
    return bytes;
  } finally {
    closeSync(fd);
  }
}

/** `length` bytes of an open file from `position`, in the shared buffer (valid until the next
 * read); undefined when the file ends first. */
export function readScratchAt(fd: number, length: number, position: number): Buffer | undefined {
  const bytes = room(length);
  return readFully(fd, bytes, position) ? bytes : undefined;
}

const CHUNK = 1 << 20;

/** hashOf(the file's bytes), read in chunks, so a file of any size costs one megabyte of buffer. */
export function hashOfFile(file: string): string {
  const fd = openSync(file, 'r');
  try {
    const h = partHasher();
    const chunk = room(CHUNK);
    for (let at = 0; ; ) {
      const n = readSync(fd, chunk, 0, CHUNK, at);
      if (n === 0) break;
      h.update(chunk.subarray(0, n));
      at += n;
    }
    return h.digest();
  } finally {
    closeSync(fd);
  }
}

/**
 * v8.deserialize, but with typed arrays copied out of `bytes`: Node's deserializer makes them views
 * of the buffer it reads, which for the shared buffer would change under them with the next read
 * (and for a buffer of their own would keep all of it alive).
 */
export function deserializeCopy(bytes: Uint8Array): unknown {
  const reader = new CopyingDeserializer(bytes);
  reader.readHeader();
  return reader.readValue();
}

/**
 * Each typed array copied once, into memory of its own. Node's own reader copies one that is not
 * aligned in the bytes read (most are) before making it a view, so taking its result and copying
 * that wrote most arrays twice: 60 MB of the recommendation memo's arrays at 50,000 articles. Memory
 * touched for the first time costs more than the copy on the machines measured (a page fault per
 * 4 KB when no huge page is to be had): docs/performance-log.md, "The profile that adds up, and memory touched for
 * the first time".
 */
class CopyingDeserializer extends DefaultDeserializer {
  _readHostObject(): ArrayBufferView {
    const index = this.readUint32();
    const length = this.readUint32();
    const bytes = this.readRawBytes(length);
    const View = viewTypeNumbers().byIndex.get(index);
    if (!View) throw new Error(`unknown typed array (${index}) in serialized data`);
    const own = new ArrayBuffer(length);
    new Uint8Array(own).set(bytes);
    return View === Buffer ? Buffer.from(own) : new View(own);
  }
}
