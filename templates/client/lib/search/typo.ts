/** One typo: words one edit apart (a letter added, dropped, changed, or two neighbours swapped). */

/** Whether `a` and `b` differ by exactly one edit. */
export function oneEditApart(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    // Changed here, or swapped with the next.
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  const [longer, shorter] = a.length > b.length ? [a, b] : [b, a];
  return longer.slice(i + 1) === shorter.slice(i);
}

/**
 * The two-letter prefixes under which a word one edit from `word` can be: its own first two letters
 * (an edit after them), and those an edit in the first two would leave (a swap of the first two, or
 * of the second and third; a letter dropped or added at the start). A letter changed or dropped in
 * the first two is not looked for: the vocabulary of every other prefix would be needed.
 */
export function typoPrefixes(word: string): string[] {
  const [a, b, c] = [word[0], word[1] ?? '', word[2] ?? ''];
  return [...new Set([a + b, b + a, a + c, b + c])].filter((p) => p.length === 2);
}
