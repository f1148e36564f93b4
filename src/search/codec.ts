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

const CODES = Uint8Array.from(DIGITS, (c) => c.charCodeAt(0));

/** Characters written so far, in a buffer that grows as needed (one per build or page). */
class Out {
  private codes = new Uint8Array(1 << 16);
  length = 0;

  push(code: number): void {
    if (this.length === this.codes.length) {
      const bigger = new Uint8Array(this.codes.length * 2);
      bigger.set(this.codes);
      this.codes = bigger;
    }
    this.codes[this.length++] = code;
  }

  number(n: number): void {
    while (n >= 32) {
      this.push(CODES[32 + (n & 31)]);
      n = Math.floor(n / 32);
    }
    this.push(CODES[n]);
  }

  /** The characters written, as a string; then empty again. */
  take(): string {
    let out = '';
    // fromCharCode takes arguments; in slices, as a long list would overflow the stack.
    for (let i = 0; i < this.length; i += 8192) out += String.fromCharCode.apply(null, this.codes.subarray(i, Math.min(this.length, i + 8192)) as unknown as number[]);
    this.length = 0;
    return out;
  }
}

const out = new Out();

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
  let previous = -1;
  for (let i = from; i < to; i++) {
    out.number(numbers[i] - previous - 1);
    previous = numbers[i];
  }
  out.push(46); // "."
  for (let i = from; i < to; i++) out.number(weights[i]);
  return out.take();
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

/** Writes each document's facets as "jurisdictions.tags", each by its number in the same digits,
 * documents separated by ",": about six characters a document. Values without a number are left
 * out. */
export function encodeFacets(docs: readonly { jurisdictions: readonly string[]; tags: readonly string[] }[], jurisdictionNumbers: ReadonlyMap<string, number>, tagNumbers: ReadonlyMap<string, number>): string {
  for (let i = 0; i < docs.length; i++) {
    if (i > 0) out.push(44); // ","
    const { jurisdictions, tags } = docs[i];
    for (let k = 0; k < jurisdictions.length; k++) {
      const n = jurisdictionNumbers.get(jurisdictions[k]);
      if (n !== undefined) out.number(n);
    }
    out.push(46); // "."
    for (let k = 0; k < tags.length; k++) {
      const n = tagNumbers.get(tags[k]);
      if (n !== undefined) out.number(n);
    }
  }
  return out.take();
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
