/**
 * The ids of an article whose paragraphs and headings are, in order, exactly those its record holds
 * live: nearly every article of nearly every build. The full rule (assign.ts) pairs each block with
 * the recorded entry at its place (equal texts pair in page order, live entries first), so each
 * keeps its id, nothing is new, and each removed entry stays a tombstone where it stood. This gives
 * that result without matching: the same ids, the same record and the same tombstones
 * (test/passes/pinpoints-unchanged.test.ts compares the two on seeded random edits).
 */
import type { ArticlePins, PinEntry } from '../../model/pinpoints.js';
import type { Assignment, Block, BlockId, Tombstone } from './assignment.js';
import { textStart } from './text.js';

/** The assignment of `slug` when `blocks` are the record's live entries, in order (`shas`: each
 * paragraph's short hash, by block); undefined when they are not. */
export function assignUnchanged(slug: string, record: ArticlePins, blocks: Block[], shas: (string | undefined)[]): Assignment | undefined {
  const old = record.entries;
  let b = 0;
  for (const e of old) {
    if (e.removed) continue;
    const block = blocks[b];
    if (!block || block.kind !== e.kind || (e.kind === 'p' ? shas[b] !== e.sha : block.text !== e.text)) return undefined;
    b++;
  }
  if (b !== blocks.length) return undefined;
  const ids: BlockId[] = [];
  const entries: PinEntry[] = [];
  const tombstones: Tombstone[] = [];
  let issued = record.issued;
  for (const e of old) {
    if (e.kind === 'p') issued = Math.max(issued, e.n);
    if (e.removed) {
      entries.push(e);
      tombstones.push({ entry: e, after: ids.length - 1 });
      continue;
    }
    const text = blocks[ids.length].text;
    // Made as assign.ts makes a live entry: the recorded one's id and identity, the page's text.
    if (e.kind === 'p') (ids.push({ kind: 'p', n: e.n }), entries.push({ kind: 'p', n: e.n, sha: e.sha, sketch: e.sketch, start: textStart(text) }));
    else (ids.push({ kind: 'h', id: e.id, former: e.former }), entries.push({ kind: 'h', id: e.id, text, former: e.former }));
  }
  return { ids, record: { slug, issued, entries }, tombstones };
}
