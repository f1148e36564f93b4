/**
 * How a chunk file writes a word's postings for one type of document: the documents' numbers as
 * gaps (each number minus the one before it, minus one), then their weights, each a variable-length
 * number in URL-safe base64 digits (a digit below 32 ends a number, one of 32 or more carries five
 * bits and continues it), the two runs separated by ".". Dense words are runs of "A" (gap 0), which
 * gzip makes almost nothing of; "" is no documents.
 * Browser-safe: no Node imports.
 */

const DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const VALUE = new Int8Array(128).fill(-1);
for (let i = 0; i < DIGITS.length; i++) VALUE[DIGITS.charCodeAt(i)] = i;

function pushNumber(out: number[], n: number): void {
  while (n >= 32) {
    out.push(DIGITS.charCodeAt(32 + (n & 31)));
    n = Math.floor(n / 32);
  }
  out.push(DIGITS.charCodeAt(n));
}

/** Writes postings given as [number, weight, number, weight, …], numbers ascending. */
export function encodePostings(pairs: ArrayLike<number>): string {
  const numbers: number[] = [];
  const weights: number[] = [];
  for (let i = 0; i < pairs.length; i += 2) numbers.push(pairs[i]), weights.push(pairs[i + 1]);
  return encodeColumns(numbers, weights, 0, numbers.length);
}

/** Writes the postings numbers[from, to) (ascending) with their weights. */
export function encodeColumns(numbers: ArrayLike<number>, weights: ArrayLike<number>, from: number, to: number): string {
  if (to <= from) return '';
  const codes: number[] = [];
  let previous = -1;
  for (let i = from; i < to; i++) {
    pushNumber(codes, numbers[i] - previous - 1);
    previous = numbers[i];
  }
  codes.push(46); // "."
  for (let i = from; i < to; i++) pushNumber(codes, weights[i]);
  let out = '';
  // fromCharCode takes arguments; in slices, as a long list would overflow the stack.
  for (let i = 0; i < codes.length; i += 8192) out += String.fromCharCode(...codes.slice(i, i + 8192));
  return out;
}

/** Reads what encodePostings wrote, as [number, weight, …]. Throws on anything else. */
export function decodePostings(text: string): number[] {
  if (text === '') return [];
  const dot = text.indexOf('.');
  if (dot < 0) throw new Error('postings without their weights');
  const numbers = readNumbers(text, 0, dot);
  const weights = readNumbers(text, dot + 1, text.length);
  if (numbers.length !== weights.length) throw new Error('postings whose weights do not match their documents');
  const pairs = new Array<number>(numbers.length * 2);
  let n = -1;
  for (let i = 0; i < numbers.length; i++) {
    n += numbers[i] + 1;
    pairs[2 * i] = n;
    pairs[2 * i + 1] = weights[i];
  }
  return pairs;
}

function readNumbers(text: string, from: number, to: number): number[] {
  const out: number[] = [];
  let value = 0;
  let scale = 1;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    const d = c < 128 ? VALUE[c] : -1;
    if (d < 0) throw new Error(`not a postings digit: ${JSON.stringify(text[i])}`);
    if (d >= 32) {
      value += (d - 32) * scale;
      scale *= 32;
    } else {
      out.push(value + d * scale);
      value = 0;
      scale = 1;
    }
  }
  if (scale !== 1) throw new Error('postings cut short');
  return out;
}

/** How many documents a list holds, without reading their weights. */
export function postingsCount(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 46) return n;
    if (VALUE[c] < 32) n++;
  }
  return n;
}

/** Writes each document's facets, [jurisdiction numbers, tag numbers], as "jurisdictions.tags" in
 * the same digits, documents separated by ",": about six characters a document. */
export function encodeFacets(docs: readonly (readonly [readonly number[], readonly number[]])[]): string {
  const codes: number[] = [];
  docs.forEach(([jurisdictions, tags], i) => {
    if (i > 0) codes.push(44); // ","
    for (const j of jurisdictions) pushNumber(codes, j);
    codes.push(46); // "."
    for (const t of tags) pushNumber(codes, t);
  });
  let out = '';
  for (let i = 0; i < codes.length; i += 8192) out += String.fromCharCode(...codes.slice(i, i + 8192));
  return out;
}

/** Reads what encodeFacets wrote. */
export function decodeFacets(text: string): [number[], number[]][] {
  if (text === '') return [];
  return text.split(',').map((doc) => {
    const dot = doc.indexOf('.');
    if (dot < 0) throw new Error('facets without their tags');
    return [readNumbers(doc, 0, dot), readNumbers(doc, dot + 1, doc.length)];
  });
}
