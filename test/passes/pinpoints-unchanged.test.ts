/**
 * The fast path of pinpoint assignment (passes/pinpoints/unchanged.ts: an article that is its record
 * unchanged takes it as it is, without matching) gives what the full rule gives: over seeded random
 * sessions of edits (paragraphs inserted, deleted, moved, duplicated, edited and restored, headings
 * inserted, deleted, reworded and repeated, and steps that change nothing), with the record going
 * through the id file's text between builds, assignPinpoints and assignByMatching give the same ids,
 * the same record and the same tombstones; the fast path is taken on every step that changes
 * nothing and declines every other. A paragraph matched exactly takes its recorded sketch, so every
 * sketch in the record is checked against its text's. PINPOINT_SEED=n runs one seed.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createRng, type Rng } from '../../bench/corpus/random.js';
import type { ArticlePins } from '../../src/model/pinpoints.js';
import { assignByMatching, assignPinpoints, type Block } from '../../src/passes/pinpoints/assign.js';
import { formatArticlePins, formatPinsFile, parseArticlePins, splitPinsFile } from '../../src/passes/pinpoints/record-format.js';
import { encodeSketch, sha256Hex, sketchValues } from '../../src/passes/pinpoints/text.js';
import { assignUnchanged } from '../../src/passes/pinpoints/unchanged.js';

const test = suite('pinpoints: the unchanged article');
const SEEDS = process.env.PINPOINT_SEED ? [Number(process.env.PINPOINT_SEED)] : [1, 2, 3, 4, 5, 6, 7, 8];
const STEPS = 80;
const RESERVED = ['answer', 'faq'];

function throughFile(pins: ArticlePins): ArticlePins {
  const { chunks } = splitPinsFile(formatPinsFile(new Map([[pins.slug, formatArticlePins(pins)]])));
  return parseArticlePins(chunks.get(pins.slug)!).pins!;
}

/** One random edit to the page's blocks (`gone`: texts removed so far, some of which come back). */
function edit(rng: Rng, blocks: Block[], gone: string[], para: () => Block, heading: () => Block): Block[] {
  const out = [...blocks];
  const paras = out.flatMap((b, i) => (b.kind === 'p' ? [i] : []));
  const heads = out.flatMap((b, i) => (b.kind === 'h' ? [i] : []));
  const op = rng.int(0, 9);
  if (op === 0 || paras.length < 2) out.splice(rng.int(0, out.length), 0, para());
  else if (op === 1) gone.push(out.splice(rng.pick(paras), 1)[0].text);
  else if (op === 2) out.splice(rng.int(0, out.length - 1), 0, ...out.splice(rng.pick(paras), 1));
  else if (op === 3) out.splice(rng.int(0, out.length), 0, out[rng.pick(paras)]); // a paragraph twice
  else if (op === 4 && gone.length) out.splice(rng.int(0, out.length), 0, { kind: 'p', text: rng.pick(gone) });
  else if (op <= 6) {
    const i = rng.pick(paras);
    const words = out[i].text.split(' ');
    words[rng.int(0, words.length - 1)] = rng.pick(['revised', 'amended', 'struck', 'noted']);
    out[i] = { kind: 'p', text: words.join(' ') };
  } else if (op === 7) out.splice(rng.int(0, out.length), 0, rng.chance(0.3) && heads.length ? out[rng.pick(heads)] : heading());
  else if (op === 8 && heads.length > 1) out.splice(rng.pick(heads), 1);
  else if (heads.length) {
    const i = rng.pick(heads);
    out[i] = { kind: 'h', text: `${out[i].text} revised` };
  }
  return out;
}

function session(seed: number): { fast: number; full: number } {
  const rng = createRng(seed);
  const vocab = Array.from({ length: 200 }, (_, i) => `w${i.toString(36)}`);
  // Short paragraphs (a sketch holds all their words) and long ones (a sketch holds 32 of them).
  const para = (): Block => ({ kind: 'p', text: Array.from({ length: rng.chance(0.3) ? rng.int(1, 8) : rng.int(30, 70) }, () => rng.pick(vocab)).join(' ') });
  const heading = (): Block => ({ kind: 'h', text: Array.from({ length: rng.int(1, 3) }, () => rng.pick(vocab)).join(' ') });
  let blocks: Block[] = [heading(), ...Array.from({ length: 6 }, para), heading(), ...Array.from({ length: 4 }, para)];
  let record: ArticlePins | undefined;
  const gone: string[] = [];
  const taken = { fast: 0, full: 0 };
  for (let step = 0; step < STEPS; step++) {
    const where = `seed ${seed}, step ${step} (PINPOINT_SEED=${seed} to run it alone)`;
    const before = blocks;
    if (step > 0 && rng.chance(0.6)) for (let k = rng.int(1, 3); k > 0; k--) blocks = edit(rng, blocks, gone, para, heading);
    const removedOn = `2025-02-${String((step % 28) + 1).padStart(2, '0')}`;
    // Some callers give each paragraph's hash with it (as addPinpointIds does), some do not.
    const given = blocks.map((b) => (b.kind === 'p' && rng.chance(0.5) ? { ...b, sha256: sha256Hex(b.text) } : b));
    const full = assignByMatching('art', record, blocks, removedOn, RESERVED);
    const got = assignPinpoints('art', record, given, removedOn, RESERVED);
    assert.equal(got.ids, full.ids, `the same ids: ${where}`);
    assert.is(formatArticlePins(got.record), formatArticlePins(full.record), `the same record: ${where}`);
    assert.equal(got.tombstones, full.tombstones, `the same tombstones: ${where}`);
    const shas = blocks.map((b) => (b.kind === 'p' ? sha256Hex(b.text).slice(0, 16) : undefined));
    const fast = record && assignUnchanged('art', record, blocks, shas);
    if (step > 0 && blocks === before) assert.ok(fast, `an unchanged article takes the fast path: ${where}`);
    if (fast) taken.fast++;
    else taken.full++;
    const live = got.record.entries.filter((e) => !e.removed);
    live.forEach((e, i) => e.kind === 'p' && assert.is(e.sketch, encodeSketch(sketchValues(blocks[i].text)), `each sketch is its text's: ${where}`));
    record = throughFile(got.record);
  }
  return taken;
}

test('the fast path and the full rule give the same ids, record and tombstones', () => {
  const taken = { fast: 0, full: 0 };
  for (const seed of SEEDS) {
    const t = session(seed);
    taken.fast += t.fast;
    taken.full += t.full;
  }
  // Both ways were exercised: unchanged steps (fast) and edited ones (matched in full).
  assert.ok(taken.fast > 50 && taken.full > 50, JSON.stringify(taken));
});

test('an edited article is not unchanged: one paragraph reworded, or its headings in another order', () => {
  const blocks: Block[] = [
    { kind: 'h', text: 'One' },
    { kind: 'p', text: 'alpha beta' },
    { kind: 'h', text: 'Two' },
    { kind: 'p', text: 'gamma delta' },
  ];
  const record = throughFile(assignPinpoints('art', undefined, blocks, '2025-01-01', RESERVED).record);
  const shas = (bs: Block[]) => bs.map((b) => (b.kind === 'p' ? sha256Hex(b.text).slice(0, 16) : undefined));
  assert.ok(assignUnchanged('art', record, blocks, shas(blocks)));
  const reworded = blocks.map((b, i) => (i === 3 ? { ...b, text: 'gamma epsilon' } : b));
  assert.is(assignUnchanged('art', record, reworded, shas(reworded)), undefined);
  const swapped = [blocks[2], blocks[1], blocks[0], blocks[3]];
  assert.is(assignUnchanged('art', record, swapped, shas(swapped)), undefined);
  assert.is(assignUnchanged('art', record, blocks.slice(0, 3), shas(blocks.slice(0, 3))), undefined);
});

test.run();
