/**
 * A query word's other number, so that "chronologies" also finds "chronology" and "statement" finds
 * "statements". Regular English plurals only: -s; -es after s, x, z, ch or sh; -ies after a
 * consonant; -is and -es (analysis, analyses). The forms are guesses ("bases" gives base, bas and
 * basis): each is looked up in the index as it is, and one no document holds finds nothing.
 */

const LETTERS = /^[a-z]+$/;
const SIBILANT = /(s|x|z|ch|sh)$/;
const CONSONANT_Y = /[^aeiou]y$/;
/** Words that end like a plural and are not one of their singular (or have none). */
const NOT_PLURAL = new Set(['news', 'series', 'species', 'its', 'yes', 'does', 'goes']);

/** The other forms of `word`, a word of letters a to z: its singular if it reads as a plural,
 * otherwise its plural. */
export function otherNumber(word: string): string[] {
  if (!LETTERS.test(word) || word.length < 3 || NOT_PLURAL.has(word)) return [];
  const singular = new Set<string>();
  if (word.length >= 5 && word.endsWith('ies')) singular.add(`${word.slice(0, -3)}y`);
  else if (word.length >= 4 && word.endsWith('es')) {
    singular.add(word.slice(0, -1));
    if (SIBILANT.test(word.slice(0, -2))) singular.add(word.slice(0, -2));
    if (word.endsWith('ses')) singular.add(`${word.slice(0, -2)}is`);
  } else if (word.length >= 4 && word.endsWith('s') && !/(ss|us|is)$/.test(word)) singular.add(word.slice(0, -1));
  if (singular.size) return [...singular];
  if (word.length >= 5 && word.endsWith('is')) return [`${word.slice(0, -2)}es`];
  if (CONSONANT_Y.test(word)) return [`${word.slice(0, -1)}ies`];
  return [SIBILANT.test(word) ? `${word}es` : `${word}s`];
}
