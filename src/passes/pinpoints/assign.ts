/**
 * Gives an article's paragraphs and headings their ids from the record of those already published
 * (the id file), and updates the record. The rule (docs/content.md, "Pinpoints that never move"):
 *
 * Paragraphs, in this order:
 * 1. a paragraph whose normalised text is exactly that of a recorded one takes its number (equal
 *    texts pair in page order, the closest positions in all, so one copy edited or removed leaves
 *    the others their numbers; a removed paragraph whose text comes back takes its number back);
 * 2. a paragraph whose words are similar to those of a recorded paragraph that was live (estimated
 *    Jaccard index at least KEEP_ID_SIMILARITY: half the distinct words in common) takes its number,
 *    best pairs first, closest positions on a tie;
 * 3. any other paragraph is new: it takes the next number never issued in the article.
 * A recorded paragraph left without a text is removed: it keeps its number as a tombstone, dated the
 * article's dateModified, and names the new or rewritten paragraph most like it (at least
 * REPLACED_BY_SIMILARITY) as its replacement.
 *
 * Headings: the same exact round on their text; then a recorded heading and a current one pair when
 * at least half their words are the same, or when at least half the paragraphs (by number) of their
 * sections that are on both versions of the page are the same, the first of them included: the heading was
 * reworded, takes the id of its new text, and keeps its old ids as second anchors. A new heading
 * takes an id from its text that the article never used. A removed heading names the heading whose
 * section now holds most of its paragraphs.
 *
 * Without a record (an article built for the first time, or before the id file existed) the ids are
 * positional, as the spec numbers them: p001, p002 … in page order; headings slugified.
 * The result is a fixed point: assigning again from the updated record gives the same ids and the
 * same record, so a build from the committed file equals the build that wrote it.
 */
import { type ArticlePins, type HeadingEntry, type ParagraphEntry, type PinEntry, paragraphId, paragraphKey } from '../../model/pinpoints.js';
import { slugify } from '../slugify.js';
import { bestOf, exactPairs, similarPairs } from './match.js';
import { decodeSketch, encodeSketch, sha256Hex, similarity, sketchValues, textStart, wordSet } from './text.js';
import type { Assignment, Block, BlockId, Tombstone } from './assignment.js';
import { assignUnchanged } from './unchanged.js';

export type { Assignment, Block, BlockId, Tombstone } from './assignment.js';

/** A paragraph keeps its id when at least half its distinct words are those of the recorded one. */
export const KEEP_ID_SIMILARITY = 0.5;
/** A removed paragraph names as its replacement a new or rewritten one at least this similar. */
export const REPLACED_BY_SIMILARITY = 0.25;

/** What one build knows of a current paragraph. Its sketch is made only when it is compared with
 * another: a paragraph whose text is recorded (nearly every one, in nearly every build) takes the
 * recorded sketch, which is that of the same text. */
interface Para {
  block: number;
  sha: string;
  sketch: () => number[];
}

/** A function's value, computed once when first asked for. */
function once<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

type How = 'exact' | 'similar' | 'new';

/** Assigns ids to `blocks` from `record` (none: positional); `removedOn` dates what was removed. */
export function assignPinpoints(slug: string, record: ArticlePins | undefined, blocks: Block[], removedOn: string, reserved: readonly string[]): Assignment {
  const shas = shortHashes(blocks);
  return (record && assignUnchanged(slug, record, blocks, shas)) || assignByMatching(slug, record, blocks, removedOn, reserved, shas);
}

/** Each paragraph's hash as the record keeps it (its first 16 hex digits), by block. */
const shortHashes = (blocks: Block[]) => blocks.map((b) => (b.kind === 'p' ? (b.sha256 ?? sha256Hex(b.text)).slice(0, 16) : undefined));

/** The rule in full (the header), whatever changed: what assignPinpoints does when the article is
 * not its record unchanged. */
export function assignByMatching(slug: string, record: ArticlePins | undefined, blocks: Block[], removedOn: string, reserved: readonly string[], shas = shortHashes(blocks)): Assignment {
  const old = record?.entries ?? [];
  const paras: Para[] = [];
  blocks.forEach((b, block) => {
    if (b.kind === 'p') paras.push({ block, sha: shas[block]!, sketch: once(() => sketchValues(b.text)) });
  });
  const p = matchParagraphs(paras, old, record?.issued ?? 0);
  const numbers = new Map(paras.map((x, i) => [x.block, p.numbers[i]]));
  const h = matchHeadings(slug, blocks, old, numbers, reserved, p.issued);
  const claimed = new Map<number, number>(); // recorded entry → block
  paras.forEach((x, i) => p.entryOf[i] !== undefined && claimed.set(p.entryOf[i]!, x.block));
  for (const [block, entry] of h.entryOf) claimed.set(entry, block);
  const paraOf = new Map(paras.map((x, k) => [x.block, k]));
  const live: PinEntry[] = blocks.map((b, i) => {
    if (b.kind === 'h') return { kind: 'h', id: h.ids.get(i)!.id, text: b.text, former: h.ids.get(i)!.former };
    const k = paraOf.get(i)!;
    const sketch = p.how[k] === 'exact' ? (old[p.entryOf[k]!] as ParagraphEntry).sketch : encodeSketch(paras[k].sketch());
    return { kind: 'p', n: numbers.get(i)!, sha: paras[k].sha, sketch, start: textStart(b.text) };
  });
  const removed = (e: number): PinEntry => {
    const entry = old[e];
    if (entry.removed) return entry;
    const replacedBy = entry.kind === 'p' ? paragraphReplacement(entry, paras, p.how, numbers) : headingReplacement(e, old, blocks, numbers, h.ids);
    return { ...entry, removed: removedOn, ...(replacedBy ? { replacedBy } : {}) };
  };
  const { entries, tombstones } = mergeOrder(live, old, claimed, removed);
  const ids: BlockId[] = blocks.map((b, i) => (b.kind === 'p' ? { kind: 'p', n: numbers.get(i)! } : { kind: 'h', ...h.ids.get(i)! }));
  return { ids, record: { slug, issued: p.issued, entries }, tombstones };
}

/** Each current paragraph's number, the recorded entry it took (if any) and how it was matched. */
function matchParagraphs(paras: Para[], old: PinEntry[], issuedBefore: number) {
  const recorded = old.flatMap((e, index) => (e.kind === 'p' ? [{ index, entry: e }] : []));
  const exact = exactPairs(paras.map((x) => x.sha), recorded.map(({ entry }) => ({ key: entry.sha, removed: Boolean(entry.removed) })));
  const livePos = new Map<number, number>();
  recorded.forEach((r, i) => !r.entry.removed && livePos.set(i, livePos.size));
  const sketches = recorded.map((r) => once(() => decodeSketch(r.entry.sketch) ?? []));
  const takenRecorded = new Set(exact.values());
  const similar = similarPairs(
    paras.map((_, i) => i).filter((i) => !exact.has(i)),
    [...livePos.keys()].filter((r) => !takenRecorded.has(r)),
    (c, r) => similarity(paras[c].sketch(), sketches[r]()),
    (c, r) => Math.abs(c - livePos.get(r)!),
    KEEP_ID_SIMILARITY,
  );
  let issued = Math.max(issuedBefore, ...recorded.map((r) => r.entry.n));
  const how: How[] = [];
  const entryOf: (number | undefined)[] = [];
  const numbers = paras.map((_, i) => {
    const r = exact.get(i) ?? similar.get(i);
    how.push(exact.has(i) ? 'exact' : similar.has(i) ? 'similar' : 'new');
    entryOf.push(r === undefined ? undefined : recorded[r].index);
    return r === undefined ? ++issued : recorded[r].entry.n;
  });
  return { numbers, entryOf, how, issued };
}

/** The paragraph numbers of each heading's section (up to the next heading), by heading position. */
function sections<T>(items: T[], isHeading: (t: T) => boolean, number: (t: T) => number | undefined): Map<number, number[]> {
  const out = new Map<number, number[]>();
  let current: number[] | undefined;
  items.forEach((t, i) => {
    if (isHeading(t)) out.set(i, (current = []));
    else {
      const n = number(t);
      if (n !== undefined) current?.push(n);
    }
  });
  return out;
}

const jaccard = <T>(a: Set<T>, b: Set<T>) => {
  let both = 0;
  for (const x of a) if (b.has(x)) both++;
  const either = a.size + b.size - both;
  return either ? both / either : 0;
};

/** How much a current section and a recorded one are the same one: the Jaccard index of their
 * paragraphs found in both versions of the page, when the first of those is the same in both (else
 * 0: a heading put elsewhere, over other paragraphs, is another heading). */
function sameSection(now: number[], then: number[], onPage: Set<number>, recorded: Set<number>): number {
  const a = now.filter((n) => recorded.has(n));
  const b = then.filter((n) => onPage.has(n));
  return a.length && a[0] === b[0] ? jaccard(new Set(a), new Set(b)) : 0;
}

/** Each heading's id and former ids, and the recorded entry it took. */
function matchHeadings(slug: string, blocks: Block[], old: PinEntry[], numbers: Map<number, number>, reserved: readonly string[], issued: number) {
  const current = blocks.flatMap((b, i) => (b.kind === 'h' ? [i] : []));
  const recorded = old.flatMap((e, index) => (e.kind === 'h' ? [{ index, entry: e }] : []));
  const exact = exactPairs(current.map((b) => blocks[b].text), recorded.map(({ entry }) => ({ key: entry.text, removed: Boolean(entry.removed) })));
  const nowSections = sections(blocks.map((b, i) => ({ b, n: numbers.get(i) })), (x) => x.b.kind === 'h', (x) => x.n);
  const oldSections = sections(old.map((e) => (e.removed ? undefined : e)), (e) => e?.kind === 'h', (e) => (e?.kind === 'p' ? e.n : undefined));
  const livePos = new Map<number, number>();
  recorded.forEach((r, i) => !r.entry.removed && livePos.set(i, livePos.size));
  const takenRecorded = new Set(exact.values());
  const onPage = new Set(numbers.values());
  const wasRecorded = new Set(old.flatMap((e) => (e.kind === 'p' && !e.removed ? [e.n] : [])));
  const similar = similarPairs(
    current.map((_, i) => i).filter((i) => !exact.has(i)),
    [...livePos.keys()].filter((r) => !takenRecorded.has(r)),
    (c, r) => Math.max(jaccard(wordSet(blocks[current[c]].text), wordSet(recorded[r].entry.text)), sameSection(nowSections.get(current[c])!, oldSections.get(recorded[r].index)!, onPage, wasRecorded)),
    (c, r) => Math.abs(c - livePos.get(r)!),
    KEEP_ID_SIMILARITY,
  );
  const used = new Set<string>([...reserved, ...recorded.flatMap(({ entry }) => [entry.id, ...entry.former])]);
  for (let n = 1; n <= issued; n++) used.add(paragraphId(slug, n));
  const ids = new Map<number, { id: string; former: string[] }>();
  const entryOf = new Map<number, number>();
  // Exact ones first: they keep their ids; then the others in page order take theirs.
  for (const [i, r] of exact) (ids.set(current[i], { id: recorded[r].entry.id, former: recorded[r].entry.former }), entryOf.set(current[i], recorded[r].index));
  current.forEach((b, i) => {
    if (exact.has(i)) return;
    const r = similar.get(i);
    if (r !== undefined) entryOf.set(b, recorded[r].index);
    ids.set(b, reworded(blocks[b].text, r === undefined ? undefined : recorded[r].entry, used));
  });
  return { ids, entryOf };
}

/** The id of a heading's text, and its former ids: a new heading takes a slug no heading of the
 * article ever had; a reworded one keeps its old ids as former ones (or takes one back). */
function reworded(text: string, entry: HeadingEntry | undefined, used: Set<string>): { id: string; former: string[] } {
  const base = slugify(text) || 'section';
  if (entry && base === entry.id) return { id: entry.id, former: entry.former };
  if (entry?.former.includes(base)) return { id: base, former: [entry.id, ...entry.former.filter((f) => f !== base)] };
  let id = base;
  for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
  used.add(id);
  return { id, former: entry ? [entry.id, ...entry.former] : [] };
}

/** The new or rewritten paragraph most like a removed one, if any is like enough. */
function paragraphReplacement(entry: ParagraphEntry, paras: Para[], how: How[], numbers: Map<number, number>): string | undefined {
  const sketch = decodeSketch(entry.sketch) ?? [];
  const candidates = paras.map((_, i) => i).filter((i) => how[i] !== 'exact');
  const best = bestOf(candidates, (i) => similarity(paras[i].sketch(), sketch), (i) => Math.abs(numbers.get(paras[i].block)! - entry.n), REPLACED_BY_SIMILARITY);
  return best === undefined ? undefined : paragraphKey(numbers.get(paras[best].block)!);
}

/** The heading whose section now holds most of a removed heading's paragraphs, if any does. */
function headingReplacement(e: number, old: PinEntry[], blocks: Block[], numbers: Map<number, number>, ids: Map<number, { id: string }>): string | undefined {
  const held = new Set<number>();
  for (let i = e + 1; i < old.length && old[i].kind !== 'h'; i++) if (!old[i].removed) held.add((old[i] as ParagraphEntry).n);
  let best: string | undefined;
  let most = 0;
  let count = 0;
  let heading: string | undefined;
  const settle = () => count > most && ([best, most] = [heading, count]);
  blocks.forEach((b, i) => {
    if (b.kind === 'h') (settle(), (heading = ids.get(i)!.id), (count = 0));
    else if (heading !== undefined && held.has(numbers.get(i)!)) count++;
  });
  settle();
  return best;
}

/** The updated record's order: the page's blocks in order, each removed entry after the block it
 * followed in the record (the nearest earlier entry that is still live), or first. */
function mergeOrder(live: PinEntry[], old: PinEntry[], claimed: Map<number, number>, removed: (e: number) => PinEntry) {
  const after = new Map<number, PinEntry[]>();
  let anchor = -1;
  old.forEach((_, e) => {
    const block = claimed.get(e);
    if (block !== undefined) anchor = block;
    else (after.get(anchor) ?? after.set(anchor, []).get(anchor)!).push(removed(e));
  });
  const entries: PinEntry[] = [];
  const tombstones: Tombstone[] = [];
  const place = (at: number) => {
    for (const entry of after.get(at) ?? []) (entries.push(entry), tombstones.push({ entry, after: at }));
  };
  place(-1);
  live.forEach((entry, i) => (entries.push(entry), place(i)));
  return { entries, tombstones };
}
