/**
 * The site search's inverted index: per word, per type of document, its postings (search/codec.ts),
 * made from every document's postings (postings.ts), or from the last build's by applying what
 * changed. Numbers are positions in each type's document list (search-docs.ts).
 * Reads: documents' postings. Writes: WordLists.
 */
import { decodePostings, encodeColumns, encodePostings } from '../../search/codec.js';
import { DOC_TYPES, type DocPostings, type DocType } from '../../search/format.js';
import { WordTable } from './word-table.js';

/** Per word, one encoded postings list per type (DOC_TYPES order). */
export type WordLists = Map<string, readonly [string, string, string]>;

/**
 * Every word's postings, from every document's, numbered by their place in `docs`. Each word
 * occurrence is numbered once (WordTable), then the occurrences are sorted by word in two passes over
 * typed arrays (counted, then placed), which keeps each type's numbers in order.
 */
export function invertPostings(docs: Record<DocType, readonly DocPostings[]>): WordLists {
  const table = new WordTable();
  let total = 0;
  for (const type of DOC_TYPES) for (const d of docs[type]) total += d.weights.length;
  const ids = new Int32Array(total);
  const numbers = new Int32Array(total);
  const weights = new Uint8Array(total);
  const types = new Uint8Array(total);
  let at = 0;
  DOC_TYPES.forEach((type, t) =>
    docs[type].forEach((d, n) => {
      let start = 0;
      for (let i = 0; start < d.words.length; i++) {
        let end = d.words.indexOf(' ', start);
        if (end < 0) end = d.words.length;
        ids[at] = table.idOf(d.words, start, end);
        numbers[at] = n;
        weights[at] = d.weights.charCodeAt(i);
        types[at++] = t;
        start = end + 1;
      }
    }),
  );
  // Where each word's occurrences start once sorted, then each placed after the ones before it.
  const starts = new Int32Array(table.words.length + 1);
  for (let i = 0; i < total; i++) starts[ids[i] + 1]++;
  for (let id = 0; id < table.words.length; id++) starts[id + 1] += starts[id];
  const next = starts.slice(0, table.words.length);
  const sortedNumbers = new Int32Array(total);
  const sortedWeights = new Uint8Array(total);
  const sortedTypes = new Uint8Array(total);
  for (let i = 0; i < total; i++) {
    const to = next[ids[i]]++;
    sortedNumbers[to] = numbers[i];
    sortedWeights[to] = weights[i];
    sortedTypes[to] = types[i];
  }
  const out: WordLists = new Map();
  table.words.forEach((word, id) => {
    const lists = ['', '', ''];
    // Occurrences of a word are in type order (documents were read type by type).
    for (let from = starts[id], end = starts[id + 1]; from < end; ) {
      const t = sortedTypes[from];
      let to = from;
      while (to < end && sortedTypes[to] === t) to++;
      lists[t] = encodeColumns(sortedNumbers, sortedWeights, from, to);
      from = to;
    }
    out.set(word, lists as unknown as readonly [string, string, string]);
  });
  return out;
}

/** One document whose postings changed: what it held before (none: it is new) and now. */
export interface PostingsChange {
  type: DocType;
  number: number;
  before?: DocPostings;
  after: DocPostings;
}

const weightsOf = (p: DocPostings | undefined): Map<string, number> => {
  const out = new Map<string, number>();
  if (!p || p.words === '') return out;
  p.words.split(' ').forEach((w, i) => out.set(w, p.weights.charCodeAt(i)));
  return out;
};

/**
 * `lists` with `changes` applied (a new map; `lists` is left as it was), and the words whose
 * postings changed. Only the lists of those words are read and written again.
 */
export function patchPostings(lists: WordLists, changes: readonly PostingsChange[]): { lists: WordLists; changed: Set<string> } {
  // Per word, per type: document number → new weight (undefined: no longer there).
  const edits = new Map<string, Map<number, number | undefined>[]>();
  const edit = (word: string, t: number, n: number, weight: number | undefined) => {
    let perType = edits.get(word);
    if (!perType) edits.set(word, (perType = [new Map(), new Map(), new Map()]));
    perType[t].set(n, weight);
  };
  for (const { type, number, before, after } of changes) {
    const t = DOC_TYPES.indexOf(type);
    const old = weightsOf(before);
    const now = weightsOf(after);
    for (const [word, weight] of now) if (old.get(word) !== weight) edit(word, t, number, weight);
    for (const word of old.keys()) if (!now.has(word)) edit(word, t, number, undefined);
  }
  const out = new Map(lists);
  for (const [word, perType] of edits) {
    const lists3 = [...(out.get(word) ?? ['', '', ''])] as [string, string, string];
    perType.forEach((numbers, t) => {
      if (numbers.size) lists3[t] = encodePostings(applyEdits(decodePostings(lists3[t]), numbers));
    });
    if (lists3.every((l) => l === '')) out.delete(word);
    else out.set(word, lists3);
  }
  return { lists: out, changed: new Set(edits.keys()) };
}

/** [number, weight, …] with each edit's number given its weight, or removed; ascending. A few
 * edits to a long list (a word most documents hold): each found by binary search. */
function applyEdits(pairs: number[], edits: Map<number, number | undefined>): number[] {
  const out = pairs.slice();
  for (const [n, weight] of edits) {
    let lo = 0;
    let hi = out.length / 2;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (out[2 * mid] < n) lo = mid + 1;
      else hi = mid;
    }
    const at = 2 * lo;
    const present = at < out.length && out[at] === n;
    if (weight === undefined) {
      if (present) out.splice(at, 2);
    } else if (present) out[at + 1] = weight;
    else out.splice(at, 0, n, weight);
  }
  return out;
}
