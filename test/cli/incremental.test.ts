/** `legalsite serve` rebuilds incrementally: after each edit (change, add, rename, delete an article
 * and a term) the served folder equals a cold build of the same content, file for file. */
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { build, type BuildResult } from '../../src/build.js';
import { startDevServer, type DevServer } from '../../src/dev/dev-server.js';
import { copyFixture, listFiles, tempDir } from '../helpers/sites.js';

const test = suite('incremental serve');
let dir = '';
let server: DevServer;
let waiting: ((r: BuildResult) => void) | undefined;
let rebuilds = 0;
let last: BuildResult | undefined;

test.before(async () => {
  dir = copyFixture('minimal');
  const first = await build({ contentDir: 'content', outDir: 'dist', cwd: dir, write: true });
  assert.ok(first.ok);
  server = await startDevServer(first, { contentDir: 'content', outDir: 'dist', cwd: dir, host: '127.0.0.1', port: 0, log: () => {}, onRebuild: (r) => ((last = r), rebuilds++, waiting?.(r)) });
  await server.ready;
});
test.after(async () => server?.stop());

/** Applies an edit, waits for the rebuild, and compares dist/ with a cold build of the same content. */
async function editAndCompare(edit: () => void): Promise<void> {
  const rebuilt = new Promise<BuildResult>((resolve) => (waiting = resolve));
  edit();
  let result = await rebuilt;
  // A rename arrives as two file events that may trigger two rebuilds: wait until the watcher is quiet.
  for (let seen = rebuilds; ; seen = rebuilds) {
    await new Promise((r) => setTimeout(r, 400));
    if (rebuilds === seen) break;
    result = last!;
  }
  assert.ok(result.ok, JSON.stringify(result.diagnostics));
  const cold = path.join(tempDir(), 'cold');
  // A cold build of the same content, the id file included, which it leaves as it is (as serve does):
  // a build that wrote it would start one more rebuild in serve, racing the next edit.
  const coldResult = await build({ contentDir: 'content', outDir: cold, cwd: dir, write: true, pinpoints: 'read' });
  assert.ok(coldResult.ok);
  const served = path.join(dir, 'dist');
  // changes.json describes what changed since the previous build, so it differs by design.
  const files = (d: string) => listFiles(d).filter((f) => f !== '_legalsite/changes.json');
  assert.equal(files(served), files(cold));
  for (const f of files(cold)) assert.ok(readFileSync(path.join(served, f)).equals(readFileSync(path.join(cold, f))), `${f} equals the cold build`);
}

const articles = () => path.join(dir, 'content', 'articles');
const glossary = () => path.join(dir, 'content', 'glossary');

test('changing an article', async () => {
  await editAndCompare(() => {
    const f = path.join(articles(), 'privilege-basics.md');
    writeFileSync(f, readFileSync(f, 'utf8').replace('Privilege protects', 'Legal professional privilege protects'));
  });
});

test('adding an article', async () => {
  await editAndCompare(() => writeFileSync(path.join(articles(), 'new-article.md'), '---\ntitle: A new article\nsummary: New.\ndatePublished: "2025-09-01"\ntags: [evidence]\n---\nIt mentions a hash value and a privilege log.\n'));
});

test('renaming an article', async () => {
  await editAndCompare(() => renameSync(path.join(articles(), 'new-article.md'), path.join(articles(), 'renamed-article.md')));
});

test('deleting an article removes it from lists, feeds and backlinks', async () => {
  await editAndCompare(() => rmSync(path.join(articles(), 'renamed-article.md')));
  const served = path.join(dir, 'dist');
  assert.not.ok(listFiles(served).some((f) => f.includes('renamed-article')));
  assert.not.match(readFileSync(path.join(served, 'feed.xml'), 'utf8'), /renamed-article/);
});

test('changing, adding, renaming and deleting a term', async () => {
  await editAndCompare(() => {
    const f = path.join(glossary(), 'privilege-log.yaml');
    writeFileSync(f, readFileSync(f, 'utf8').replace('A list describing', 'A schedule describing'));
  });
  await editAndCompare(() => writeFileSync(path.join(glossary(), 'custodian.yaml'), 'title: Custodian\ntags: [evidence]\ndefinition: A person who holds documents or data.\n'));
  await editAndCompare(() => renameSync(path.join(glossary(), 'custodian.yaml'), path.join(glossary(), 'data-custodian.yaml')));
  await editAndCompare(() => rmSync(path.join(glossary(), 'data-custodian.yaml')));
});

async function until(check: () => boolean, ms = 10_000) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error('timed out waiting for a live-reload event');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The server's live-reload events, as they arrive. */
function listen(): { events: { name: string; data: any }[]; close: () => void } {
  const events: { name: string; data: any }[] = [];
  let buffer = '';
  const req = http.get(`${server.url}/__legalsite/events`, (res) => {
    res.setEncoding('utf8').on('data', (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const name = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (name) events.push({ name, data: data ? JSON.parse(data) : undefined });
      }
    });
  });
  return { events, close: () => req.destroy() };
}

test('an edited article: its own page is written and reloaded first, alone, then the full rebuild follows', async () => {
  const stream = listen();
  await new Promise((r) => setTimeout(r, 200));
  const page = path.join(dir, 'dist/articles/privilege-basics.html');
  await editAndCompare(() => {
    const f = path.join(articles(), 'privilege-basics.md');
    writeFileSync(f, readFileSync(f, 'utf8').replace('confidential legal advice', 'confidential legal advice and work product'));
  });
  await until(() => stream.events.some((e) => e.name === 'ok'));
  stream.close();
  const names = stream.events.map((e) => e.name);
  assert.equal(stream.events[0], { name: 'reload', data: { pages: ['/articles/privilege-basics'] } }, 'the quick reload names only the edited page');
  assert.ok(names.indexOf('ok') > 0, 'the full rebuild comes after');
  assert.match(readFileSync(page, 'utf8'), /work product/);
});

test('an invalid edit to an article is never previewed: the error comes, the page stays as it was', async () => {
  const stream = listen();
  await new Promise((r) => setTimeout(r, 200));
  const page = path.join(dir, 'dist/articles/privilege-basics.html');
  const before = readFileSync(page, 'utf8');
  const f = path.join(articles(), 'privilege-basics.md');
  const good = readFileSync(f, 'utf8');
  const rebuilt = new Promise<BuildResult>((resolve) => (waiting = resolve));
  writeFileSync(f, good.replace('tags: [privilege', 'tags: [privilegee').replace('work product', 'unsaved words'));
  assert.not.ok((await rebuilt).ok);
  await until(() => stream.events.length > 0);
  stream.close();
  assert.equal(stream.events.map((e) => e.name), ['build-error']);
  assert.is(readFileSync(page, 'utf8'), before);
  await editAndCompare(() => writeFileSync(f, good));
});

test.run();
