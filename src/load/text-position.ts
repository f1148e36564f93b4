/**
 * Where an offset of a text falls, for a message that names a line: worked out only when one is
 * reported, by counting the line breaks before it.
 * Reads: a text. Writes: nothing.
 */

/** The 1-based line of `text` that `offset` is on. */
export function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}
