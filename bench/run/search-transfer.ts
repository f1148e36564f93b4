/**
 * What the site search downloads: serves a built site the way a CDN does (every file gzip-compressed,
 * on 127.0.0.1), opens /search in Chromium and types queries one after another, and reads from the
 * browser's network log the compressed bytes of each response (bodies; headers depend on the host).
 * Per query: everything fetched from typing it to its results being shown, split into the index's
 * files that grow with the site and what the results shown need; the search code is what the page
 * loaded for it (the site-search script). Then the page's JavaScript heap.
 * Used by `npm run bench` and by test/browser/search-budget.test.ts.
 * Reads: the output folder. Writes: nothing.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

export interface QueryTransfer {
  query: string;
  /** Every response's compressed body, in bytes. */
  bytes: number;
  /** Of which the index's files that grow with the site: the manifest, chunks, vocabulary, facets. */
  indexBytes: number;
  /** Of which what each result shown needs, whatever the site's size: its block (number → slug)
   * and its text (an article's JSON file). */
  resultBytes: number;
  requests: number;
  /** The status line the page showed ("1,234 results"). */
  status: string;
  ms: number;
}

export interface SearchTransfer {
  /** The search's own script, compressed, as the page loaded it. */
  codeBytes: number;
  queries: QueryTransfer[];
  /** The page's JavaScript heap after the queries (after a garbage collection), in bytes. */
  heapBytes: number;
}

const TYPES: Record<string, string> = { html: 'text/html; charset=utf-8', js: 'text/javascript', css: 'text/css', json: 'application/json', svg: 'image/svg+xml' };

/** A static host for `dist` that gzips every response, as CDNs do. */
async function gzipHost(dist: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    const rel = decodeURIComponent(new URL(req.url ?? '/', 'http://host').pathname).replace(/^\/+/, '');
    const file = (rel === '' ? ['index.html'] : [rel, `${rel}.html`]).map((c) => path.join(dist, c)).find((f) => existsSync(f) && statSync(f).isFile());
    if (!file || rel.split('/').includes('..')) return void res.writeHead(404).end();
    const type = TYPES[path.extname(file).slice(1)] ?? 'application/octet-stream';
    res.writeHead(200, { 'Content-Type': type, 'Content-Encoding': 'gzip' }).end(gzipSync(readFileSync(file)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Types `queries` into /search of the site in `dist`, one after another, measuring each. */
export async function measureSearchTransfer(dist: string, queries: string[], executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'): Promise<SearchTransfer> {
  const host = await gzipHost(dist);
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
  try {
    const page = await browser.newPage();
    const log: { url: string; bytes: number }[] = [];
    let inFlight = 0;
    page.on('request', () => inFlight++);
    page.on('requestfailed', () => inFlight--);
    page.on('requestfinished', async (r) => {
      const url = new URL(r.url()).pathname;
      // The page's icon, which the browser fetches when it likes, is no part of a query.
      if (url !== '/favicon.svg') log.push({ url, bytes: (await r.sizes()).responseBodySize });
      inFlight--;
    });
    const settled = async () => {
      for (let quiet = 0; quiet < 5; quiet = inFlight === 0 ? quiet + 1 : 0) await page.waitForTimeout(100);
    };
    await page.goto(`${host.url}/search`);
    await settled();
    const codeBytes = log.filter((e) => /^\/assets\/js\/site-search-/.test(e.url)).reduce((n, e) => n + e.bytes, 0);
    const measured: QueryTransfer[] = [];
    for (const query of queries) {
      log.length = 0;
      const started = Date.now();
      await page.fill('#site-search', query);
      await page.waitForFunction(() => /result|No results/.test(document.querySelector('[data-search-status]')?.textContent ?? ''), undefined, { timeout: 60_000 });
      await settled();
      const sum = (pick: (url: string) => boolean) => log.filter((e) => pick(e.url)).reduce((n, e) => n + e.bytes, 0);
      measured.push({
        query,
        bytes: sum(() => true),
        indexBytes: sum((u) => u === '/search-index.json' || /^\/assets\/search\/[cvf]-/.test(u)),
        resultBytes: sum((u) => u.startsWith('/assets/search/b-') || /^\/(articles|datasets)\/[^/]+\.json$/.test(u)),
        requests: log.length,
        status: (await page.textContent('[data-search-status]')) ?? '',
        ms: Date.now() - started - 500,
      });
    }
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
    return { codeBytes, queries: measured, heapBytes: usedSize };
  } finally {
    await browser.close();
    await host.close();
  }
}
