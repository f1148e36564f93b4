/**
 * What a search query downloads, on a generated site of 2,000 articles and 400 terms (2,400
 * documents, a fifth of the 12,000 of the 10,000-article site), read from Chromium's network
 * log with every file served gzip-compressed (bench/run/search-transfer.ts).
 *
 * The budgets are the at 10,000 articles: a first query at most 150 KB (index and search
 * code), a following one at most 50 KB more. They are scaled to this site as follows. What grows with
 * the site, the index's files (manifest, chunks, vocabulary, facets), is held to the budget times
 * 2,400 / 12,000: 30 KB for the first query, 10 KB for the next. What does not grow with it, the
 * search code and what each of the five results shown needs (its block and its text), is held only
 * within the whole, unscaled budget. The page's JavaScript heap must stay under 30 MB.
 */
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { generateCorpus } from '../../bench/generate-corpus.js';
import { measureSearchTransfer } from '../../bench/run/search-transfer.js';
import { CHROMIUM } from '../helpers/browser.js';
import { runCli, tempDir } from '../helpers/sites.js';

const test = suite('browser: what a search downloads');

const KB = 1024;
const SCALE = 2_400 / 12_000;

test('on a 2,000-article site, a first and a next query stay within the budgets scaled to its size', async () => {
  const cwd = tempDir();
  const corpus = generateCorpus({ dir: path.join(cwd, 'content'), articles: 2000, seed: 1 });
  assert.is(corpus.articles + corpus.terms, 2_400);
  const built = await runCli(['build', '--quiet', '--no-cache', '--out', 'dist'], cwd);
  assert.is(built.exitCode, 0, built.stderr);
  const { codeBytes, queries, heapBytes } = await measureSearchTransfer(path.join(cwd, 'dist'), ['privilege', 'witness statement'], CHROMIUM);
  const [first, next] = queries;
  const show = (q: (typeof queries)[number]) => `${q.query}: ${(q.bytes / KB).toFixed(1)} KB (index ${(q.indexBytes / KB).toFixed(1)}, results ${(q.resultBytes / KB).toFixed(1)}), ${q.status}`;
  assert.match(first.status, /^[\d,]+ results$/, show(first));
  assert.match(next.status, /^[\d,]+ results$/, show(next));
  assert.ok(first.indexBytes <= 150 * KB * SCALE, `first query's index files: ${show(first)}`);
  assert.ok(first.bytes + codeBytes <= 150 * KB, `first query with the search code (${(codeBytes / KB).toFixed(1)} KB): ${show(first)}`);
  assert.ok(next.indexBytes <= 50 * KB * SCALE, `next query's index files: ${show(next)}`);
  assert.ok(next.bytes <= 50 * KB, `next query: ${show(next)}`);
  assert.is(first.bytes, first.indexBytes + first.resultBytes, 'nothing else was fetched');
  assert.ok(heapBytes < 30 * 1024 * 1024, `heap ${(heapBytes / 1e6).toFixed(1)} MB`);
});

test.run();
