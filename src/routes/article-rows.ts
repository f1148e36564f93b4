/**
 * The site files with one row per article: /articles/index.json and the article exports (JSONL and
 * CSV). Every row is an article's index item (passes/json-mirrors.ts articleIndexItem), made from the
 * article's fields and two of its stats, and its key names exactly those: a rebuild after one edit
 * makes that article's rows and copies the others from the files it wrote last (FileRows,
 * engine/file-rows.ts), instead of making 50,000 rows three times and hashing 120 MB.
 * Reads: the ordered site. Writes: routes.
 */
import { hasAnswer } from '../passes/article-fields.js';
import { articleIndexItem } from '../passes/json-mirrors.js';
import type { OrderedSite } from '../pipeline.js';
import { csvRecord } from './csv.js';
import type { FileRoute, FileRows } from './types.js';

type IndexItem = ReturnType<typeof articleIndexItem>;

interface ArticleItems {
  /** Each article's row key, in site order. */
  keys: string[];
  item(i: number): IndexItem;
}

/** By the site's metaKeys, which every later stage of a build's site shares (as file-inputs.ts). */
const made = new WeakMap<Map<string, string>, ArticleItems>();

function articleItems(site: OrderedSite): ArticleItems {
  let items = made.get(site.metaKeys);
  if (!items) {
    const { articles, stats, metaKeys } = site;
    const held: (IndexItem | undefined)[] = [];
    items = {
      // What articleIndexItem reads: the fields (hasAnswer included) and these two stats.
      keys: articles.map((a) => {
        const s = stats.get(a.slug)!;
        return `${metaKeys.get(a.slug)} ${s.readingTime} ${s.wordCount}`;
      }),
      item: (i) => (held[i] ??= articleIndexItem(articles[i], stats.get(articles[i].slug)!, hasAnswer(articles[i]))),
    };
    made.set(site.metaKeys, items);
  }
  return items;
}

/** The text `rows` stand for. */
export const rowsText = (rows: FileRows): string => {
  const lines: string[] = [];
  for (let i = 0; i < rows.keys.length; i++) lines.push(rows.row(i));
  return `${rows.head()}${lines.join(rows.separator)}${rows.tail()}`;
};

/** A file of rows; with none, `empty` (what the file's format writes for no items). */
const rowsRoute = (url: string, type: string, rows: FileRows, empty: () => string): FileRoute => ({
  kind: 'file',
  url,
  type,
  body: () => (rows.keys.length ? rowsText(rows) : empty()),
  ...(rows.keys.length ? { rows } : {}),
});

/** /articles/index.json: JSON.stringify of the index (json-mirrors.ts buildArticlesIndex) with an
 * indent of 2, each item its own row. */
export function articlesIndexRoute(site: OrderedSite): FileRoute {
  const { keys, item } = articleItems(site);
  const index = (items: unknown[]) => `${JSON.stringify({ site: site.config.name, license: site.config.license.url, count: keys.length, items }, null, 2)}\n`;
  // The frame around one item, whose text the rows take the place of: items are the last field.
  const frame = index([0]);
  const at = frame.lastIndexOf('\n    0\n') + 1;
  const rows: FileRows = {
    keys,
    row: (i) => `    ${JSON.stringify(item(i), null, 2).replaceAll('\n', '\n    ')}`,
    head: () => frame.slice(0, at),
    separator: ',\n',
    tail: () => frame.slice(at + '    0'.length),
  };
  return rowsRoute('/articles/index.json', 'application/json; charset=utf-8', rows, () => index([]));
}

/** /exports/articles.jsonl and /exports/articles.csv: one line (record) per article, the CSV's
 * columns named by the items' fields, lists joined by "; " (as reference-files.ts writes tables). */
export function articleExportRoutes(site: OrderedSite): FileRoute[] {
  const { keys, item } = articleItems(site);
  const jsonl: FileRows = { keys, row: (i) => JSON.stringify(item(i)), head: () => '', separator: '\n', tail: () => '\n' };
  let named: string[] | undefined;
  const columns = () => (named ??= Object.keys(item(0)));
  const cell = (v: unknown) => (Array.isArray(v) ? v.join('; ') : v);
  const csv: FileRows = {
    keys,
    row: (i) => {
      const it = item(i) as Record<string, unknown>;
      return csvRecord(columns().map((k) => cell(it[k])));
    },
    head: () => `${csvRecord(columns())}\n`,
    separator: '\n',
    tail: () => '\n',
  };
  return [
    rowsRoute('/exports/articles.jsonl', 'application/jsonl; charset=utf-8', jsonl, () => '\n'),
    // No rows, no header (reference-files.ts table).
    rowsRoute('/exports/articles.csv', 'text/csv; charset=utf-8', csv, () => ''),
  ];
}
