/** `legalsite check --against`: the URLs and anchors an earlier build published (its
 * /api/published.json) must still be reached, by the page itself, a redirect or a tombstone. The
 * earlier manifest is a file, or a URL fetched from a loopback server. */
import { execFileSync } from 'node:child_process';
import { copyFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { copyFixture, runCli, tempDir } from '../helpers/sites.js';
import { startStaticHost, type StaticHost } from '../helpers/static-host.js';
import { readEarlierManifest } from '../../src/verify/against.js';

const test = suite('check --against');
let cwd = '';
let earlier = '';
let host: StaticHost;

test.before(async () => {
  cwd = copyFixture('minimal');
  const article = path.join(cwd, 'content/articles/privilege-basics.md');
  const front = readFileSync(article, 'utf8').split('---\n').slice(0, 2).join('---\n');
  writeFileSync(article, `${front}---\nFirst paragraph of the basics.\n\nPrivilege protects confidential legal advice. A privilege log lists what is withheld.\n`);
  writeFileSync(path.join(cwd, 'content/articles/to-be-removed.md'), '---\ntitle: To be removed\nsummary: An article nothing links to.\ndatePublished: "2025-09-01"\ntags: [evidence]\n---\nIt will be gone.\n');
  assert.is((await runCli(['build', '--quiet'], cwd)).exitCode, 0);
  const saved = tempDir();
  earlier = path.join(saved, 'published.json');
  copyFileSync(path.join(cwd, 'dist/api/published.json'), earlier);
  host = await startStaticHost(saved);
});
test.after(async () => host?.close());

const edit = (file: string, change: (text: string) => string) => writeFileSync(path.join(cwd, file), change(readFileSync(path.join(cwd, file), 'utf8')));

test('the earlier manifest lists every page with its anchors, and every file', () => {
  const m = JSON.parse(readFileSync(earlier, 'utf8'));
  assert.equal(m.pages['/articles/privilege-basics'].paragraphs, { 'privilege-basics': 2 });
  assert.ok(m.pages['/about'].ids.includes('publishing-principles'));
  assert.ok(m.files.includes('/articles/privilege-basics.json'));
  assert.ok(m.files.includes('/api/published.json'));
});

test('passes when nothing published is gone; a removed paragraph leaves a tombstone, which counts', async () => {
  assert.is((await runCli(['check', '--against', earlier], cwd)).exitCode, 0);
  edit('content/articles/privilege-basics.md', (t) => t.replace('First paragraph of the basics.\n\n', ''));
  assert.is((await runCli(['build', '--quiet'], cwd)).exitCode, 0);
  const result = await runCli(['check', '--against', earlier], cwd);
  assert.is(result.exitCode, 0, result.stderr);
  assert.match(result.stdout, /Everything .* lists is still published/);
});

test('an article renamed as documented (formerSlugs) loses nothing: its former address keeps every anchor', async () => {
  const from = path.join(cwd, 'content/articles/to-be-removed.md');
  const to = path.join(cwd, 'content/articles/renamed.md');
  const text = readFileSync(from, 'utf8');
  writeFileSync(to, text.replace('---\n', '---\nformerSlugs: [to-be-removed]\n'));
  rmSync(from);
  try {
    assert.is((await runCli(['build', '--quiet'], cwd)).exitCode, 0);
    const result = await runCli(['check', '--against', earlier], cwd);
    assert.is(result.exitCode, 0, result.stderr);
  } finally {
    rmSync(to);
    writeFileSync(from, text);
  }
  assert.is((await runCli(['build', '--quiet'], cwd)).exitCode, 0);
});

test('a glossary term renamed as documented (formerSlugs) loses nothing either', async () => {
  const term = (slug: string, former = '') => `slug: ${slug}\ntitle: Write blocker\njurisdiction: Global\ntags: [evidence]\ndefinition: A device that lets a disk be read but never written.\n${former}lastModified: "2025-08-26"\n`;
  const before = path.join(cwd, 'content/glossary/write-blocker.yaml');
  const after = path.join(cwd, 'content/glossary/write-protector.yaml');
  writeFileSync(before, term('write-blocker'));
  const saved = path.join(tempDir(), 'published.json');
  try {
    assert.is((await runCli(['build', '--quiet'], cwd)).exitCode, 0);
    copyFileSync(path.join(cwd, 'dist/api/published.json'), saved);
    rmSync(before);
    writeFileSync(after, term('write-protector', 'formerSlugs: [write-blocker]\n'));
    assert.is((await runCli(['build', '--quiet'], cwd)).exitCode, 0);
    const result = await runCli(['check', '--against', saved], cwd);
    assert.is(result.exitCode, 0, result.stderr);
  } finally {
    rmSync(before, { force: true });
    rmSync(after, { force: true });
  }
  assert.is((await runCli(['build', '--quiet'], cwd)).exitCode, 0);
});

test('fails on an anchor gone without a tombstone, and on a page gone without a redirect, naming each', async () => {
  edit('content/pages/about.md', (t) => t.replace('## Publishing principles', '## How we publish'));
  rmSync(path.join(cwd, 'content/articles/to-be-removed.md'));
  const result = await runCli(['check', '--against', earlier], cwd);
  assert.is(result.exitCode, 1, result.stderr);
  const lines = result.stderr.split('\n');
  // The check's own warning first (the article the last build published is gone), then the list.
  assert.match(lines[0], /^content\/articles\/ {2}warning {2}the article to-be-removed is gone: /);
  assert.ok(lines.some((l) => /^\d+ URLs and anchors published before \(.*published\.json\) are gone without a redirect or tombstone:$/.test(l)), result.stderr);
  for (const gone of ['/about#publishing-principles', '/articles/to-be-removed', '/articles/to-be-removed.json', '/articles/to-be-removed.md']) assert.ok(lines.includes(`  ${gone}`), `${gone} is named`);
  assert.not.ok(lines.some((l) => l.startsWith('  /articles/to-be-removed#')), 'a page gone is one line, not one per anchor');
  const json = await runCli(['check', '--against', earlier, '--reporter', 'json'], cwd);
  assert.ok(JSON.parse(json.stdout).lost.includes('/about#publishing-principles'));
});

test('the earlier manifest can be a URL; a server that cannot give it is a failure of the environment (exit 4), in one line', async () => {
  const ok = await runCli(['check', '--against', `${host.url}/published.json`], cwd);
  assert.is(ok.exitCode, 1, 'fetched, and the same losses as from the file');
  assert.match(ok.stderr, /\/about#publishing-principles/);
  const missing = await runCli(['check', '--against', `${host.url}/nothing.json`], cwd);
  assert.is(missing.exitCode, 4);
  assert.match(missing.stderr.trim(), /^legalsite: could not fetch http:\/\/127\.0\.0\.1:\d+\/nothing\.json: the server answered 404[^\n]*$/);
  const port = await closedPort();
  const closed = await runCli(['check', '--against', `http://127.0.0.1:${port}/published.json`], cwd);
  assert.is(closed.exitCode, 4);
  assert.match(closed.stderr.trim(), /^legalsite: could not fetch http:\/\/127\.0\.0\.1:\d+\/published\.json: ECONNREFUSED[^\n]*$/);
  const notOne = await runCli(['check', '--against', path.join(cwd, 'content/site.yaml')], cwd);
  assert.is(notOne.exitCode, 2);
});

test('an --against URL with a user name or password is refused unprinted; a token in its query is never printed', async () => {
  for (const url of [`http://deploy:s3cr3tTok@127.0.0.1:9/api/published.json`, 'ftp://deploy:s3cr3tTok@127.0.0.1/published.json']) {
    const withPassword = await runCli(['check', '--against', url], cwd);
    assert.is(withPassword.exitCode, 2);
    assert.match(withPassword.stderr, /^legalsite: the --against URL holds a user name or password/);
    assert.not.match(withPassword.stderr + withPassword.stdout, /s3cr3tTok|deploy:/);
  }
  const ftp = await runCli(['check', '--against', 'ftp://127.0.0.1/published.json'], cwd);
  assert.is(ftp.exitCode, 2);
  assert.match(ftp.stderr, /^legalsite: --against takes a file or an http\(s\) URL, not a ftp: one/);
  const signed = await runCli(['check', '--against', `${host.url}/nothing.json?X-Amz-Signature=abcdef0123456789secret`], cwd);
  assert.is(signed.exitCode, 4);
  assert.match(signed.stderr.trim(), /^legalsite: could not fetch http:\/\/127\.0\.0\.1:\d+\/nothing\.json\?…: the server answered 404/);
  assert.not.match(signed.stderr + signed.stdout, /secret|X-Amz-Signature/);
});

test('only a regular file is read as the earlier manifest, and neither a file nor an answer past the limit', async () => {
  const fifo = path.join(tempDir(), 'published.json');
  execFileSync('mkfifo', [fifo]);
  for (const [source, why] of [[tempDir(), /is not a file/], [fifo, /is not a file/], ['/dev/zero', /is not a file/]] as const) {
    const r = await runCli(['check', '--against', source], cwd);
    assert.is(r.exitCode, 2, `${source}: ${r.stderr}`);
    assert.match(r.stderr.trim(), new RegExp(`^legalsite: ${source.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} ${why.source} \\(pass the /api/published\\.json of an earlier build, as a file or a URL\\)$`));
  }
  // A server whose answer never ends: refused once past the limit (1 MB here), not read to the end.
  const endless = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const more = () => {
      while (res.write(chunk));
      res.once('drain', more);
    };
    res.on('close', () => res.removeAllListeners('drain'));
    more();
  });
  await new Promise<void>((resolve) => endless.listen(0, '127.0.0.1', resolve));
  try {
    const url = `http://127.0.0.1:${(endless.address() as AddressInfo).port}/published.json`;
    assert.match(await failureOf(readEarlierManifest(url, cwd, 10_000, 2 ** 20)), /is larger than 1 MB, which no manifest is/);
    const big = path.join(tempDir(), 'big.json');
    writeFileSync(big, Buffer.alloc(2 ** 20 + 1, 0x20));
    assert.match(await failureOf(readEarlierManifest(big, cwd, 10_000, 2 ** 20)), /big\.json is larger than 1 MB/);
  } finally {
    endless.closeAllConnections();
    endless.close();
  }
});

/** The message `work` fails with ('' when it does not fail). */
async function failureOf(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    return (error as Error).message;
  }
  return '';
}

/** A loopback port nothing listens on (one just given up). */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

test('a paragraph id that now holds other words, its text under another number, fails: a citation would land on the wrong paragraph', async () => {
  const dir = copyFixture('minimal');
  const basics = path.join(dir, 'content/articles/privilege-basics.md');
  const front = readFileSync(basics, 'utf8').split('---\n').slice(0, 2).join('---\n');
  writeFileSync(basics, `${front}---\nAlpha paragraph about privilege.\n\nBravo paragraph about the log.\n`);
  assert.is((await runCli(['build', '--quiet'], dir)).exitCode, 0);
  // A paragraph inserted at the top takes the next number, p003; the published manifest records it.
  writeFileSync(basics, `${front}---\nZulu paragraph inserted first.\n\nAlpha paragraph about privilege.\n\nBravo paragraph about the log.\n`);
  assert.is((await runCli(['build', '--quiet'], dir)).exitCode, 0);
  const published = path.join(tempDir(), 'published.json');
  copyFileSync(path.join(dir, 'dist/api/published.json'), published);
  // p001 (the fixture's own paragraph, replaced) removed, then Alpha, Bravo and Zulu: six hex digits each.
  assert.match(JSON.parse(readFileSync(published, 'utf8')).pages['/articles/privilege-basics'].texts['privilege-basics'], /^-{6}[0-9a-f]{18}$/);
  // The id file lost (as after taking the unpublished side of a merge): numbered afresh, in page order.
  rmSync(path.join(dir, 'content/pinpoints.jsonl'));
  assert.is((await runCli(['build', '--quiet', '--no-cache'], dir)).exitCode, 0);
  const run = await runCli(['check', '--against', published, '--no-cache'], dir);
  assert.is(run.exitCode, 1, run.stdout + run.stderr);
  // Numbered afresh: Zulu p001, Alpha p002, Bravo p003, where Alpha was p002, Bravo p003, Zulu p004.
  assert.match(run.stderr, /2 paragraph ids published before \([^)]*\) now hold other words/);
  assert.match(run.stderr, /\/articles\/privilege-basics#privilege-basics-p001 \(removed, it now holds the words of #privilege-basics-p004\)/);
  assert.match(run.stderr, /\/articles\/privilege-basics#privilege-basics-p004 \(its text is now at #privilege-basics-p001\)/);
  // Edits in place move nothing: the unchanged site passes against its own manifest.
  const again = await runCli(['check', '--against', path.join(dir, 'dist/api/published.json'), '--no-cache'], dir);
  assert.is(again.exitCode, 0, again.stderr);
});

test.run();
