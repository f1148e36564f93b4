/**
 * Data handed to several worker threads at once, in shared memory. A message copies an ArrayBuffer
 * or a string into every thread it is sent to (serialized on the sending thread, copied again on
 * the receiving one); a SharedArrayBuffer is sent as a reference, and every thread reads it where it
 * lies. Only for data that no thread changes once sent: nothing here orders a write against a read.
 * Reads: nothing. Writes: nothing.
 */

/** `array`'s values in shared memory (`array` itself when it is there already). */
export function sharedCopy(array: Int32Array): Int32Array {
  if (array.buffer instanceof SharedArrayBuffer) return array;
  const copy = new Int32Array(new SharedArrayBuffer(array.byteLength));
  copy.set(array);
  return copy;
}

/** `text` as UTF-8 in shared memory (textOf reads it back). */
export function sharedText(text: string): Uint8Array {
  const bytes = new Uint8Array(new SharedArrayBuffer(Buffer.byteLength(text)));
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).write(text);
  return bytes;
}

export function textOf(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
}
