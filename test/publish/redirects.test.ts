/** `legalsite publish` of a site with a renamed article and term (issue 17), against a real
 * S3-compatible server (s3rver) on 127.0.0.1: every former address listed in `_redirects` is stored
 * with its S3 website redirect (and its body: the redirect page or the mirror's copy, for a REST
 * origin), no other object has one, `_redirects` itself is never uploaded, a website endpoint answers
 * a former address with a 301 to the new one, and publishing again uploads nothing. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { HeadObjectCommand, PutBucketWebsiteCommand, S3Client } from '@aws-sdk/client-s3';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { copyCited } from '../helpers/cited-site.js';
import { runInProcess, withEnv } from './in-process.js';
import { S3_ENV, startS3Server, type S3TestServer } from './s3-server.js';

const test = suite('publish: redirects of former addresses');
let s3: S3TestServer;
let client: S3Client;
let cwd = '';
let restoreEnv = () => {};
const dist = () => path.join(cwd, 'dist');
const publish = () => runInProcess(['publish', '--bucket', s3.bucket, '--endpoint', s3.endpoint, '--out', dist()]);

test.before(async () => {
  // This test's own client would print the SDK's Node-version notice, which publish silences (s3-client.ts).
  restoreEnv = withEnv({ ...S3_ENV, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' });
  s3 = await startS3Server();
  client = new S3Client({ endpoint: s3.endpoint, forcePathStyle: true, region: 'us-east-1', credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  cwd = copyCited();
  const built = await runInProcess(['build', '--content', path.join(cwd, 'content'), '--out', dist()]);
  assert.is(built.exitCode, 0, built.stderr);
  const run = await publish();
  assert.is(run.exitCode, 0, run.stderr);
});

test.after(async () => {
  client?.destroy();
  await s3.close();
  restoreEnv();
});

/** The website redirect an object was stored with, read back over the S3 API. */
const redirectOf = async (key: string) => (await client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }))).WebsiteRedirectLocation;

test('each former address is an object with its website redirect; no other object has one', async () => {
  const expected: Record<string, string> = {
    'articles/hash-basics': '/articles/hashing-evidence',
    'articles/hash-basics.json': '/articles/hashing-evidence.json',
    'articles/hash-basics.answer.json': '/articles/hashing-evidence.answer.json',
    'articles/hash-basics.md': '/articles/hashing-evidence.md',
    'articles/hash-basics.bib': '/articles/hashing-evidence.bib',
    'articles/hash-basics.ris': '/articles/hashing-evidence.ris',
    'articles/hash-basics.csl.json': '/articles/hashing-evidence.csl.json',
    'glossary/hash-digest': '/glossary/hash-value',
    'recommendations/article/hash-basics': '/recommendations/article/hashing-evidence',
    'recommendations/term/hash-digest': '/recommendations/term/hash-value',
  };
  for (const [key, to] of Object.entries(expected)) assert.is(await redirectOf(key), to, key);
  for (const key of ['articles/hashing-evidence', 'articles/hashing-evidence.json', 'glossary/hash-value', 'index.html']) assert.is(await redirectOf(key), undefined, key);
  assert.not.ok(s3.puts.includes('_redirects'), '_redirects configures hosts; it is never an object');
  // The publish manifest records the redirect, so a change to it is published and none is lost.
  const manifest = JSON.parse(await (await s3.get('_legalsite/publish-manifest.json')).text());
  assert.is(manifest.objects['articles/hash-basics'].websiteRedirect, '/articles/hashing-evidence');
  // Through a REST origin the object's own body answers: the redirect page, or the copy.
  const copy = await s3.get('articles/hash-basics.json');
  assert.is(await copy.text(), readFileSync(path.join(dist(), 'articles/hashing-evidence.json'), 'utf8'));
});

test('publishing the same dist/ again uploads nothing', async () => {
  s3.reset();
  const run = await publish();
  assert.is(run.exitCode, 0, run.stderr);
  assert.match(run.stdout, /^Nothing to publish/);
  assert.equal(s3.puts, []);
});

test('a website endpoint answers a former address with a 301 to the new one', async () => {
  await client.send(new PutBucketWebsiteCommand({ Bucket: s3.bucket, WebsiteConfiguration: { IndexDocument: { Suffix: 'index.html' }, ErrorDocument: { Key: '404.html' } } }));
  for (const [key, to] of [['articles/hash-basics', '/articles/hashing-evidence'], ['articles/hash-basics.json', '/articles/hashing-evidence.json'], ['glossary/hash-digest', '/glossary/hash-value']]) {
    const res = await fetch(`${s3.endpoint}/${s3.bucket}/${key}`, { redirect: 'manual' });
    assert.is(res.status, 301, key);
    assert.is(res.headers.get('location'), to, key);
  }
  const live = await fetch(`${s3.endpoint}/${s3.bucket}/articles/hashing-evidence`, { redirect: 'manual' });
  assert.is(live.status, 200, 'the new address is the page itself');
});

test.run();
