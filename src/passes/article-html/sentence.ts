/**
 * The sentence around a place in a block's text: what a backlink quotes and what `check
 * --list-links` prints, so an editor can judge a link's sense. Legal prose is full of full stops that
 * end no sentence ("Mata v. Avianca", "r. 20.14", "U.S.", "e.g."), so a full stop ends one only
 * when a space and a capital, digit, quote or bracket follow and the word before it is not a
 * known abbreviation or a single letter. Very long sentences (tables, lists run together) are cut
 * around the place, at word boundaries.
 */

/** Words that end with a full stop without ending a sentence (compared in lower case). */
const ABBREVIATIONS = new Set([
  'v', 'vs', 'e.g', 'i.e', 'cf', 'etc', 'et al', 'al', 'no', 'nos', 'para', 'paras', 'r', 'rr', 's', 'ss', 'cl', 'art', 'arts', 'ch', 'pt', 'p', 'pp',
  'inc', 'ltd', 'co', 'corp', 'mr', 'mrs', 'ms', 'dr', 'st', 'fed', 'cir', 'civ', 'evid', 'app', 'supp', 'cth', 'vic', 'approx', 'fig', 'cmt', 'sec', 'op', 'ed', 'vol',
]);

/** Sentences longer than this are cut around the place. */
export const MAX_SENTENCE = 280;
const CUT_RADIUS = 110;

/** The sentence of `text` holding `start`…`end`, whitespace folded. */
export function sentenceAround(text: string, start: number, end: number): string {
  let from = 0;
  for (let i = start - 1; i > 0; i--) {
    if (endsSentence(text, i)) {
      from = i + 1;
      break;
    }
  }
  let to = text.length;
  for (let i = end; i < text.length; i++) {
    if (endsSentence(text, i)) {
      to = i + 1;
      // Closing quotes and brackets stay with their sentence.
      while (to < text.length && /[)"'’”\]]/.test(text[to])) to++;
      break;
    }
  }
  const lead = text.slice(from, start).length - text.slice(from, start).trimStart().length;
  from += lead;
  if (to - from <= MAX_SENTENCE) return fold(text.slice(from, to));
  return cut(text, from, to, start, end);
}

/** Whether the character at `i` (., ! or ?) ends a sentence. */
function endsSentence(text: string, i: number): boolean {
  const c = text[i];
  if (c !== '.' && c !== '!' && c !== '?') return false;
  let k = i + 1;
  while (k < text.length && /[)"'’”\]]/.test(text[k])) k++;
  if (k < text.length && !/\s/.test(text[k])) return false;
  while (k < text.length && /\s/.test(text[k])) k++;
  if (k < text.length && !/[\p{Lu}\p{N}"'‘“(\[]/u.test(text[k])) return false;
  if (c !== '.') return true;
  const before = /([\p{L}.]+)$/u.exec(text.slice(Math.max(0, i - 12), i))?.[1] ?? '';
  const word = before.toLowerCase();
  if (word.length === 1 || ABBREVIATIONS.has(word)) return false;
  // "U.S." and the like: letters with full stops inside.
  return !/^(\p{L}\.)+\p{L}$/u.test(before);
}

function cut(text: string, from: number, to: number, start: number, end: number): string {
  let a = Math.max(from, start - CUT_RADIUS);
  let b = Math.min(to, end + CUT_RADIUS);
  if (a > from) a = text.indexOf(' ', a) + 1 || a;
  if (b < to) b = text.lastIndexOf(' ', b) > end ? text.lastIndexOf(' ', b) : b;
  return `${a > from ? '…' : ''}${fold(text.slice(a, b))}${b < to ? '…' : ''}`;
}

const fold = (s: string) => s.replace(/\s+/g, ' ').trim();
