/**
 * The site search at one corpus size: what a first query ("privilege", a word most documents of the
 * corpus hold) and a next one ("witness statement") download from the built site, the page's heap
 * after them (search-transfer.ts), and the size of the index's files. Needs Debian's Chromium
 * (/usr/bin/chromium, or CHROMIUM_PATH); without it the figures are skipped with a note.
 * Reads: the output folder. Writes: nothing.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { measureSearchTransfer, type QueryTransfer } from './search-transfer.js';

export const SEARCH_QUERIES = ['privilege', 'witness statement'];

export interface SearchRun {
  queries: QueryTransfer[];
  codeBytes: number;
  heapBytes: number;
  /** The index's files (manifest included) and their bytes on disk, uncompressed. */
  files: number;
  diskBytes: number;
  note?: string;
}

export async function measureSearch(out: string): Promise<SearchRun> {
  const dir = path.join(out, 'assets/search');
  const names = existsSync(dir) ? readdirSync(dir) : [];
  const disk = { files: names.length + 1, diskBytes: names.reduce((n, f) => n + statSync(path.join(dir, f)).size, statSync(path.join(out, 'search-index.json')).size) };
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) return { queries: [], codeBytes: 0, heapBytes: 0, ...disk, note: `no Chromium at ${chromium} (apt-get install chromium, or set CHROMIUM_PATH): query transfers not measured` };
  try {
    return { ...(await measureSearchTransfer(out, SEARCH_QUERIES, chromium)), ...disk };
  } catch (error) {
    return { queries: [], codeBytes: 0, heapBytes: 0, ...disk, note: `query transfers not measured: ${(error as Error).message.split('\n')[0]}` };
  }
}
