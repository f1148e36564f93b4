/**
 * v8.serialize for the large files a build keeps (the build cache's parts and memos, the build
 * state's head: its columns of text are written as UTF-8, text-bytes.ts), as a list of pieces whose
 * concatenation is exactly v8.serialize's bytes: a large typed array is a piece of its own, its
 * memory as it is, not copied into the serializer's buffer.
 *
 * Why: V8's serializer grows its buffer with `realloc`, which glibc does with `mremap` for a block
 * above its mmap threshold (256 KB, set by the launcher). On the virtual machines the benchmark runs
 * on, the first touch of a page that `mremap` moved costs about as much as a page fault (14–20 µs
 * per 4 KB) without being counted as one: the checksum of a freshly serialized 40 MB buffer took
 * 160–430 ms, of the same bytes touched once before 10–25 ms. Saving the cache and the state after a
 * one-change rebuild at 50,000 articles spent 0.9 s in checksums, nearly all of it that first touch. Each
 * large array here is written from where it lies, and the serializer's buffer is handed over
 * (releaseBuffer) before it, so it starts again small: docs/performance-log.md, "Buffers moved by
 * mremap".
 */
import { DefaultSerializer } from 'node:v8';
import { viewTypeNumbers, type ViewType } from './view-types.js';

/** Below this a typed array is copied into the serializer's buffer, as v8.serialize does. */
const OWN_PIECE_BYTES = 64 * 1024;

/** `value` serialized as v8.serialize does, in pieces (the large typed arrays' own memory among
 * them: valid while those arrays are not changed). */
export function serializePieces(value: unknown): Uint8Array[] {
  const writer = new PieceSerializer();
  writer.writeHeader();
  writer.writeValue(value);
  return writer.finish();
}

/** The total length of `pieces`. */
export function piecesLength(pieces: readonly Uint8Array[]): number {
  let length = 0;
  for (const piece of pieces) length += piece.length;
  return length;
}

class PieceSerializer extends DefaultSerializer {
  private pieces: Uint8Array[] = [];

  _writeHostObject(view: ArrayBufferView): void {
    // A kind of array not numbered here (a subclass, say) is left to Node's writer, which numbers it or refuses it.
    const index = view.byteLength < OWN_PIECE_BYTES ? undefined : viewTypeNumbers().indexOf.get(view.constructor as ViewType);
    if (index === undefined) return nodeWriter._writeHostObject.call(this, view);
    this.writeUint32(index);
    this.writeUint32(view.byteLength);
    this.pieces.push(this.releaseBuffer(), new Uint8Array(view.buffer, view.byteOffset, view.byteLength));
  }

  finish(): Uint8Array[] {
    this.pieces.push(this.releaseBuffer());
    return this.pieces.filter((piece) => piece.length > 0);
  }
}

/** Node's writer of typed arrays (lib/v8.js), which the types of node:v8 do not declare. */
const nodeWriter = DefaultSerializer.prototype as unknown as { _writeHostObject(this: DefaultSerializer, view: ArrayBufferView): void };
