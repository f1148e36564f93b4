/** A two-line code frame: the offending line and a caret under the column. */
export function codeFrame(source: string, line: number, column: number): string {
  const lines = source.split(/\r?\n/);
  const text = lines[line - 1];
  if (text === undefined) return '';
  const gutter = String(line).padStart(5);
  const pad = ' '.repeat(gutter.length + 3 + Math.max(0, column - 1));
  return `${gutter} | ${text}\n${pad}^`;
}
