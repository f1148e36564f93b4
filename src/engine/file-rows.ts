/**
 * Files of rows (FileRoute.rows: the article index and exports), made again in a rebuild from the
 * file the last build wrote: a row whose key that file holds is copied as bytes, and only the others
 * are made. The memo says, for each such file, the keys it was made with and where each row's bytes
 * lie; it is used only for the very file it describes (the same fingerprint, found intact).
 * The plan of a file (planRows) names the rows to copy by where they are in the last file, for a
 * thread that reads it and writes the new one (file-worker.ts spliceRows).
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

/** A piece of a file of rows as planned: bytes made now, or the bytes of the last file from one
 * offset to another. */
export type RowsPiece = Uint8Array | [from: number, to: number];

/** The rows planned: as MadeRows, with the copied rows named by where they are in the last file, so
 * that another thread can read it and write the file (file-worker.ts). `copies`: how many pieces are
 * copied (none when the last file could not be used). */
export interface PlannedRows {
  pieces: RowsPiece[];
  size: number;
  spans: Float64Array;
  copies: number;
}

/** The bytes of `rows` and where each row lies; rows whose key `last` (the file as the memo
 * describes it) holds are taken from it. */
export function makeRows(rows: FileRows, last?: { bytes: Uint8Array; layout: RowsLayout }): MadeRows {
  const usable = last && last.bytes.length === last.layout.size ? last : undefined;
  const plan = planRows(rows, usable?.layout);
  return { pieces: piecesOf(plan, usable?.bytes), size: plan.size, spans: plan.spans };
}

/** A plan's pieces as bytes, the copied ones taken from `last`: the last file's bytes, of the size
 * the plan was made for (none needed when the plan copies nothing). */
export function piecesOf(plan: PlannedRows, last?: Uint8Array): Uint8Array[] {
  return plan.pieces.map((p) => (p instanceof Uint8Array ? p : last!.subarray(p[0], p[1])));
}

/** The pieces of `rows` and where each row lies, the rows whose key the last file (of `layout`,
 * read whole it must be `layout.size` bytes) holds named by their place in it: consecutive rows with
 * the separator between them as one piece (a piece per row took most of the time: 150,000 small
 * copies for three files). */
export function planRows(rows: FileRows, layout?: RowsLayout): PlannedRows {
  const from = layout && fits(layout) ? layout : undefined;
  const at = from && positions(from.keys);
  const joinable = from?.separator === rows.separator;
  const head = Buffer.from(rows.head());
  const separator = Buffer.from(rows.separator);
  const tail = Buffer.from(rows.tail());
  const n = rows.keys.length;
  const spans = new Float64Array(2 * n);
  const pieces: RowsPiece[] = [head];
  let copies = 0;
  // The run of rows being copied: from `copyFrom` in the last file, up to row `copied`.
  let copyFrom = -1;
  let copied = -1;
  const endRun = () => {
    if (copyFrom >= 0) (pieces.push([copyFrom, from!.spans[2 * copied + 1]]), copies++);
    copyFrom = -1;
  };
  let offset = head.length;
  for (let i = 0; i < n; i++) {
    const j = at?.get(rows.keys[i]);
    let length: number;
    if (j !== undefined && joinable && copyFrom >= 0 && j === copied + 1) {
      copied = j; // the separator before it is copied with it
      length = from!.spans[2 * j + 1] - from!.spans[2 * j];
    } else {
      endRun();
      if (i > 0) pieces.push(separator);
      if (j === undefined) {
        const row = Buffer.from(rows.row(i));
        pieces.push(row);
        length = row.length;
      } else {
        [copyFrom, copied] = [from!.spans[2 * j], j];
        length = from!.spans[2 * j + 1] - from!.spans[2 * j];
      }
    }
    if (i > 0) offset += separator.length;
    spans[2 * i] = offset;
    offset += length;
    spans[2 * i + 1] = offset;
  }
  endRun();
  pieces.push(tail);
  return { pieces, size: offset + tail.length, spans, copies };
}

/** Whether a layout can describe a file of its size: each row inside it, in order. */
function fits({ size, keys, spans }: RowsLayout): boolean {
  if (spans.length !== 2 * keys.length) return false;
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
