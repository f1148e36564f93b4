/**
 * What identifies a paragraph's text, for its id to follow it (assign.ts) and for readers to check a
 * quotation (the JSON mirror): the normalised text, its SHA-256, and a small sketch of its words
 * from which the similarity of two paragraphs is estimated without keeping their texts.
 *
 * - Normalised text: the paragraph's text as the page shows it (the DOM's textContent: tags gone,
 *   entities decoded), in Unicode NFC, every run of white space (JavaScript's \s: spaces, tabs, line
 *   breaks, no-break and other Unicode spaces) made one space, without leading or trailing space.
 * - SHA-256: of that text's UTF-8 bytes, in lowercase hex.
 * - Words: the runs of letters and digits (\p{L}, \p{N}) of the text, lowercased, as a set.
 * - Sketch: a bottom-k MinHash of the word set: each word hashed to 16 bits (FNV-1a, then the
 *   murmur3 finaliser), the SKETCH_SIZE smallest distinct values kept, written as base64url of their
 *   big-endian bytes. A set of up to SKETCH_SIZE values is kept whole, so short paragraphs compare
 *   exactly.
 * - Similarity: the Jaccard index of two word sets (shared words ÷ words in either), estimated from
 *   two sketches the usual way: of the SKETCH_SIZE smallest values of their union, the share found
 *   in both.
 */
import { hash } from 'node:crypto';
import { scanRuns, wordCharAt } from '../word-scan.js';

/** Values kept in a sketch: 32 give the similarity within ±0.09 (one standard error) at 0.5. */
export const SKETCH_SIZE = 32;

const SPACE_RUN = /\s+/gu;
/** What normalising may change: a code point from U+0300 (below it, every one is in NFC and combines
 * with nothing; the other white space of \s is there too), white space other than one space between
 * two words. Most paragraphs have none, and are their own normalised text. */
const MAY_CHANGE = /[\t-\r\u00a0\u0300-\uffff]| {2}|^ | $/;

/** The text as hashed and published (see the header). */
export function normaliseText(text: string): string {
  if (!MAY_CHANGE.test(text)) return text;
  return text.normalize('NFC').replace(SPACE_RUN, ' ').trim();
}

/** SHA-256 of the text's UTF-8 bytes, lowercase hex. */
export function sha256Hex(text: string): string {
  return hash('sha256', text, 'hex');
}

/** The distinct words of a text, lowercased. */
export function wordSet(text: string): Set<string> {
  const lower = text.toLowerCase();
  const words = new Set<string>();
  scanRuns(lower, 1, (start, end) => words.add(lower.slice(start, end)));
  return words;
}

/** The sorted sketch values of a text's words: each word's 16-bit hash (FNV-1a over its UTF-16 code
 * units, mixed by murmur3's finaliser), the SKETCH_SIZE smallest distinct ones. The id file keeps
 * them, so they never change. The words are hashed where they lie in the lowercased text, without
 * making each one a string or a set of them (equal words give equal hashes, made distinct below). */
export function sketchValues(text: string): number[] {
  const lower = text.toLowerCase();
  const n = lower.length;
  const hashes: number[] = [];
  let i = 0;
  while (i < n) {
    let w = wordCharAt(lower, i);
    if (w === 0) {
      i++;
      continue;
    }
    let h = 0x811c9dc5;
    while (w > 0) {
      h = Math.imul(h ^ lower.charCodeAt(i), 0x01000193);
      if (w === 2) h = Math.imul(h ^ lower.charCodeAt(i + 1), 0x01000193);
      i += w;
      w = i < n ? wordCharAt(lower, i) : 0;
    }
    h ^= h >>> 16;
    h = Math.imul(h, 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
    hashes.push(h >>> 16);
  }
  return smallestDistinct(Uint16Array.from(hashes).sort(), SKETCH_SIZE);
}

/** The first `k` distinct values of a sorted list. */
function smallestDistinct(sorted: Uint16Array, k: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < sorted.length && out.length < k; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) out.push(sorted[i]);
  return out;
}

/** A sketch as the id file writes it. */
export function encodeSketch(values: number[]): string {
  const bytes = Buffer.alloc(values.length * 2);
  values.forEach((v, i) => bytes.writeUInt16BE(v, i * 2));
  return bytes.toString('base64url');
}

/** Each base64url character's 6 bits, by character code (-1: not one). */
const BASE64URL = new Int8Array(128).fill(-1);
[...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'].forEach((c, i) => (BASE64URL[c.charCodeAt(0)] = i));

/** A sketch as written, back to its values; undefined when it is not one: exactly what encodeSketch
 * writes (base64url without padding of up to SKETCH_SIZE 16-bit values, rising). Every line of the
 * id file is checked, so this decodes in one pass, without a Buffer (test/passes/pinpoints-text.test.ts
 * checks it against Buffer's base64url). */
export function decodeSketch(sketch: string): number[] | undefined {
  const values: number[] = [];
  let bits = 0; // held in `held`, not yet a value
  let held = 0;
  for (let i = 0; i < sketch.length; i++) {
    const c = sketch.charCodeAt(i);
    const six = c < 128 ? BASE64URL[c] : -1;
    if (six < 0) return undefined;
    held = (held << 6) | six;
    bits += 6;
    if (bits < 16) continue;
    bits -= 16;
    const value = held >>> bits;
    if (values.length === SKETCH_SIZE || (values.length && value <= values[values.length - 1])) return undefined;
    values.push(value);
    held &= (1 << bits) - 1;
  }
  // What encodeSketch writes ends within its last value's last character, padded with zero bits.
  return bits <= 4 && held === 0 ? values : undefined;
}

/** The estimated Jaccard index of the word sets two sketches were made from (0 when both are empty). */
export function similarity(a: readonly number[], b: readonly number[]): number {
  let i = 0;
  let j = 0;
  let union = 0;
  let both = 0;
  while (union < SKETCH_SIZE && (i < a.length || j < b.length)) {
    const x = i < a.length ? a[i] : Infinity;
    const y = j < b.length ? b[j] : Infinity;
    if (x === y) (both++, i++, j++);
    else if (x < y) i++;
    else j++;
    union++;
  }
  return union ? both / union : 0;
}

/** The first words of a text, at most about 48 characters, for people reading the id file. */
export function textStart(text: string): string {
  if (text.length <= 48) return text;
  let cut = text.lastIndexOf(' ', 48);
  if (cut <= 20) cut = /[\ud800-\udbff]/.test(text[47]) ? 47 : 48;
  return `${text.slice(0, cut)}…`;
}
