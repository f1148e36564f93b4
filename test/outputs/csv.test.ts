/**
 * The CSV exports are written by src/routes/csv.ts, which must give exactly what csv-stringify (the
 * library it stands in for, for speed) gives with a header and booleans written as the JSON Lines
 * export writes them: checked on the shipped site's exports and on rows of every awkward kind.
 */
import { stringify } from 'csv-stringify/sync';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { csvTable } from '../../src/routes/csv.js';
import { shippedBuild } from '../helpers/shipped-build.js';

const test = suite('csv exports');
/** csv-stringify's options for what the exports write: a header, and true and false as words. */
const AS_EXPORTED = { header: true, cast: { boolean: (value: boolean) => String(value) } };

test('awkward fields: commas, quotes, line breaks, numbers, booleans, dates, objects, nothing', () => {
  const columns = ['text', 'number', 'flag', 'when', 'object', 'empty'];
  const awkward = ['plain', 'a, b', 'say "hi"', 'line\nbreak', 'carriage\rreturn', '"', '', ' spaced ', 'semi; colon', 'naïve café — “quotes”', '=1+2', '-3', 'tab\there'];
  const rows = awkward.map((text, i) => [text, [0, -1.5, 1e21, 42, NaN][i % 5], [true, false][i % 2], new Date(Date.UTC(2025, 0, i + 1)), i % 3 ? { a: i, b: [text] } : [i, 'x'], [undefined, null, ''][i % 3]]);
  assert.is(csvTable(columns, rows), stringify(rows, { ...AS_EXPORTED, columns }));
});

test('the shipped site: articles.csv and glossary.csv are what csv-stringify writes', async () => {
  const { dist } = await shippedBuild();
  for (const file of ['exports/articles.csv', 'exports/glossary.csv']) {
    const jsonl = readFileSync(path.join(dist, file.replace('.csv', '.jsonl')), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    const columns = Object.keys(jsonl[0]);
    const rows = jsonl.map((r) => columns.map((k) => (Array.isArray(r[k]) ? (r[k] as unknown[]).join('; ') : r[k])));
    assert.is(readFileSync(path.join(dist, file), 'utf8'), stringify(rows, { ...AS_EXPORTED, columns }), file);
  }
});

test.run();
