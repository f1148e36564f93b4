/** Pinpoints that never move (passes/pinpoints/): a paragraph keeps its number through insertions,
 * deletions, moves and edits around it, a lightly edited or rewritten paragraph keeps it, a removed
 * one leaves a tombstone, and no number is issued twice. The record goes through the id file's text
 * at every step, as it does between two builds. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { ArticlePins } from '../../src/model/pinpoints.js';
import { assignPinpoints, type Block } from '../../src/passes/pinpoints/assign.js';
import { formatArticlePins, formatPinsFile, parseArticlePins, splitPinsFile } from '../../src/passes/pinpoints/record-format.js';
import { decodeSketch, encodeSketch, normaliseText, similarity, sketchValues } from '../../src/passes/pinpoints/text.js';

const test = suite('pinpoints');
const RESERVED = ['answer', 'faq'];

/** The record as the next build reads it: written to the id file's text and parsed back. */
function throughFile(pins: ArticlePins): ArticlePins {
  const { chunks, problems } = splitPinsFile(formatPinsFile(new Map([[pins.slug, formatArticlePins(pins)]])));
  assert.equal(problems, []);
  const parsed = parseArticlePins(chunks.get(pins.slug)!);
  assert.equal(parsed.problems, []);
  return parsed.pins!;
}

const p = (text: string): Block => ({ kind: 'p', text: normaliseText(text) });
const h = (text: string): Block => ({ kind: 'h', text: normaliseText(text) });
const numbers = (a: ReturnType<typeof assignPinpoints>) => a.ids.map((id) => (id.kind === 'p' ? id.n : id.id));

const A = 'Privilege protects confidential communications between a lawyer and a client made for legal advice.';
const B = 'A privilege log lists each withheld document with its date, author, recipients and the basis claimed.';
const C = 'Courts may order production when the log does not let the other side assess the claim.';
const D = 'Chronologies link every fact to the page of the document that proves it.';

test('without a record the ids are positional, as the spec numbers them', () => {
  const a = assignPinpoints('x', undefined, [h('Overview'), p(A), p(B), h('Answer'), h('Overview')], '2025-01-01', RESERVED);
  assert.equal(numbers(a), ['overview', 1, 2, 'answer-2', 'overview-2']);
  assert.is(a.record.issued, 2);
  assert.equal(a.tombstones, []);
});

test('inserting, deleting and moving paragraphs never renumbers the others; new ones take new numbers', () => {
  const first = assignPinpoints('x', undefined, [p(A), p(B), p(C)], '2025-01-01', []);
  const second = assignPinpoints('x', throughFile(first.record), [p(D), p(C), p(A)], '2025-02-01', []);
  assert.equal(numbers(second), [4, 3, 1]);
  assert.equal(second.tombstones.map((t) => [t.entry.kind === 'p' && t.entry.n, t.entry.removed, t.after]), [[2, '2025-02-01', 2]]);
  const third = assignPinpoints('x', throughFile(second.record), [p(A), p(D), p(B.replace('each', 'every'))], '2025-03-01', []);
  assert.equal(numbers(third), [1, 4, 5], 'a removed paragraph is never matched by similarity: only its exact text takes its number back');
  assert.equal(third.tombstones.map((t) => t.entry.kind === 'p' && t.entry.n), [2, 3], 'in page order: each where it stood');
});

test('a removed paragraph whose exact text comes back takes its number back', () => {
  const first = assignPinpoints('x', undefined, [p(A), p(B)], '2025-01-01', []);
  const gone = assignPinpoints('x', throughFile(first.record), [p(A)], '2025-02-01', []);
  const back = assignPinpoints('x', throughFile(gone.record), [p(A), p(B)], '2025-03-01', []);
  assert.equal(numbers(back), [1, 2]);
  assert.equal(back.tombstones, []);
});

test('a lightly edited paragraph keeps its number, a rewritten one too when half its words remain', () => {
  const first = assignPinpoints('x', undefined, [p(A), p(B)], '2025-01-01', []);
  const edited = A.replace('confidential', 'private');
  const rewritten = 'A privilege log lists every document withheld, with its date, its author and recipients, and the privilege claimed for it.';
  const next = assignPinpoints('x', throughFile(first.record), [p(edited), p(rewritten)], '2025-02-01', []);
  assert.equal(numbers(next), [1, 2]);
  assert.equal(next.tombstones, []);
});

test('a paragraph replaced by unrelated text is removed and the new one names nothing it did not replace', () => {
  const first = assignPinpoints('x', undefined, [p(A), p(B), p(C)], '2025-01-01', []);
  const next = assignPinpoints('x', throughFile(first.record), [p(A), p(D), p(C)], '2025-02-01', []);
  assert.equal(numbers(next), [1, 4, 3]);
  const [tomb] = next.tombstones;
  assert.equal([tomb.entry.kind === 'p' && tomb.entry.n, tomb.entry.replacedBy, tomb.after], [2, undefined, 0]);
});

test('a paragraph rewritten past recognition is replaced: its tombstone names the new paragraph', () => {
  const first = assignPinpoints('x', undefined, [p(A), p(B)], '2025-01-01', []);
  const heavy = 'Each document withheld goes on the privilege log with the basis claimed; a vague log invites an order to produce.';
  const next = assignPinpoints('x', throughFile(first.record), [p(A), p(heavy)], '2025-02-01', []);
  assert.equal(numbers(next), [1, 3]);
  assert.is(next.tombstones[0].entry.replacedBy, 'p003');
});

test('equal paragraphs keep their numbers in page order', () => {
  const first = assignPinpoints('x', undefined, [p('See above.'), p(A), p('See above.')], '2025-01-01', []);
  const next = assignPinpoints('x', throughFile(first.record), [p(A), p('See above.'), p('See above.'), p(B)], '2025-02-01', []);
  assert.equal(numbers(next), [2, 1, 3, 4]);
});

test('when one of equal paragraphs is edited or removed, the others keep their own numbers; a copy added takes a new one', () => {
  const S = 'This point bears repeating.';
  const first = assignPinpoints('x', undefined, [p(S), p(A), p(B), p(S), p(C)], '2025-01-01', []);
  assert.equal(numbers(first), [1, 2, 3, 4, 5]);
  const record = throughFile(first.record);
  // The first copy edited past recognition: the second copy, untouched, is still number 4.
  assert.equal(numbers(assignPinpoints('x', record, [p('Something else entirely now.'), p(A), p(B), p(S), p(C)], '2025-02-01', [])), [6, 2, 3, 4, 5]);
  // The first copy removed: the second keeps 4, and 1 is a tombstone.
  const removed = assignPinpoints('x', record, [p(A), p(B), p(S), p(C)], '2025-02-01', []);
  assert.equal(numbers(removed), [2, 3, 4, 5]);
  assert.equal(removed.tombstones.map((t) => (t.entry.kind === 'p' ? t.entry.n : t.entry.id)), [1]);
  // A third copy put at the top: the two recorded ones keep theirs, the new one takes 6.
  assert.equal(numbers(assignPinpoints('x', record, [p(S), p(S), p(A), p(B), p(S), p(C)], '2025-02-01', [])), [1, 6, 2, 3, 4, 5]);
});

test('a reworded heading takes the id of its new text and keeps the old one as a second anchor', () => {
  const first = assignPinpoints('x', undefined, [h('When privilege applies'), p(A), p(B), h('Logs'), p(C)], '2025-01-01', []);
  const next = assignPinpoints('x', throughFile(first.record), [h('When legal privilege applies'), p(A), p(B), h('Privilege logs in practice'), p(C)], '2025-02-01', []);
  assert.equal(next.ids.filter((i) => i.kind === 'h'), [
    { kind: 'h', id: 'when-legal-privilege-applies', former: ['when-privilege-applies'] },
    { kind: 'h', id: 'privilege-logs-in-practice', former: ['logs'] },
  ], 'the first by its words, the second by its section');
  const back = assignPinpoints('x', throughFile(next.record), [h('When privilege applies'), p(A), p(B), h('Privilege logs in practice'), p(C)], '2025-03-01', []);
  assert.equal(back.ids[0], { kind: 'h', id: 'when-privilege-applies', former: ['when-legal-privilege-applies'] }, 'rewording it back takes its old id back');
});

test('a removed heading leaves a tombstone naming the heading that now holds its paragraphs; its id is never given again', () => {
  const first = assignPinpoints('x', undefined, [h('Scope'), p(A), h('Logs'), p(B)], '2025-01-01', []);
  const merged = assignPinpoints('x', throughFile(first.record), [h('Scope'), p(A), p(B)], '2025-02-01', []);
  assert.equal(merged.tombstones.map((t) => [t.entry.kind === 'h' && t.entry.id, t.entry.replacedBy, t.after]), [['logs', 'scope', 1]]);
  const again = assignPinpoints('x', throughFile(merged.record), [h('Scope'), p(A), h('Logs'), p(C)], '2025-03-01', []);
  assert.equal(again.ids[2], { kind: 'h', id: 'logs', former: [] }, 'the same text takes its own id back');
  const other = assignPinpoints('x', throughFile(merged.record), [h('Scope'), p(A), h('Logs!'), p(D)], '2025-03-01', []);
  assert.equal(other.ids[2], { kind: 'h', id: 'logs-2', former: [] }, 'a new heading never takes the id of a removed one');
});

test('sketches: written and read back the same; similarity exact for short texts and close for long ones', () => {
  const values = sketchValues(A);
  assert.equal(decodeSketch(encodeSketch(values)), values);
  assert.is(decodeSketch('not a sketch!'), undefined);
  assert.is(similarity(sketchValues(A), sketchValues(A)), 1);
  assert.is(similarity(sketchValues('one two three four'), sketchValues('one two three five')), 3 / 5);
  const long = Array.from({ length: 200 }, (_, i) => `w${i}`);
  const estimate = similarity(sketchValues(long.join(' ')), sketchValues(long.slice(50).concat(long.slice(0, 50).map((w) => `${w}x`)).join(' ')));
  assert.ok(Math.abs(estimate - 150 / 250) < 0.25, `estimate ${estimate} for 0.6`);
});

test('normalised text: tags gone, white space runs one space, NFC', () => {
  assert.is(normaliseText('  Cafe\u0301\n  au\u00a0lait\t'), 'Caf\u00e9 au lait');
});

test.run();
