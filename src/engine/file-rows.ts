/**
 * Files of rows (FileRoute.rows: the article index and exports), made again in a rebuild from the
 * file the last build wrote: a row whose key that file holds is copied as bytes, and only the others
 * are made. The memo says, for each such file, the keys it was made with and where each row's bytes
 * lie; it is used only for the very file it describes (the same fingerprint, found intact).
 * Reads: the last file's bytes (given). Writes: nothing.
 */
import type { FileRows } from '../routes/types.js';

/** One file of rows as made: what a later build needs to copy its rows. */
export interface RowsLayout {
  /** The file's fingerprint (emit-site.ts: inputsFingerprint of rowsInputs, its frame and keys). */
  fingerprint: string;
  /** Its size in bytes. */
  size: number;
  keys: readonly string[];
  /** Each row's first byte and the byte after its last, in turn. */
  spans: Float64Array;
  /** What separated the rows. */
  separator: string;
}

/** Each file of rows the last build made or kept, by output path. */
export type RowsMemo = Map<string, RowsLayout>;

/** What a file of rows is fingerprinted by: its frame and every row's key, not its rows. */
export const rowsInputs = (rows: FileRows): string => `${JSON.stringify([rows.head(), rows.separator, rows.tail()])}\n${rows.keys.join('\n')}`;

/** The rows made: the file's bytes in pieces, in order (written as they are: joining 120 MB of them
 * into one buffer took half a second at 50,000 articles), its size and where each row lies. */
export interface MadeRows {
  pieces: Uint8Array[];
  size: number;
  spans: Float64Array;
}

/** The bytes of `rows` and where each row lies; rows whose key `last` (the file as the memo
 * describes it) holds are taken from it, consecutive rows with the separator between them as one
 * piece (a piece per row took most of the time: 150,000 small copies for three files). */
export function makeRows(rows: FileRows, last?: { bytes: Uint8Array; layout: RowsLayout }): MadeRows {
  const from = last && fits(last.bytes, last.layout) ? last : undefined;
  const at = from && positions(from.layout.keys);
  const joinable = from?.layout.separator === rows.separator;
  const head = Buffer.from(rows.head());
  const separator = Buffer.from(rows.separator);
  const tail = Buffer.from(rows.tail());
  const n = rows.keys.length;
  const spans = new Float64Array(2 * n);
  const pieces: Uint8Array[] = [head];
  // The run of rows being copied: from `copyFrom` in the last file, up to row `copied`.
  let copyFrom = -1;
  let copied = -1;
  const endRun = () => {
    if (copyFrom >= 0) pieces.push(from!.bytes.subarray(copyFrom, from!.layout.spans[2 * copied + 1]));
    copyFrom = -1;
  };
  let offset = head.length;
  for (let i = 0; i < n; i++) {
    const j = at?.get(rows.keys[i]);
    if (j !== undefined && joinable && copyFrom >= 0 && j === copied + 1) {
      copied = j; // the separator before it is copied with it
    } else {
      endRun();
      if (i > 0) pieces.push(separator);
      if (j === undefined) pieces.push(Buffer.from(rows.row(i)));
      else [copyFrom, copied] = [from!.layout.spans[2 * j], j];
    }
    if (i > 0) offset += separator.length;
    const start = offset;
    offset += j === undefined ? pieces[pieces.length - 1].length : from!.layout.spans[2 * j + 1] - from!.layout.spans[2 * j];
    spans[2 * i] = start;
    spans[2 * i + 1] = offset;
  }
  endRun();
  pieces.push(tail);
  return { pieces, size: offset + tail.length, spans };
}

/** Whether a layout can describe `bytes` (a file of the recorded size, each row inside it, in order). */
function fits(bytes: Uint8Array, { size, keys, spans }: RowsLayout): boolean {
  if (bytes.length !== size || spans.length !== 2 * keys.length) return false;
  let end = 0;
  for (let k = 0; k < spans.length; k += 2) {
    if (!(spans[k] >= end && spans[k + 1] >= spans[k] && spans[k + 1] <= size)) return false;
    end = spans[k + 1];
  }
  return true;
}

/** Each key's row, by the key (the three files of article rows share one list of keys). */
const indexed = new WeakMap<readonly string[], Map<string, number>>();

function positions(keys: readonly string[]): Map<string, number> {
  let index = indexed.get(keys);
  if (!index) {
    index = new Map();
    for (let i = 0; i < keys.length; i++) index.set(keys[i], i);
    indexed.set(keys, index);
  }
  return index;
}
