/** Planning a publish (pure) and the publish order against an in-memory store: what is uploaded,
 * what is unchanged, what --prune deletes, and what a failed upload leaves behind. */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import { OUTPUT_MARKER_TEXT } from '../../src/write/output-guard.js';
import * as assert from 'uvu/assert';
import type { LocalObject } from '../../src/publish/local-files.js';
import { type ObjectHeaders, type ObjectStore, StorageError } from '../../src/publish/object-store.js';
import { planPublish } from '../../src/publish/plan.js';
import type { PublishManifest } from '../../src/publish/publish-manifest.js';
import { createProgress } from '../../src/publish/progress.js';
import { UsageError } from '../../src/diagnostics/diagnostic.js';
import { publishSite } from '../../src/publish/publish.js';
import { readUnfinishedPublishes } from '../../src/publish/unfinished-mark.js';
import { PUBLISHED_FORMAT } from '../../src/passes/published.js';
import { tempDir } from '../helpers/sites.js';
import { lockHolder, lockOutputFolder } from '../../src/write/output-lock.js';

const test = suite('publish plan');

const local = (key: string, sha256 = `hash-of-${key}`): LocalObject => ({ file: key, key, sha256, contentType: 'text/plain', cacheControl: 'public, max-age=300, must-revalidate' });
const remoteOf = (objects: LocalObject[]): PublishManifest => ({ version: 1 as const, objects: Object.fromEntries(objects.map((o) => [o.key, { sha256: o.sha256, contentType: o.contentType, cacheControl: o.cacheControl }])) });

test('uploads new objects, then changed ones, bookkeeping last, and keeps the rest', () => {
  const remote = remoteOf([local('a'), local('b'), local('_legalsite/manifest.json')]);
  const plan = planPublish([local('a'), local('b', 'new'), local('c'), local('_legalsite/manifest.json', 'new')], remote);
  assert.equal(plan.uploadNew.map((o) => o.key), ['c']);
  assert.equal(plan.upload.map((o) => o.key), ['b']);
  assert.equal(plan.uploadLast.map((o) => o.key), ['_legalsite/manifest.json']);
  assert.equal(plan.unchanged.map((o) => o.key), ['a']);
  assert.equal(plan.delete, []);
});

test('within each step, assets first, then other files, then pages; a key recorded as pending is new', () => {
  const page = (key: string, sha256?: string) => ({ ...local(key, sha256), contentType: 'text/html; charset=utf-8' });
  const remote = remoteOf([page('articles'), local('articles/index.json'), page('articles/b')]);
  remote.objects['articles/b'].sha256 = 'pending';
  const plan = planPublish([page('articles', 'new'), local('articles/index.json', 'new'), page('articles/b'), page('articles/c'), local('articles/c.json'), local('assets/site.1a2b.css')], remote);
  assert.equal(plan.uploadNew.map((o) => o.key), ['assets/site.1a2b.css', 'articles/c.json', 'articles/b', 'articles/c']);
  assert.equal(plan.upload.map((o) => o.key), ['articles/index.json', 'articles']);
});

test('a changed header alone is an upload', () => {
  const plan = planPublish([{ ...local('a'), cacheControl: 'no-cache' }], remoteOf([local('a')]));
  assert.equal(plan.upload.map((o) => o.key), ['a']);
});

test('without a manifest everything is new', () => {
  assert.equal(planPublish([local('a'), local('b')], undefined).uploadNew.length, 2);
});

const listed = (...keys: string[]) => keys.map((key) => ({ key }));

test('--prune deletes what legalsite published and dist/ no longer has; never an object it did not upload, nor the publish manifest', () => {
  const plan = planPublish([local('a')], remoteOf([local('a'), local('gone')]), listed('a', 'gone', 'stray', 'backups/db.sql', '_legalsite/publish-manifest.json'));
  assert.equal(plan.delete, ['gone']);
  // No publish manifest (a first publish, or one deleted to force a full upload): nothing is known
  // to be legalsite's, so nothing is deleted.
  assert.equal(planPublish([local('a')], undefined, listed('a', 'gone', 'stray')).delete, []);
});

test('--prune retires a hashed asset dist/ no longer has, and deletes it only an hour later; one that comes back is no longer retired', () => {
  const asset = (key: string) => ({ ...local(key), cacheControl: 'public, max-age=31536000, immutable' });
  const remote = remoteOf([local('a'), asset('assets/site.1111aaaa.css'), local('old-page')]);
  const now = Date.parse('2026-12-02T12:00:00Z');
  const first = planPublish([local('a')], remote, listed('a', 'assets/site.1111aaaa.css', 'old-page'), now);
  assert.equal(first.delete, ['old-page']);
  assert.equal(first.retire, ['assets/site.1111aaaa.css']);
  remote.objects['assets/site.1111aaaa.css'].retired = new Date(now).toISOString();
  const soon = planPublish([local('a')], remote, listed('a', 'assets/site.1111aaaa.css'), now + 59 * 60_000);
  assert.equal([soon.delete, soon.retire, soon.retiring], [[], [], ['assets/site.1111aaaa.css']]);
  const later = planPublish([local('a')], remote, listed('a', 'assets/site.1111aaaa.css'), now + 60 * 60_000);
  assert.equal([later.delete, later.retiring], [['assets/site.1111aaaa.css'], []]);
  const back = planPublish([local('a'), asset('assets/site.1111aaaa.css')], remote, listed('a', 'assets/site.1111aaaa.css'), now);
  assert.equal([back.delete, back.unretire, back.upload.length + back.uploadNew.length], [[], ['assets/site.1111aaaa.css'], 0]);
});

test('with --prune, a key recorded as pending that neither dist/ nor the bucket has is forgotten; without the listing, kept', () => {
  const remote = remoteOf([local('a'), local('never-sent'), local('sent')]);
  remote.objects['never-sent'].sha256 = 'pending';
  remote.objects.sent.sha256 = 'pending';
  const plan = planPublish([local('a')], remote, listed('a', 'sent'));
  assert.equal([plan.forget, plan.delete], [['never-sent'], ['sent']]);
  assert.equal(planPublish([local('a')], remote).forget, []);
});

test('--prune leaves an object someone replaced since legalsite uploaded it (its ETag changed); ETags compare without quotes or W/', () => {
  const remote = remoteOf([local('a'), local('replaced'), local('same'), local('unrecorded')]);
  remote.objects.replaced.etag = '"abc"';
  remote.objects.same.etag = '"def"';
  const plan = planPublish([local('a')], remote, [{ key: 'a' }, { key: 'replaced', etag: '"xyz"' }, { key: 'same', etag: 'W/"def"' }, { key: 'unrecorded', etag: '"123"' }]);
  assert.equal(plan.delete, ['same', 'unrecorded']);
  assert.equal(plan.keptChanged, ['replaced']);
});

test('progress prints only for long uploads, at most every interval', () => {
  const lines: string[] = [];
  let t = 0;
  const p = createProgress(10, (l) => lines.push(l), true, 'Uploading', () => t, 2000);
  for (let i = 0; i < 10; i++) (t += 700, p.tick());
  assert.equal(lines, ['Uploading 3/10 (30%)', 'Uploading 6/10 (60%)', 'Uploading 9/10 (90%)']);
  const quiet: string[] = [];
  const off = createProgress(10, (l) => quiet.push(l), false);
  for (let i = 0; i < 10; i++) off.tick();
  assert.equal(quiet, []);
});

/** An in-memory bucket whose uploads of `failing` keys throw; an object's ETag is an MD5 of its bytes, quoted, as S3's. */
function memoryStore(failing = new Set<string>()): ObjectStore & { objects: Map<string, { body: string; headers: ObjectHeaders }>; log: string[] } {
  const objects = new Map<string, { body: string; headers: ObjectHeaders }>();
  const log: string[] = [];
  const etagOf = (body: string) => `"${createHash('md5').update(body).digest('hex')}"`;
  return {
    name: 'memory://',
    objects,
    log,
    getText: async (key) => objects.get(key)?.body,
    put: async (key, body, headers) => {
      if (failing.has(key)) throw new Error('refused');
      log.push(`put ${key}`);
      const text = Buffer.from(body).toString('utf8');
      objects.set(key, { body: text, headers });
      return { etag: etagOf(text) };
    },
    delete: async (key) => {
      log.push(`delete ${key}`);
      objects.delete(key);
    },
    list: async (prefix) => [...objects].filter(([k]) => k.startsWith(prefix)).map(([key, o]) => ({ key, etag: etagOf(o.body) })),
  };
}

function makeDist(): string {
  const dir = path.join(tempDir(), 'dist');
  const files: Record<string, string> = {
    '.legalsite-output.json': OUTPUT_MARKER_TEXT,
    'index.html': '<h1>Home</h1>',
    '404.html': '<h1>Not found</h1>',
    'robots.txt': 'User-agent: *\n',
    'sitemap.xml': '<urlset/>',
    'articles/a.html': '<h1>A</h1>',
    'articles/b.html': '<h1>B</h1>',
    'feeds/rss.xml': '<rss/>',
    '_legalsite/manifest.json': '{"version":1,"entities":{"article:a":"1","article:b":"2"}}\n',
  };
  // What the build made, as its published manifest lists it: publish uploads nothing else.
  const pages = Object.fromEntries(['/', '/404', '/articles/a', '/articles/b'].map((url) => [url, { ids: [] }]));
  const listed = ['/robots.txt', '/sitemap.xml', '/feeds/rss.xml', '/_legalsite/manifest.json', '/api/published.json'];
  files['api/published.json'] = JSON.stringify({ format: PUBLISHED_FORMAT, about: '', site: 'https://example.org', pages, files: listed, redirects: {} });
  for (const [file, body] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), body);
  }
  return dir;
}

const options = (outDir: string) => ({ outDir, outLabel: 'dist', prefix: 'site/', dryRun: false, prune: true, maxDeletes: 256, concurrency: 2 });

test('a failed upload deletes nothing, holds back the content manifest and records what did upload', async () => {
  const outDir = makeDist();
  const store = memoryStore(new Set(['site/articles/b']));
  // A page an earlier publish made, which --prune would delete if the run succeeded.
  publishedEarlier(store, ['old-page']);
  const result = await publishSite(store, options(outDir));
  assert.equal(result.failed.map((f) => f.key), ['articles/b']);
  assert.ok(result.deletesSkipped);
  assert.ok(store.objects.has('site/old-page'));
  assert.not.ok(store.objects.has('site/_legalsite/manifest.json'));
  const manifest = JSON.parse(store.objects.get('site/_legalsite/publish-manifest.json')!.body);
  assert.equal(Object.keys(manifest.objects), ['404.html', 'api/published.json', 'articles/a', 'articles/b', 'feeds/rss.xml', 'index.html', 'old-page', 'robots.txt', 'sitemap.xml']);
  // The key whose first upload failed stays recorded, pending: sent again, and --prune can find it.
  assert.is(manifest.objects['articles/b'].sha256, 'pending');
  // A deletion that never ran is not marked: the object keeps the ETag guard against a hand's copy.
  assert.equal(manifest.objects['old-page'], { sha256: 'earlier', contentType: 'text/html', cacheControl: '' });
  assert.match(manifest.objects['articles/a'].etag, /^"[0-9a-f]{32}"$/);

  const retryStore = memoryStore();
  for (const [k, v] of store.objects) retryStore.objects.set(k, v);
  const retry = await publishSite(retryStore, options(outDir));
  assert.equal(retry.failed, []);
  // What was live before the first try is still stored (that publish did not go through): kept, and
  // removed once this one has.
  assert.ok(store.objects.has('site/_legalsite/previous-manifest.json'));
  // The keys to send recorded first, and the keys to delete once the deletions run.
  assert.equal(retryStore.log, ['put site/_legalsite/publish-manifest.json', 'put site/articles/b', 'put site/_legalsite/manifest.json', 'put site/_legalsite/publish-manifest.json', 'delete site/old-page', 'put site/_legalsite/publish-manifest.json', 'delete site/_legalsite/previous-manifest.json']);
});

/** The local copy of the content manifest live before the last publish (for notify), parsed. */
const keptBefore = (outDir: string) => JSON.parse(readFileSync(path.join(outDir, '_legalsite/last-published-manifest.json'), 'utf8'));

/** A bucket whose content manifest says `before`, and whose last write, the publish manifest (not its
 * record of pending keys, written before the uploads), fails until `failing` is cleared. */
function bucketCuttingPublishShort() {
  const failing = new Set(['site/_legalsite/publish-manifest.json']);
  const store = memoryStore();
  const put = store.put;
  store.put = (key, body, headers) => (failing.has(key) && !String(body).includes('"pending"') ? Promise.reject(new Error('refused')) : put(key, body, headers));
  const before = '{"version":1,"entities":{"article:a":"0"}}\n';
  store.objects.set('site/_legalsite/manifest.json', { body: before, headers: { contentType: 'application/json', cacheControl: 'no-cache' } });
  return { store, failing, before };
}

test('a publish cut short after the content manifest went live leaves notify what was live before, also when rerun from a fresh checkout', async () => {
  const outDir = makeDist();
  const { store, failing, before } = bucketCuttingPublishShort();
  const cut = await publishSite(store, options(outDir)).then(() => undefined, (e: Error) => e);
  assert.match(String(cut), /refused/, 'the last write failed');
  assert.is(store.objects.get('site/_legalsite/manifest.json')!.body, readFileSync(path.join(outDir, '_legalsite/manifest.json'), 'utf8'), 'the new content manifest is live');
  // A fresh checkout: the build is made again, and the local copy of the one before is gone.
  failing.clear();
  rmSync(path.join(outDir, '_legalsite/last-published-manifest.json'));
  assert.ok(store.objects.has('site/_legalsite/previous-manifest.json'), 'what was live before is kept in the bucket while the publish is unfinished');
  const rerun = await publishSite(store, options(outDir));
  assert.equal(rerun.failed, []);
  assert.equal(keptBefore(outDir), { ...JSON.parse(before), publishedTo: 'memory://' });
  assert.not.ok(store.objects.has('site/_legalsite/previous-manifest.json'), 'and removed once it went through');
  // And publishing the same build once more still leaves notify that publish's changes.
  await publishSite(store, options(outDir));
  assert.equal(keptBefore(outDir), { ...JSON.parse(before), publishedTo: 'memory://' });
});

test('a publish cut short, then a newer build published: notify counts from before the first, whose changes it never announced', async () => {
  const outDir = makeDist();
  const { store, failing, before } = bucketCuttingPublishShort();
  await publishSite(store, options(outDir)).then(() => assert.unreachable('the last write fails'), () => {});
  // The next commit's build: another content manifest.
  writeFileSync(path.join(outDir, '_legalsite/manifest.json'), '{"version":1,"entities":{"article:a":"1","article:b":"3"}}\n');
  failing.clear();
  const next = await publishSite(store, options(outDir));
  assert.equal(next.failed, []);
  assert.equal(keptBefore(outDir), { ...JSON.parse(before), publishedTo: 'memory://' });
  assert.not.ok(store.objects.has('site/_legalsite/previous-manifest.json'));
});

test("a publish holds the output folder's lock while it uploads, so no build commits into it meanwhile; it gives it back, failed or not", async () => {
  const outDir = makeDist();
  const store = memoryStore(new Set(['site/articles/b']));
  const holders: (number | undefined)[] = [];
  const put = store.put;
  store.put = async (key, body, headers) => {
    holders.push(lockHolder(outDir));
    return put(key, body, headers);
  };
  const result = await publishSite(store, options(outDir));
  assert.equal(result.failed.map((f) => f.key), ['articles/b']);
  assert.ok(holders.length > 3 && holders.every((pid) => pid === process.pid), 'held by this process at every upload');
  assert.is(lockHolder(outDir), undefined, 'given back');
  assert.not.ok(existsSync(`${outDir}.legalsite-lock`));
  // A build holding it (here, this process: the same lock a build takes) refuses the publish.
  const held = lockOutputFolder(outDir);
  try {
    const refused = await publishSite(memoryStore(), options(outDir)).then(() => undefined, (e: Error) => e);
    assert.match(String(refused), /is writing|another legalsite command/);
  } finally {
    held.release();
  }
});

test('a publish stopped after changed objects went up, or among its deletions, leaves them pending: the next publish of any build puts the bucket right', async () => {
  const outDir = makeDist();
  const store = memoryStore();
  await publishSite(store, options(outDir));
  const v1 = readFileSync(path.join(outDir, 'articles/a.html'), 'utf8');
  // The next build changes a and drops b; its publish uploads a and deletes b, then its last write fails.
  writeFileSync(path.join(outDir, 'articles/a.html'), '<h1>A, changed</h1>');
  rmSync(path.join(outDir, 'articles/b.html'));
  const published = JSON.parse(readFileSync(path.join(outDir, 'api/published.json'), 'utf8'));
  writeFileSync(path.join(outDir, 'api/published.json'), JSON.stringify({ ...published, pages: Object.fromEntries(Object.entries(published.pages).filter(([url]) => url !== '/articles/b')) }));
  const put = store.put;
  let failLast = true;
  store.put = (key, body, headers) => (failLast && key.endsWith('publish-manifest.json') && !String(body).includes('"pending"') ? Promise.reject(new Error('refused')) : put(key, body, headers));
  await publishSite(store, options(outDir)).then(() => assert.unreachable('the last write fails'), () => {});
  assert.is(store.objects.get('site/articles/a')!.body, '<h1>A, changed</h1>');
  assert.not.ok(store.objects.has('site/articles/b'));
  // That build is abandoned: the one before is published again. a goes back, b comes back.
  failLast = false;
  writeFileSync(path.join(outDir, 'articles/a.html'), v1);
  writeFileSync(path.join(outDir, 'articles/b.html'), '<h1>B</h1>');
  writeFileSync(path.join(outDir, 'api/published.json'), JSON.stringify(published));
  const again = await publishSite(store, options(outDir));
  assert.equal(again.failed, []);
  assert.equal(again.plan.keptChanged, [], 'an object it may itself have replaced is not taken for a hand\'s');
  assert.is(store.objects.get('site/articles/a')!.body, v1);
  assert.is(store.objects.get('site/articles/b')!.body, '<h1>B</h1>');
  const manifest = JSON.parse(store.objects.get('site/_legalsite/publish-manifest.json')!.body);
  assert.not.ok(Object.values(manifest.objects).some((o) => (o as { pending?: boolean }).pending), 'nothing left pending');
});

test('a publish that cannot even read the bucket leaves the folder marked unfinished, so notify announces nothing', async () => {
  const outDir = makeDist();
  const store = memoryStore();
  store.getText = async () => {
    throw new StorageError('cannot reach the storage endpoint');
  };
  const error = await publishSite(store, options(outDir)).then(() => undefined, (e: Error) => e);
  assert.instance(error, StorageError);
  assert.equal(readUnfinishedPublishes(outDir)?.map((p) => p.target), ['memory://']);
  // One that goes through takes the mark away.
  await publishSite(memoryStore(), options(outDir));
  assert.is(readUnfinishedPublishes(outDir), undefined);
});

test('the keys of a first upload are recorded, pending, before any is sent; a changed page waits until every new object is up', async () => {
  const outDir = makeDist();
  const store = memoryStore();
  await publishSite(store, options(outDir));
  // The next build: a new page c, and the list b changed to link to it.
  writeFileSync(path.join(outDir, 'articles/c.html'), '<h1>C</h1>');
  writeFileSync(path.join(outDir, 'articles/b.html'), '<h1>B, see C</h1>');
  const published = JSON.parse(readFileSync(path.join(outDir, 'api/published.json'), 'utf8'));
  published.pages['/articles/c'] = { ids: [] };
  writeFileSync(path.join(outDir, 'api/published.json'), JSON.stringify(published));
  const failing = memoryStore(new Set(['site/articles/c']));
  for (const [k, v] of store.objects) failing.objects.set(k, v);
  const recordedFirst: string[] = [];
  const put = failing.put;
  failing.put = async (key, body, headers) => {
    if (key === 'site/articles/c') recordedFirst.push(JSON.parse(failing.objects.get('site/_legalsite/publish-manifest.json')!.body).objects['articles/c']?.sha256);
    return put(key, body, headers);
  };
  const result = await publishSite(failing, options(outDir));
  assert.equal(recordedFirst, ['pending'], 'recorded before its upload');
  assert.equal(result.failed.map((f) => f.key), ['articles/c']);
  assert.not.ok(failing.log.includes('put site/articles/b'), 'the page linking to it was held back');
  assert.is(failing.objects.get('site/articles/b')!.body, '<h1>B</h1>');
  assert.ok(result.heldBack >= 1);
});

test('a publish with --prune keeps a hashed asset the new build dropped, recorded as retired, for pages cached before it', async () => {
  const outDir = makeDist();
  mkdirSync(path.join(outDir, 'assets'), { recursive: true });
  writeFileSync(path.join(outDir, 'assets/site.1111aaaa.css'), 'body{}');
  const published = JSON.parse(readFileSync(path.join(outDir, 'api/published.json'), 'utf8'));
  writeFileSync(path.join(outDir, 'api/published.json'), JSON.stringify({ ...published, files: [...published.files, '/assets/site.1111aaaa.css'] }));
  const store = memoryStore();
  await publishSite(store, options(outDir));
  rmSync(path.join(outDir, 'assets/site.1111aaaa.css'));
  writeFileSync(path.join(outDir, 'api/published.json'), JSON.stringify(published));
  const result = await publishSite(store, options(outDir));
  assert.equal([result.failed, result.deleted, result.plan.retire], [[], [], ['assets/site.1111aaaa.css']]);
  assert.ok(store.objects.has('site/assets/site.1111aaaa.css'));
  const manifest = JSON.parse(store.objects.get('site/_legalsite/publish-manifest.json')!.body);
  assert.ok(Date.now() - Date.parse(manifest.objects['assets/site.1111aaaa.css'].retired) < 60_000);
});

test('--prune leaves an object someone replaced by hand since legalsite uploaded it, and says so', async () => {
  const outDir = makeDist();
  const store = memoryStore();
  await publishSite(store, options(outDir));
  // A withdrawal notice put in place of a page by hand; then the page leaves the site.
  store.objects.set('site/articles/a', { body: '<p>Withdrawn: see the notice.</p>', headers: { contentType: 'text/html', cacheControl: '' } });
  rmSync(path.join(outDir, 'articles/a.html'));
  const published = JSON.parse(readFileSync(path.join(outDir, 'api/published.json'), 'utf8'));
  delete published.pages['/articles/a'];
  writeFileSync(path.join(outDir, 'api/published.json'), JSON.stringify(published));
  const result = await publishSite(store, options(outDir));
  assert.equal(result.failed, []);
  assert.equal(result.plan.keptChanged, ['articles/a']);
  assert.is(store.objects.get('site/articles/a')!.body, '<p>Withdrawn: see the notice.</p>');
});

test('a dry run reads but writes nothing', async () => {
  const outDir = makeDist();
  const store = memoryStore();
  const result = await publishSite(store, { ...options(outDir), dryRun: true });
  assert.is(result.plan.uploadNew.length, 8);
  assert.equal(store.log, []);
  assert.is(store.objects.size, 0);
});

/** Objects at `keys` (under site/) that an earlier publish made: in the bucket and in its publish manifest. */
function publishedEarlier(store: ReturnType<typeof memoryStore>, keys: string[]) {
  const objects: Record<string, object> = {};
  for (const key of keys) {
    store.objects.set(`site/${key}`, { body: 'live', headers: { contentType: 'text/html', cacheControl: '' } });
    objects[key] = { sha256: 'earlier', contentType: 'text/html', cacheControl: '' };
  }
  store.objects.set('site/_legalsite/publish-manifest.json', { body: JSON.stringify({ version: 1, objects }), headers: { contentType: 'application/json', cacheControl: 'no-cache' } });
}

/** A bucket that holds a live site of `pages` pages (and its publish manifest) besides dist/'s own keys. */
function liveStore(pages: number) {
  const store = memoryStore();
  publishedEarlier(store, Array.from({ length: pages }, (_, i) => `live/page-${i}`));
  return store;
}

test('a folder that is not a complete legalsite build is refused before the bucket is read or changed', async () => {
  const empty = tempDir();
  const project = tempDir();
  writeFileSync(path.join(project, 'package.json'), '{}');
  writeFileSync(path.join(project, 'index.html'), '<h1>Not a build</h1>');
  const partial = makeDist();
  writeFileSync(path.join(partial, '_legalsite/manifest.json'), '{"pages": []}');
  for (const [dir, why] of [
    [empty, /^dist is not a complete legalsite build \(it has none of the files a build writes\); nothing was uploaded or deleted\./],
    [project, /^dist is not a complete legalsite build \(missing \.legalsite-output\.json, 404\.html, robots\.txt, sitemap\.xml, _legalsite\/manifest\.json\)/],
    [partial, /^dist is not a complete legalsite build \(_legalsite\/manifest\.json is not a manifest legalsite wrote\)/],
  ] as const) {
    const store = liveStore(3);
    let reads = 0;
    const watched = { ...store, getText: async (k: string) => (reads++, store.getText(k)), list: async (p: string) => (reads++, store.list(p)) };
    const error = await publishSite(watched, options(dir)).then(() => undefined, (e: Error) => e);
    assert.instance(error, UsageError);
    assert.match(error!.message, why);
    assert.is(reads, 0, 'the bucket was not even read');
    assert.equal(store.log, []);
    assert.is(store.objects.size, 4, 'every live object (and the publish manifest) is still there');
  }
});

test('--prune that would delete more than maxDeletes objects uploads and deletes nothing', async () => {
  const store = liveStore(5);
  const error = await publishSite(store, { ...options(makeDist()), maxDeletes: 4 }).then(() => undefined, (e: Error) => e);
  assert.instance(error, UsageError);
  assert.match(error!.message, /^--prune would delete 5 objects from memory:\/\/, more than --max-deletes 4; nothing was uploaded or deleted\. .*pass --max-deletes 5\.$/);
  assert.equal(store.log, []);
  assert.is(store.objects.size, 6);

  const dry = await publishSite(store, { ...options(makeDist()), maxDeletes: 4, dryRun: true });
  assert.ok(dry.overDeleteLimit);
  assert.is(dry.plan.delete.length, 5);
  assert.equal(store.log, []);

  const raised = await publishSite(store, { ...options(makeDist()), maxDeletes: 5 });
  assert.equal(raised.failed, []);
  assert.is(raised.deleted.length, 5);
  assert.not.ok([...store.objects.keys()].some((k) => k.startsWith('site/live/')));
});

test('without --prune, the delete limit does not apply (nothing is deleted anyway)', async () => {
  const store = liveStore(5);
  const result = await publishSite(store, { ...options(makeDist()), prune: false, maxDeletes: 0 });
  assert.equal(result.failed, []);
  assert.is(result.deleted.length, 0);
  assert.is([...store.objects.keys()].filter((k) => k.startsWith('site/live/')).length, 5);
});

test.run();
