/**
 * The sizes of a built site's files a reader, crawler or AI system downloads (issue 18): the largest
 * HTML page, llms.txt and its files, the full text's parts, the sitemaps, the knowledge graph and
 * its parts, every JSON export and every feed. One row per file or kind: how many files, the
 * largest, the total, and the budget where DESIGN.md sets one.
 * Reads: an output folder. Writes: nothing. On its own: bench/output-sizes.ts.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { HTML_PAGE_BUDGET_BYTES, LLMS_TXT_BUDGET_BYTES } from '../../src/constants.js';

export interface SizeRow {
  /** What the row measures, e.g. "HTML page" or "/feed.xml". */
  kind: string;
  files: number;
  /** The largest file of the kind (path inside the output folder). */
  largest?: { path: string; bytes: number };
  total: number;
  budget?: number;
}

/** Kinds of file by path, in the order the table lists them; a file counts in the first that matches. */
export const SIZE_KINDS: { kind: string; match: RegExp; budget?: number }[] = [
  { kind: 'HTML page', match: /\.html$/, budget: HTML_PAGE_BUDGET_BYTES },
  { kind: '/llms.txt', match: /^llms\.txt$/, budget: LLMS_TXT_BUDGET_BYTES },
  { kind: '/llms/ (article lists, topics)', match: /^llms\// },
  { kind: '/llms-full.txt', match: /^llms-full\.txt$/ },
  { kind: '/llms-full/ parts', match: /^llms-full\// },
  { kind: '/sitemap.xml', match: /^sitemap\.xml$/ },
  { kind: '/sitemaps/ files', match: /^sitemaps\// },
  { kind: '/api/knowledge-graph.json', match: /^api\/knowledge-graph\.json$/ },
  { kind: '/api/knowledge-graph/ parts', match: /^api\/knowledge-graph\// },
  { kind: '/articles/index.json', match: /^articles\/index\.json$/ },
  { kind: '/glossary.json', match: /^glossary\.json$/ },
  { kind: '/datasets/index.json', match: /^datasets\/index\.json$/ },
  { kind: '/for-ai-systems/index.json', match: /^for-ai-systems\/index\.json$/ },
  { kind: '/for-ai-systems/ article lists', match: /^for-ai-systems\/articles-\d+\.json$/ },
  { kind: '/exports/articles.jsonl', match: /^exports\/articles\.jsonl$/ },
  { kind: '/exports/articles.csv', match: /^exports\/articles\.csv$/ },
  { kind: '/exports/glossary.jsonl', match: /^exports\/glossary\.jsonl$/ },
  { kind: '/exports/glossary.csv', match: /^exports\/glossary\.csv$/ },
  { kind: '/search-index.json (the search manifest)', match: /^search-index\.json$/ },
  { kind: '/assets/search/ index files', match: /^assets\/search\// },
  { kind: '/_legalsite/manifest.json', match: /^_legalsite\/manifest\.json$/ },
  { kind: '/_legalsite/changes.json', match: /^_legalsite\/changes\.json$/ },
  { kind: 'article JSON (each)', match: /^articles\/[^/]+(?<!\.answer)\.json$/ },
  { kind: 'answer JSON (each)', match: /^articles\/[^/]+\.answer\.json$/ },
  { kind: 'article Markdown (each)', match: /^articles\/[^/]+\.md$/ },
  { kind: '/glossary.md', match: /^glossary\.md$/ },
  { kind: 'dataset JSON (each)', match: /^datasets\/[^/]+\.json$/ },
  { kind: '/feed.xml', match: /^feed\.xml$/ },
  { kind: '/feeds/rss.xml', match: /^feeds\/rss\.xml$/ },
  { kind: '/feeds/atom.xml', match: /^feeds\/atom\.xml$/ },
  { kind: '/feeds/articles.xml', match: /^feeds\/articles\.xml$/ },
  { kind: '/feeds/glossary.xml', match: /^feeds\/glossary\.xml$/ },
];

/** Every file under `dir` with its size (paths relative, with forward slashes). */
function filesOf(dir: string, base = dir, out: { path: string; bytes: number }[] = []): { path: string; bytes: number }[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const abs = path.join(dir, entry.name);
    if (entry.isDirectory()) filesOf(abs, base, out);
    else if (entry.isFile()) out.push({ path: path.relative(base, abs).split(path.sep).join('/'), bytes: statSync(abs).size });
  }
  return out;
}

/** One row per kind that the site has. */
export function measureOutputSizes(dist: string): SizeRow[] {
  const rows = SIZE_KINDS.map((k): SizeRow => ({ kind: k.kind, files: 0, total: 0, budget: k.budget }));
  for (const f of filesOf(dist)) {
    const i = SIZE_KINDS.findIndex((k) => k.match.test(f.path));
    if (i < 0) continue;
    const row = rows[i];
    row.files++;
    row.total += f.bytes;
    if (!row.largest || f.bytes > row.largest.bytes || (f.bytes === row.largest.bytes && f.path < row.largest.path)) row.largest = f;
  }
  return rows.filter((r) => r.files > 0);
}

const kb = (bytes: number) => (bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${(bytes / 1e3).toFixed(1)} KB`);

/** The rows as table cells: kind, files, largest (with its path when there are several), total, budget. */
export function sizeCells(row: SizeRow): string[] {
  const largest = row.largest ? `${kb(row.largest.bytes)}${row.files > 1 ? ` (${row.largest.path})` : ''}` : '–';
  const budget = row.budget === undefined ? '' : `${kb(row.budget)} ${row.largest && row.largest.bytes > row.budget ? 'OVER' : 'ok'}`;
  return [row.kind, row.files.toLocaleString('en-US'), largest, kb(row.total), budget];
}

export const SIZE_HEADER = ['Output', 'files', 'largest', 'total', 'budget'];
