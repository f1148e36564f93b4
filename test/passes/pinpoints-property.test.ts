/**
 * Property: over random sequences of edits to an article (paragraphs inserted, deleted, moved and
 * lightly edited, headings inserted, deleted and reworded; one to three at a time), with the record
 * going through the id file's text between builds:
 * - every paragraph id ever published still marks the same paragraph, or a tombstone;
 * - a paragraph keeps its number for its whole life (its edits are light);
 * - no number is ever issued twice;
 * - every heading id ever published is still on the same heading (as its id or a second anchor),
 *   or on a tombstone;
 * - assigning again from the updated record changes nothing (what a fresh clone builds).
 * Seeded; a failure names its seed and step. PINPOINT_SEED=n runs one seed.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createRng, type Rng } from '../../bench/corpus/random.js';
import type { ArticlePins } from '../../src/model/pinpoints.js';
import { assignPinpoints, type Assignment, type Block } from '../../src/passes/pinpoints/assign.js';
import { formatArticlePins, parseArticlePins, splitPinsFile, formatPinsFile } from '../../src/passes/pinpoints/record-format.js';

const test = suite('pinpoints property');
const SEEDS = process.env.PINPOINT_SEED ? [Number(process.env.PINPOINT_SEED)] : [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
const STEPS = 120;

interface Item {
  uid: number;
  kind: 'p' | 'h';
  words: string[];
}

const STOP = ['the', 'a', 'of', 'to', 'and', 'in', 'is', 'that', 'for', 'on', 'with', 'as', 'by', 'be', 'it', 'or', 'an', 'are', 'this', 'its'];

function vocabulary(rng: Rng): string[] {
  const syllables = ['ka', 'lo', 'mi', 'ter', 'pra', 'dis', 'con', 'ven', 'tu', 'rex', 'sol', 'ga', 'bri', 'mon', 'fel', 'ust', 'ord', 'lex', 'jur', 'pen'];
  const words = new Set<string>();
  while (words.size < 400) words.add(Array.from({ length: rng.int(2, 4) }, () => rng.pick(syllables)).join(''));
  return [...words];
}

/** One random editing session over an article; returns nothing, fails with its seed and step. */
function session(seed: number): void {
  const rng = createRng(seed);
  const vocab = vocabulary(rng);
  const word = () => (rng.chance(0.3) ? rng.pick(STOP) : rng.pick(vocab));
  let uid = 0;
  const para = (): Item => ({ uid: ++uid, kind: 'p', words: Array.from({ length: rng.int(20, 60) }, word) });
  const heading = (): Item => ({ uid: ++uid, kind: 'h', words: Array.from({ length: rng.int(3, 5) }, () => rng.pick(vocab)) });
  let items: Item[] = [heading(), ...Array.from({ length: 8 }, para), heading(), ...Array.from({ length: 6 }, para)];
  let record: ArticlePins | undefined;
  const owner = new Map<number, number>(); // paragraph number → uid
  const numberOf = new Map<number, number>(); // uid → paragraph number
  const headingOwner = new Map<string, number>(); // heading id → uid
  let highest = 0;
  for (let step = 0; step < STEPS; step++) {
    const where = `seed ${seed}, step ${step} (PINPOINT_SEED=${seed} to run it alone)`;
    // Up to three edits at once, at most one of them to a heading: a heading deleted and another put
    // in its place, over the same paragraphs, is one heading reworded.
    if (step > 0) for (let k = rng.int(1, 3), headed = false; k > 0; k--) [items, headed] = edit(rng, items, para, heading, word, headed);
    const blocks: Block[] = items.map((it) => ({ kind: it.kind, text: it.words.join(' ') }));
    const a = assignPinpoints('art', record, blocks, `2025-01-${String((step % 28) + 1).padStart(2, '0')}`, ['answer']);
    checkParagraphs(a, items, owner, numberOf, highest, where);
    highest = Math.max(highest, a.record.issued);
    checkHeadings(a, items, headingOwner, where);
    record = throughFile(a.record);
    const again = assignPinpoints('art', record, blocks, '2030-01-01', ['answer']);
    assert.equal(again.ids, a.ids, `assigning again changes nothing: ${where}`);
    assert.is(formatArticlePins(again.record), formatArticlePins(a.record), `the record is a fixed point: ${where}`);
  }
}

function edit(rng: Rng, items: Item[], para: () => Item, heading: () => Item, word: () => string, headed: boolean): [Item[], boolean] {
  const out = [...items];
  const paras = out.map((it, i) => (it.kind === 'p' ? i : -1)).filter((i) => i >= 0);
  const heads = out.map((it, i) => (it.kind === 'h' ? i : -1)).filter((i) => i >= 0);
  const op = headed ? rng.next() * 0.85 : rng.next();
  if (op < 0.25 || paras.length < 3) out.splice(rng.int(0, out.length), 0, para());
  else if (op < 0.4) out.splice(rng.pick(paras), 1);
  else if (op < 0.55) {
    const [moved] = out.splice(rng.pick(paras), 1);
    out.splice(rng.int(0, out.length), 0, moved);
  } else if (op < 0.85) {
    const i = rng.pick(paras);
    const words = [...out[i].words];
    const at = rng.int(0, words.length - 1);
    const how = rng.int(0, 2);
    if (how === 0) words[at] = word();
    else if (how === 1) words.splice(at, 0, word());
    else words.splice(at, 1);
    out[i] = { ...out[i], words };
  } else if (op < 0.9) out.splice(rng.int(0, out.length), 0, heading());
  else if (op < 0.95 && heads.length > 1) out.splice(rng.pick(heads), 1);
  else if (heads.length) {
    const i = rng.pick(heads);
    const words = [...out[i].words];
    words[rng.int(0, words.length - 1)] = `${rng.pick(['new', 'revised', 'further'])}`;
    out[i] = { ...out[i], words };
  }
  return [out, headed || op >= 0.85];
}

function checkParagraphs(a: Assignment, items: Item[], owner: Map<number, number>, numberOf: Map<number, number>, highest: number, where: string): void {
  const live = new Set<number>();
  a.ids.forEach((id, i) => {
    if (id.kind !== 'p') return;
    const it = items[i];
    live.add(id.n);
    if (owner.has(id.n)) assert.is(owner.get(id.n), it.uid, `p${id.n} still marks the paragraph it was published on: ${where}`);
    else {
      assert.ok(id.n > highest, `p${id.n} is new, so above every number issued before (${highest}): ${where}`);
      owner.set(id.n, it.uid);
    }
    if (numberOf.has(it.uid)) assert.is(id.n, numberOf.get(it.uid), `a lightly edited or moved paragraph keeps its number: ${where}`);
    numberOf.set(it.uid, id.n);
  });
  const tombs = new Set(a.tombstones.flatMap((t) => (t.entry.kind === 'p' ? [t.entry.n] : [])));
  for (const n of owner.keys()) assert.ok(live.has(n) || tombs.has(n), `p${n} is on the page or a tombstone: ${where}`);
}

function checkHeadings(a: Assignment, items: Item[], headingOwner: Map<string, number>, where: string): void {
  const on = new Map<string, number>();
  a.ids.forEach((id, i) => {
    if (id.kind === 'h') for (const x of [id.id, ...id.former]) on.set(x, items[i].uid);
  });
  const tombs = new Set(a.tombstones.flatMap((t) => (t.entry.kind === 'h' ? [t.entry.id, ...t.entry.former] : [])));
  for (const [id, uid] of headingOwner) {
    if (on.has(id)) assert.is(on.get(id), uid, `#${id} is still on its heading: ${where}`);
    else assert.ok(tombs.has(id), `#${id} is on its heading or a tombstone: ${where}`);
  }
  for (const [id, uid] of on) if (!headingOwner.has(id)) headingOwner.set(id, uid);
}

function throughFile(pins: ArticlePins): ArticlePins {
  const { chunks } = splitPinsFile(formatPinsFile(new Map([[pins.slug, formatArticlePins(pins)]])));
  return parseArticlePins(chunks.get(pins.slug)!).pins!;
}

for (const seed of SEEDS) test(`seed ${seed}: ${STEPS} editing steps`, () => session(seed));

test.run();
