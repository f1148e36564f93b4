/**
 * Long strings written to a file as their UTF-8 bytes a megabyte at a time, through one buffer that
 * is reused, and read back from those bytes: the build state's joined columns (55 MB of text at
 * 50,000 articles). Serialized with the rest, they were copied into a buffer that V8 grows with
 * `realloc`, and the pages that growth moves cost a fault each to checksum and write
 * (serialize-pieces.ts); encoded in chunks, they touch no new memory at all.
 */
const CHUNK_BYTES = 1 << 20;
/** UTF-8 takes at most three bytes for one UTF-16 code unit, so this many always fit a chunk. */
const CHUNK_UNITS = Math.floor(CHUNK_BYTES / 3);

let chunk: Uint8Array | undefined;
const encoder = new TextEncoder();

export interface EncodedText {
  byteLength: number;
  /** Every character below U+0080: its bytes are its characters, read back as Latin-1. */
  ascii: boolean;
  /** The bytes, a chunk at a time: each chunk is valid only until the next is asked for. */
  chunks(): Generator<Uint8Array>;
}

export function encodedText(text: string): EncodedText {
  const byteLength = Buffer.byteLength(text, 'utf8');
  return {
    byteLength,
    ascii: byteLength === text.length,
    *chunks() {
      chunk ??= new Uint8Array(CHUNK_BYTES);
      for (let at = 0; at < text.length; ) {
        let end = Math.min(text.length, at + CHUNK_UNITS);
        // A surrogate pair is never split between chunks (each half alone would be written as U+FFFD).
        const last = text.charCodeAt(end - 1);
        if (end < text.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
        const { written } = encoder.encodeInto(text.slice(at, end), chunk);
        yield chunk.subarray(0, written);
        at = end;
      }
    },
  };
}

/** The text `encodedText` wrote as `bytes`. */
export function decodedText(bytes: Uint8Array, ascii: boolean): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString(ascii ? 'latin1' : 'utf8');
}
