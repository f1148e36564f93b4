/**
 * The words of the site search, the same in the build (which indexes them) and in the browser (which
 * looks them up and highlights them): runs of letters and digits (\p{L}, \p{N}, with the combining
 * marks that belong to them), lower-cased, accents removed ("Café" and "cafe" are one word). Every
 * other character separates words: "26(b)(5)(A)" is 26, b, 5, a; "attorney-client" is attorney,
 * client (a query word with such joins is searched as a phrase: query.ts), except that initialisms
 * ("U.S.C.", "R&D") are also indexed whole (initialisms).
 * Browser-safe: no Node imports.
 */

/** A word as it is indexed, and where it stands in the text it was read from. */
export interface Token {
  word: string;
  start: number;
  end: number;
}

/** Longer words are cut to this many characters, in the index and in queries alike (a hash value or
 * a URL run together would otherwise bloat the vocabulary). */
export const MAX_WORD = 40;

const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const MARKS = /\p{M}+/gu;
/** Per BMP code unit: 0 not yet known, 1 starts or continues a word, 2 only continues one (a
 * combining mark), 3 neither. */
const kind = new Uint8Array(65536);
for (let c = 0; c < 128; c++) kind[c] = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) ? 1 : 3;

function kindOf(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c >= 0xd800 && c <= 0xdbff) {
    const pair = text.slice(i, i + 2);
    return LETTER_OR_DIGIT.test(pair) ? 1 : WORD_CHAR.test(pair) ? 2 : 3;
  }
  let k = kind[c];
  if (k === 0) {
    const ch = String.fromCharCode(c);
    kind[c] = k = LETTER_OR_DIGIT.test(ch) ? 1 : WORD_CHAR.test(ch) ? 2 : 3;
  }
  return k;
}

const ASCII = /^[\x00-\x7f]*$/;

/** A word as the index holds it: lower case, without accents, at most MAX_WORD characters. */
export function normalizeWord(raw: string): string {
  const plain = ASCII.test(raw) ? raw.toLowerCase() : raw.normalize('NFKD').replace(MARKS, '').toLowerCase();
  return plain.length > MAX_WORD ? plain.slice(0, MAX_WORD) : plain;
}

/** Calls `each(start, end)` for every word of `text` (offsets in code units). */
export function scanTokens(text: string, each: (start: number, end: number) => void): void {
  const n = text.length;
  let i = 0;
  while (i < n) {
    if (kindOf(text, i) !== 1) {
      i++;
      continue;
    }
    const start = i;
    while (i < n) {
      const k = kindOf(text, i);
      if (k === 3) break;
      i += text.charCodeAt(i) >= 0xd800 && text.charCodeAt(i) <= 0xdbff ? 2 : 1;
    }
    each(start, i);
  }
}

/** Every word of `text`, with where it stands. */
export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  scanTokens(text, (start, end) => out.push({ word: normalizeWord(text.slice(start, end)), start, end }));
  return out;
}

/** Whether every letter, digit and mark of `text` is ASCII (other characters, such as dashes, curly
 * quotes or §, only separate words): such text can be read a character code at a time. */
export function hasOnlyAsciiWords(text: string): boolean {
  if (ASCII.test(text)) return true;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) >= 128 && kindOf(text, i) !== 3) return false;
  return true;
}

/** Whether a word is in the index: single letters are not ("a", the "s" of "party's"), single digits
 * are. A query's single letters still count where a phrase is checked against the text, and
 * initialisms made of them are indexed as one word (initialisms). */
export const isIndexed = (word: string): boolean => word.length > 1 || (word >= '0' && word <= '9');

/** Whether the character code joins the letters of an initialism: "." (U.S.C.) or "&" (R&D). */
export const joinsInitials = (c: number): boolean => c === 46 || c === 38;

/**
 * The initialisms of `text`, each as the one word the index holds it under: runs of two or more
 * single letters, each joined to the next by one "." or "&" ("U.S.C." is "usc", "S.D.N.Y." is
 * "sdny", "R&D" is "rd"). Their letters alone are not indexed (isIndexed), so without this a query
 * for "U.S.C." would have nothing to look up; the query then checks the letters as a phrase.
 */
export function initialisms(text: string): string[] {
  const out: string[] = [];
  let run = '';
  let runEnd = -2;
  const flush = () => {
    if (run.length >= 2) out.push(run.slice(0, MAX_WORD));
    run = '';
  };
  scanTokens(text, (start, end) => {
    const word = normalizeWord(text.slice(start, end));
    if (word.length !== 1 || isIndexed(word)) return flush();
    if (!(start === runEnd + 1 && joinsInitials(text.charCodeAt(runEnd)))) flush();
    run += word;
    runEnd = end;
  });
  flush();
  return out;
}
