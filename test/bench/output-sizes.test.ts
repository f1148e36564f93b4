/** The benchmark's output-size table counts each file a reader or crawler downloads in its own row:
 * the site search's index files under /assets/search/ apart from its manifest, which until the
 * forty-second session was the only file the "search index" row found. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { measureOutputSizes, sizeCells } from '../../bench/run/output-sizes.js';

const test = suite('bench: output sizes');

function site(files: Record<string, number>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'legalsite-sizes-'));
  for (const [file, bytes] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), 'x'.repeat(bytes));
  }
  return dir;
}

test('the search manifest and the index files are two rows; a file counts once', () => {
  const dir = site({
    'search-index.json': 1200,
    'assets/search/terms-0a1b.json': 3000,
    'assets/search/docs-9f8e.json': 5000,
    'assets/app-1234.js': 900,
    'search.html': 400,
    'articles/a.json': 700,
    'articles/a.answer.json': 100,
  });
  try {
    const rows = Object.fromEntries(measureOutputSizes(dir).map((r) => [r.kind, r]));
    assert.equal(sizeCells(rows['/search-index.json (the search manifest)']), ['/search-index.json (the search manifest)', '1', '1.2 KB', '1.2 KB', '']);
    assert.equal(sizeCells(rows['/assets/search/ index files']), ['/assets/search/ index files', '2', '5.0 KB (assets/search/docs-9f8e.json)', '8.0 KB', '']);
    assert.is(rows['HTML page'].files, 1, 'search.html is a page, not an index file');
    assert.is(rows['article JSON (each)'].files, 1);
    assert.is(rows['answer JSON (each)'].files, 1);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
