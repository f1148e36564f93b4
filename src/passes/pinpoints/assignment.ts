/**
 * What assigning an article's pinpoints works on and gives (assign.ts has the rule, unchanged.ts the
 * case of an article that is its record unchanged): the page's blocks, their ids, the tombstones of
 * removed entries, and the updated record.
 */
import type { ArticlePins, PinEntry } from '../../model/pinpoints.js';

/** A paragraph or heading of the page, with its normalised text (text.ts). */
export interface Block {
  kind: 'p' | 'h';
  text: string;
  /** A paragraph's SHA-256 (sha256Hex of its text), when the caller has it already. */
  sha256?: string;
}

export type BlockId = { kind: 'p'; n: number } | { kind: 'h'; id: string; former: string[] };

/** A removed entry, shown where it stood: after the block at `after` (-1: before the first). */
export interface Tombstone {
  entry: PinEntry;
  after: number;
}

export interface Assignment {
  ids: BlockId[];
  record: ArticlePins;
  tombstones: Tombstone[];
}
