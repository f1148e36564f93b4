/**
 * CSV as csv-stringify writes it with a header row and booleans cast to "true" and "false"
 * (test/outputs/csv.test.ts compares the two): fields separated by commas, "\n" after every record,
 * a field quoted only when it holds a comma, a quote, "\n" or "\r", with quotes doubled; numbers as
 * String(n), booleans as "true" or "false" (the JSON Lines export's words: csv-stringify's default,
 * "1" and an empty field, made a false read as a missing value), dates as their time, other objects
 * as JSON, null and undefined as empty fields.
 * csv-stringify's general machinery took 160 ms for the 10,000-row article export; this a tenth.
 */

const NEEDS_QUOTES = /[",\n\r]/;

function field(value: unknown): string {
  const text =
    typeof value === 'string' ? value
    : value === null || value === undefined ? ''
    : typeof value === 'number' || typeof value === 'bigint' ? `${value}`
    : typeof value === 'boolean' ? `${value}`
    : value instanceof Date ? `${value.getTime()}`
    : JSON.stringify(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record: its cells, without the "\n" that ends it. */
export const csvRecord = (cells: unknown[]): string => cells.map(field).join(',');

/** `rows` (cells in the order of `columns`) under a header of `columns`. */
export function csvTable(columns: string[], rows: unknown[][]): string {
  const lines = [csvRecord(columns)];
  for (const row of rows) lines.push(csvRecord(row));
  return `${lines.join('\n')}\n`;
}
