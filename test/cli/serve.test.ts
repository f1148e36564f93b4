/** `legalsite serve`: builds, binds 127.0.0.1, answers extensionless routes and feeds with the right
 * content types, the 404 page with status 404, and never serves files outside the output folder. */
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

test('serves feeds at extensionless URLs with XML types, and JSON mirrors', async () => {
  const rss = await fetch(`${base}/feeds/rss`);
  assert.is(rss.status, 200);
  assert.match(rss.headers.get('content-type')!, /xml/);
  const json = await fetch(`${base}/articles/index.json`);
  assert.match(json.headers.get('content-type')!, /application\/json/);
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
