/** `legalsite serve`: builds, binds 127.0.0.1, answers URLs as a plain static host would (extensionless
 * pages, feed files with XML types, the feeds' pages), the 404 page with status 404, and never serves
 * files outside the output folder. */
import path from 'node:path';
import { execa } from 'execa';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { BIN, copyFixture } from '../helpers/sites.js';

const test = suite('serve');
let server: ReturnType<typeof execa> | undefined;
let base = '';

test.before(async () => {
  const cwd = copyFixture('minimal');
  server = execa('node', [BIN, 'serve', '--port', '0'], { cwd, env: { NO_COLOR: '1' }, reject: false });
  base = await new Promise<string>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`serve did not start: ${seen}`)), 30_000);
    server!.stdout!.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const m = /Serving .* at (http:\/\/127\.0\.0\.1:\d+)/.exec(seen);
      if (m) (clearTimeout(timer), resolve(m[1]));
    });
  });
});

test.after(() => {
  server?.kill();
});

test('binds 127.0.0.1 by default', () => {
  assert.match(base, /^http:\/\/127\.0\.0\.1:\d+$/);
});

test('answers extensionless routes with HTML', async () => {
  for (const url of ['/', '/articles', '/articles/hashing-evidence', '/glossary/hash-value', '/about']) {
    const res = await fetch(base + url);
    assert.is(res.status, 200, url);
    assert.match(res.headers.get('content-type')!, /text\/html/, url);
  }
});

test('serves the feed files with XML types, the spec feed URLs as pages pointing to them, and JSON mirrors', async () => {
  for (const name of ['rss', 'atom', 'articles', 'glossary']) {
    const feed = await fetch(`${base}/feeds/${name}.xml`);
    assert.is(feed.status, 200, name);
    assert.match(feed.headers.get('content-type')!, /xml/, name);
    const page = await fetch(`${base}/feeds/${name}`);
    assert.is(page.status, 200, name);
    assert.match(page.headers.get('content-type')!, /text\/html/, name);
    assert.match(await page.text(), new RegExp(`<link rel="alternate" type="application/(rss|atom)\\+xml" href="/feeds/${name}\\.xml"`), name);
  }
  const json = await fetch(`${base}/articles/index.json`);
  assert.match(json.headers.get('content-type')!, /application\/json/);
});

test('guesses no extension a static host would not: /articles/index is not /articles/index.json', async () => {
  assert.is((await fetch(`${base}/articles/index`)).status, 404);
  assert.is((await fetch(`${base}/sitemap`)).status, 404);
});

test('unknown paths get the 404 page with status 404', async () => {
  const res = await fetch(`${base}/no/such/page`);
  assert.is(res.status, 404);
  assert.match(await res.text(), /Page Not Found/);
});

test('never serves files outside the output folder', async () => {
  const res = await fetch(`${base}/..%2f..%2fpackage.json`);
  assert.is(res.status, 404);
  const raw = await fetch(`${base}/../content/site.yaml`);
  assert.is(raw.status, 404);
});

test.run();
