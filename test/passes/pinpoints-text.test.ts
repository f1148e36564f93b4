/**
 * What identifies a paragraph's text (passes/pinpoints/text.ts) is published (the JSON mirror's
 * hashes) and recorded (the id file's hashes and sketches), so its fast forms must give exactly what
 * their definitions give: the normalised text as `normalize('NFC')`, `\s+` made one space, trimmed;
 * the SHA-256 as node:crypto's createHash; the sketch as the distinct words' hashes (FNV-1a and
 * murmur3's finaliser) of the lowercased text, sorted, the 32 smallest. On every code unit in
 * context and on random text from ASCII, accented and combining letters, every kind of white space,
 * quotes, emoji and lone surrogates.
 */
import { createHash } from 'node:crypto';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createRng } from '../../bench/corpus/random.js';
import { decodeSketch, encodeSketch, normaliseText, sha256Hex, sketchValues, SKETCH_SIZE } from '../../src/passes/pinpoints/text.js';

const test = suite('pinpoints text');

const byDefinition = {
  normaliseText: (text: string) => text.normalize('NFC').replace(/\s+/gu, ' ').trim(),
  sha256Hex: (text: string) => createHash('sha256').update(text, 'utf8').digest('hex'),
  sketchValues(text: string): number[] {
    const words = new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
    const values = new Set<number>();
    for (const word of words) {
      let h = 0x811c9dc5;
      for (let i = 0; i < word.length; i++) h = Math.imul(h ^ word.charCodeAt(i), 0x01000193);
      h ^= h >>> 16;
      h = Math.imul(h, 0x85ebca6b);
      h ^= h >>> 13;
      h = Math.imul(h, 0xc2b2ae35);
      h ^= h >>> 16;
      values.add(h >>> 16);
    }
    return [...values].sort((a, b) => a - b).slice(0, SKETCH_SIZE);
  },
  decodeSketch(sketch: string): number[] | undefined {
    if (!/^[A-Za-z0-9_-]*$/.test(sketch)) return undefined;
    const bytes = Buffer.from(sketch, 'base64url');
    if (bytes.length % 2 || bytes.length > SKETCH_SIZE * 2 || bytes.toString('base64url') !== sketch) return undefined;
    const values: number[] = [];
    for (let i = 0; i < bytes.length; i += 2) values.push(bytes.readUInt16BE(i));
    return values.every((v, i) => i === 0 || v > values[i - 1]) ? values : undefined;
  },
};

const PIECES = [
  'a', 'Z', '7', 'word', 'Privilege', 'é', 'e\u0301', 'A\u030a', '\u212b', 'ß', 'İ', 'Σ', 'ж', '中', '٣', '𝔘', '😀', 'ﬁ', '\u1100\u1161',
  ' ', '  ', '\n', '\t', '\r\n', '\u000b', '\u000c', '\u00a0', '\u1680', '\u2000', '\u2003', '\u200a', '\u2028', '\u2029', '\u202f', '\u205f', '\u3000', '\ufeff', '\u0085', '\u200b',
  "'", '’', '“', '”', '—', '–', '…', '§', '.', ',', '-', '\ud800', '\udc00', '_',
];
const rng = createRng(23);
const texts = Array.from({ length: 4000 }, () => Array.from({ length: rng.int(0, 60) }, () => rng.pick(PIECES)).join(''));

test('normaliseText: as its definition, on every code unit alone and between words, and on random text', () => {
  for (let c = 0; c < 0x10000; c++) {
    const ch = String.fromCharCode(c);
    for (const t of [ch, `a${ch}b`, `e${ch}`, `${ch}${ch}x`, `x ${ch} y`]) assert.is(normaliseText(t), byDefinition.normaliseText(t), `U+${c.toString(16)} in ${JSON.stringify(t)}`);
  }
  for (const t of texts) assert.is(normaliseText(t), byDefinition.normaliseText(t), JSON.stringify(t));
});

test('sha256Hex: as createHash, on random text (lone surrogates included)', () => {
  for (const t of texts) assert.is(sha256Hex(t), byDefinition.sha256Hex(t), JSON.stringify(t));
});

test('sketchValues: as its definition, on random text and on long texts of many words', () => {
  for (const t of texts) assert.equal(sketchValues(t), byDefinition.sketchValues(t), JSON.stringify(t));
  const vocab = Array.from({ length: 500 }, (_, i) => `W${i.toString(36)}ü`);
  for (let k = 0; k < 200; k++) {
    const t = Array.from({ length: rng.int(1, 300) }, () => rng.pick(vocab)).join(rng.pick([' ', ', ', '\n']));
    assert.equal(sketchValues(t), byDefinition.sketchValues(t), t);
  }
});

test('decodeSketch: as Buffer base64url, on sketches, sketches damaged, and random strings', () => {
  const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const candidates: string[] = ['', 'A', 'AA', 'AAA', 'AAAA', 'AB', 'AAE', '=', 'AA==', 'AAA=', ' AAA', 'AA\n', 'é', '+/'];
  candidates.push(encodeSketch([5, 5]), encodeSketch([1, 2, 2, 3]), encodeSketch([3, 2]), encodeSketch(Array.from({ length: 33 }, (_, i) => i))); // not rising; too long
  for (let k = 0; k < 3000; k++) {
    const values = Array.from({ length: rng.int(0, SKETCH_SIZE + 2) }, () => rng.int(0, 0xffff));
    const sorted = [...new Set(values)].sort((a, b) => a - b);
    const sketch = encodeSketch(rng.chance(0.8) ? sorted : values);
    candidates.push(sketch);
    const at = rng.int(0, sketch.length);
    candidates.push(sketch.slice(0, at) + rng.pick([...B64, '=', '+', '/', '.', 'é']) + sketch.slice(at + 1)); // a character changed
    candidates.push(sketch.slice(0, at) + sketch.slice(at + 1)); // one gone
    candidates.push(sketch + rng.pick([...B64])); // one more
  }
  for (let k = 0; k < 3000; k++) candidates.push(Array.from({ length: rng.int(0, 90) }, () => rng.pick([...B64])).join(''));
  for (const s of candidates) assert.equal(decodeSketch(s), byDefinition.decodeSketch(s), JSON.stringify(s));
  assert.ok(candidates.filter((s) => decodeSketch(s)).length > 2000, 'most sketches are read back');
});

test.run();
