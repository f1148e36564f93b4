/**
 * Word scanning without regular expressions: the site reads every article's text three times
 * (glossary matching, word counts, word sets), and at 10,000 articles Unicode-class regexes were a
 * tenth of the work of loading an article. Words are runs of letters and digits (\p{L}, \p{N}, by code
 * point); a joiner between two runs (an apostrophe in "attorney's", a hyphen in "e-mail") can keep
 * them one word. test/passes/word-scan.test.ts checks every scanner against its regular expression.
 */

const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;
/** Per BMP code unit: 0 not yet known, 1 a letter or digit, 2 not. */
const known = new Uint8Array(65536);
for (let c = 0; c < 128; c++) known[c] = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) ? 1 : 2;

/** The length in code units of the letter or digit starting at `i` (1, or 2 for a surrogate pair), or 0. */
export function wordCharAt(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
    const d = text.charCodeAt(i + 1);
    if (d >= 0xdc00 && d <= 0xdfff) return LETTER_OR_DIGIT.test(text.slice(i, i + 2)) ? 2 : 0;
  }
  let k = known[c];
  if (k === 0) known[c] = k = LETTER_OR_DIGIT.test(String.fromCharCode(c)) ? 1 : 2;
  return k === 1 ? 1 : 0;
}

/**
 * Calls `word(start, end)` for each word: a run of letters and digits, extended over a joiner
 * (one of `joiners`) followed by another run — the regular expression
 * `[\p{L}\p{N}]+(?:[joiners][\p{L}\p{N}]+)*` with the u flag.
 */
export function scanWords(text: string, joiners: string, word: (start: number, end: number) => void): void {
  for (let start = wordStartFrom(text, 0); start !== -1; ) {
    const end = wordEndAt(text, start, joiners);
    word(start, end);
    start = wordStartFrom(text, end);
  }
}

/** How many words scanWords finds, in one pass over the text: a letter or digit starts a word
 * unless it follows one, or follows a joiner that follows one. Every article's text is counted for
 * its reading time: 6.3 ns a character against 7.8–8.6 finding each word's start and end (2,000
 * articles of the benchmark's corpus, one thread). */
export function countWordsOf(text: string, joiners: string): number {
  const n = text.length;
  let count = 0;
  // 0: outside a word; 1: in one; 2: on a joiner right after a word's letter or digit.
  let state = 0;
  for (let i = 0; i < n; ) {
    const c = text.charCodeAt(i);
    // wordCharAt's test, with its common case (no surrogate, class known) read in place.
    const k = c < 0xd800 || c > 0xdbff ? known[c] : 0;
    const w = k === 1 ? 1 : k === 2 ? 0 : wordCharAt(text, i);
    if (w > 0) {
      if (state === 0) count++;
      state = 1;
      i += w;
    } else {
      state = state === 1 && isJoiner(joiners, c) ? 2 : 0;
      i++;
    }
  }
  return count;
}

/** Where the first word at or after `from` starts (its first letter or digit), or -1. For a
 * caller that reads words one at a time, as far as it needs: the words found from the end of the
 * last are those scanWords finds. */
export function wordStartFrom(text: string, from: number): number {
  const n = text.length;
  for (let i = from; i < n; i++) if (wordCharAt(text, i) > 0) return i;
  return -1;
}

/** Where the word that starts at `start` (a letter or digit) ends, as scanWords reads it. */
export function wordEndAt(text: string, start: number, joiners: string): number {
  const n = text.length;
  let i = start;
  let w: number;
  for (;;) {
    while (i < n && (w = wordCharAt(text, i)) > 0) i += w;
    if (i + 1 < n && isJoiner(joiners, text.charCodeAt(i)) && (w = wordCharAt(text, i + 1)) > 0) i += 1 + w;
    else return i;
  }
}

function isJoiner(joiners: string, c: number): boolean {
  for (let k = 0; k < joiners.length; k++) if (joiners.charCodeAt(k) === c) return true;
  return false;
}

/** Calls `run(start, end)` for each maximal run of at least `min` letters and digits (code points):
 * the regular expression `[\p{L}\p{N}]{min,}` with the u flag. */
export function scanRuns(text: string, min: number, run: (start: number, end: number) => void): void {
  const n = text.length;
  let i = 0;
  while (i < n) {
    let w = wordCharAt(text, i);
    if (w === 0) {
      i++;
      continue;
    }
    const start = i;
    let count = 0;
    while (w > 0) {
      i += w;
      count++;
      w = i < n ? wordCharAt(text, i) : 0;
    }
    if (count >= min) run(start, i);
  }
}
