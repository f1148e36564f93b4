/** Planning a publish (pure) and the publish order against an in-memory store: what is uploaded,
 * what is unchanged, what --prune deletes, and what a failed upload leaves behind. */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { LocalObject } from '../../src/publish/local-files.js';
import type { ObjectHeaders, ObjectStore } from '../../src/publish/object-store.js';
import { planPublish } from '../../src/publish/plan.js';
import { createProgress } from '../../src/publish/progress.js';
import { publishSite } from '../../src/publish/publish.js';
import { tempDir } from '../helpers/sites.js';

const test = suite('publish plan');

const local = (key: string, sha256 = `hash-of-${key}`): LocalObject => ({ file: key, key, sha256, contentType: 'text/plain', cacheControl: 'public, max-age=300, must-revalidate' });
const remoteOf = (objects: LocalObject[]) => ({ version: 1 as const, objects: Object.fromEntries(objects.map((o) => [o.key, { sha256: o.sha256, contentType: o.contentType, cacheControl: o.cacheControl }])) });

test('uploads new and changed objects, bookkeeping last, and keeps the rest', () => {
  const remote = remoteOf([local('a'), local('b'), local('_legalsite/manifest.json')]);
  const plan = planPublish([local('a'), local('b', 'new'), local('c'), local('_legalsite/manifest.json', 'new')], remote);
  assert.equal(plan.upload.map((o) => o.key), ['b', 'c']);
  assert.equal(plan.uploadLast.map((o) => o.key), ['_legalsite/manifest.json']);
  assert.equal(plan.unchanged.map((o) => o.key), ['a']);
  assert.equal(plan.delete, []);
});

test('a changed header alone is an upload', () => {
  const plan = planPublish([{ ...local('a'), cacheControl: 'no-cache' }], remoteOf([local('a')]));
  assert.equal(plan.upload.map((o) => o.key), ['a']);
});

test('without a manifest everything is uploaded', () => {
  assert.equal(planPublish([local('a'), local('b')], undefined).upload.length, 2);
});

test('--prune deletes remote keys missing from dist/, never the publish manifest', () => {
  const plan = planPublish([local('a')], remoteOf([local('a'), local('gone')]), ['a', 'gone', 'stray', '_legalsite/publish-manifest.json']);
  assert.equal(plan.delete, ['gone', 'stray']);
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

/** An in-memory bucket whose uploads of `failing` keys throw. */
function memoryStore(failing = new Set<string>()): ObjectStore & { objects: Map<string, { body: string; headers: ObjectHeaders }>; log: string[] } {
  const objects = new Map<string, { body: string; headers: ObjectHeaders }>();
  const log: string[] = [];
  return {
    name: 'memory://',
    objects,
    log,
    getText: async (key) => objects.get(key)?.body,
    put: async (key, body, headers) => {
      if (failing.has(key)) throw new Error('refused');
      log.push(`put ${key}`);
      objects.set(key, { body: Buffer.from(body).toString('utf8'), headers });
    },
    delete: async (key) => {
      log.push(`delete ${key}`);
      objects.delete(key);
    },
    list: async (prefix) => [...objects.keys()].filter((k) => k.startsWith(prefix)),
  };
}

function makeDist(): string {
  const dir = path.join(tempDir(), 'dist');
  const files: Record<string, string> = {
    'index.html': '<h1>Home</h1>',
    'articles/a.html': '<h1>A</h1>',
    'articles/b.html': '<h1>B</h1>',
    'feeds/rss.xml': '<rss/>',
    '_legalsite/manifest.json': '{"version":1,"entities":{"article:a":"1","article:b":"2"}}\n',
  };
  for (const [file, body] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), body);
  }
  return dir;
}

const options = (outDir: string) => ({ outDir, outLabel: 'dist', prefix: 'site/', dryRun: false, prune: true, concurrency: 2 });

test('a failed upload deletes nothing, holds back the content manifest and records what did upload', async () => {
  const outDir = makeDist();
  const store = memoryStore(new Set(['site/articles/b']));
  store.objects.set('site/old-page', { body: 'old', headers: { contentType: 'text/html', cacheControl: '' } });
  const result = await publishSite(store, options(outDir));
  assert.equal(result.failed.map((f) => f.key), ['articles/b']);
  assert.ok(result.deletesSkipped);
  assert.ok(store.objects.has('site/old-page'));
  assert.not.ok(store.objects.has('site/_legalsite/manifest.json'));
  const manifest = JSON.parse(store.objects.get('site/_legalsite/publish-manifest.json')!.body);
  assert.equal(Object.keys(manifest.objects), ['articles/a', 'feeds/rss', 'index.html']);

  const retryStore = memoryStore();
  for (const [k, v] of store.objects) retryStore.objects.set(k, v);
  const retry = await publishSite(retryStore, options(outDir));
  assert.equal(retry.failed, []);
  assert.equal(retryStore.log, ['put site/articles/b', 'put site/_legalsite/manifest.json', 'delete site/old-page', 'put site/_legalsite/publish-manifest.json']);
});

test('a dry run reads but writes nothing', async () => {
  const outDir = makeDist();
  const store = memoryStore();
  const result = await publishSite(store, { ...options(outDir), dryRun: true });
  assert.is(result.plan.upload.length, 4);
  assert.equal(store.log, []);
  assert.is(store.objects.size, 0);
});

test.run();
