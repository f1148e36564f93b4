/** `legalsite publish` end to end against a real S3-compatible server (s3rver) on 127.0.0.1: the
 * minimal fixture site is built and published, objects come back with their bodies, content types and
 * cache headers; a second publish uploads nothing; a changed article uploads only the changed keys;
 * --dry-run changes nothing; --prune deletes a removed page; failures are clear lines and exit 1.
 * Most runs call the CLI's main() in process; the error cases spawn the real CLI. */
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { copyFixture, listFiles, runCli } from '../helpers/sites.js';
import { runInProcess, withEnv } from './in-process.js';
import { S3_ENV, startS3Server, type S3TestServer } from './s3-server.js';

const test = suite('publish');
let s3: S3TestServer;
let cwd = '';
let restoreEnv = () => {};
const dist = () => path.join(cwd, 'dist');
const publish = (...args: string[]) => runInProcess(['publish', '--bucket', s3.bucket, '--endpoint', s3.endpoint, '--out', dist(), ...args]);
const build = async () => {
  const run = await runInProcess(['build', '--content', path.join(cwd, 'content'), '--out', dist()]);
  assert.is(run.exitCode, 0, run.stderr);
};
/** Files of dist/ that publish uploads (the last-published copy is local bookkeeping; `_headers`,
 * `_redirects` and `.nojekyll` configure static hosts). */
const HOST_FILES = ['_headers', '_redirects', '.nojekyll', '.legalsite-output.json'];
const distFiles = () => listFiles(dist()).filter((f) => f !== '_legalsite/last-published-manifest.json' && !HOST_FILES.includes(f));
/** The key each dist/ file should be stored under, written out independently of the implementation. */
const keyOf = (file: string) =>
  file === 'index.html' || file === '404.html' ? file : file.endsWith('.html') ? file.slice(0, -5) : file;
const hashes = () => new Map(distFiles().map((f) => [f, createHash('sha256').update(readFileSync(path.join(dist(), f))).digest('hex')]));
const sorted = (list: Iterable<string>) => [...list].sort();

test.before(async () => {
  restoreEnv = withEnv(S3_ENV);
  s3 = await startS3Server();
  cwd = copyFixture('minimal');
  // An extra article that the prune test removes again.
  const basics = readFileSync(path.join(cwd, 'content/articles/privilege-basics.md'), 'utf8');
  writeFileSync(path.join(cwd, 'content/articles/retired-note.md'), basics.replace('title: Privilege basics', 'title: Retired note'));
  await build();
});

test.after(async () => {
  await s3.close();
  restoreEnv();
});

test('--dry-run on an empty bucket lists every key to upload and changes nothing', async () => {
  const run = await publish('--dry-run');
  assert.is(run.exitCode, 0, run.stderr);
  const files = distFiles();
  assert.match(run.stdout, new RegExp(`^  ${files.length} to upload, 0 unchanged, 0 to delete`, 'm'));
  assert.match(run.stdout, /^  \+ articles\/hashing-evidence  \(text\/html\)$/m);
  assert.match(run.stdout, /^  \+ feeds\/rss\.xml  \(application\/rss\+xml\)$/m);
  assert.match(run.stdout, /^  \+ feeds\/rss  \(text\/html\)$/m);
  assert.equal(s3.puts, []);
  assert.is((await s3.get('index.html')).status, 404);
});

test('uploads every file at extensionless keys with its content type and cache policy, manifests last', async () => {
  const run = await publish();
  assert.is(run.exitCode, 0, run.stderr);
  assert.match(run.stdout, /^Published \d+ objects to s3:\/\/site\/ \(0 unchanged\) in [\d.]+s$/);
  const files = distFiles();
  assert.equal(sorted(s3.puts), sorted([...files.map(keyOf), '_legalsite/previous-manifest.json', '_legalsite/publish-manifest.json', '_legalsite/publish-manifest.json']));
  // What was live before (here, nothing) kept for notify before anything else; the keys about to be
  // uploaded recorded (pending); then the site, then the content manifest, then the publish manifest.
  assert.equal(s3.puts.slice(0, 2), ['_legalsite/previous-manifest.json', '_legalsite/publish-manifest.json']);
  assert.is(s3.puts.at(-1), '_legalsite/publish-manifest.json');
  const firstBookkeeping = s3.puts.findIndex((k, i) => i > 1 && k.startsWith('_legalsite/'));
  assert.ok(s3.puts.slice(firstBookkeeping).every((k) => k.startsWith('_legalsite/')), 'the _legalsite/ files come after every page');
  // What a page loads before the pages: every asset before the first page.
  const site = s3.puts.slice(2, firstBookkeeping);
  const lastAsset = site.reduce((last, k, i) => (k.startsWith('assets/') ? i : last), -1);
  assert.ok(lastAsset >= 0 && lastAsset < site.indexOf('articles/hashing-evidence'), 'assets go up before the pages that load them');

  const expectations: [key: string, file: string, type: string, cache: string][] = [
    ['index.html', 'index.html', 'text/html; charset=utf-8', 'public, max-age=300, must-revalidate'],
    ['404.html', '404.html', 'text/html; charset=utf-8', 'public, max-age=300, must-revalidate'],
    ['articles/hashing-evidence', 'articles/hashing-evidence.html', 'text/html; charset=utf-8', 'public, max-age=300, must-revalidate'],
    ['glossary/hash-value', 'glossary/hash-value.html', 'text/html; charset=utf-8', 'public, max-age=300, must-revalidate'],
    ['feeds/rss.xml', 'feeds/rss.xml', 'application/rss+xml; charset=utf-8', 'public, max-age=300, must-revalidate'],
    ['feeds/atom.xml', 'feeds/atom.xml', 'application/atom+xml; charset=utf-8', 'public, max-age=300, must-revalidate'],
    ['feeds/rss', 'feeds/rss.html', 'text/html; charset=utf-8', 'public, max-age=300, must-revalidate'],
    ['feed.xml', 'feed.xml', 'application/rss+xml; charset=utf-8', 'public, max-age=300, must-revalidate'],
    ['sitemap.xml', 'sitemap.xml', 'application/xml; charset=utf-8', 'public, max-age=300, must-revalidate'],
    ['sitemaps/answers.xml', 'sitemaps/answers.xml', 'application/xml; charset=utf-8', 'public, max-age=300, must-revalidate'],
    ['articles/index.json', 'articles/index.json', 'application/json; charset=utf-8', 'public, max-age=300, must-revalidate'],
    ['articles/hashing-evidence.answer.json', 'articles/hashing-evidence.answer.json', 'application/json; charset=utf-8', 'public, max-age=300, must-revalidate'],
    ['articles/hashing-evidence.md', 'articles/hashing-evidence.md', 'text/markdown; charset=utf-8', 'public, max-age=300, must-revalidate'],
    ['exports/articles.csv', 'exports/articles.csv', 'text/csv; charset=utf-8', 'public, max-age=300, must-revalidate'],
    ['exports/articles.jsonl', 'exports/articles.jsonl', 'application/jsonl; charset=utf-8', 'public, max-age=300, must-revalidate'],
    ['templates/checklist.pdf', 'templates/checklist.pdf', 'application/pdf', 'public, max-age=300, must-revalidate'],
    ['llms.txt', 'llms.txt', 'text/plain; charset=utf-8', 'public, max-age=300, must-revalidate'],
    ['_legalsite/manifest.json', '_legalsite/manifest.json', 'application/json; charset=utf-8', 'no-cache'],
  ];
  const css = files.find((f) => /^assets\/site\.[0-9a-f]+\.css$/.test(f))!;
  expectations.push([css, css, 'text/css; charset=utf-8', 'public, max-age=31536000, immutable']);
  const js = files.find((f) => f.startsWith('assets/') && f.endsWith('.js'));
  if (js) expectations.push([js, js, 'text/javascript; charset=utf-8', 'public, max-age=31536000, immutable']);
  for (const [key, file, type, cache] of expectations) {
    const res = await s3.get(key);
    assert.is(res.status, 200, key);
    assert.is(res.headers.get('content-type'), type, key);
    assert.is(res.headers.get('cache-control'), cache, key);
    assert.ok(Buffer.from(await res.arrayBuffer()).equals(readFileSync(path.join(dist(), file))), `${key}: body is ${file}`);
  }
  assert.is((await s3.get('articles/hashing-evidence.html')).status, 404, 'HTML is stored without its extension');
  for (const file of HOST_FILES) {
    assert.ok(listFiles(dist()).includes(file), `the build wrote ${file}`);
    assert.is((await s3.get(file)).status, 404, `${file} is never published`);
  }
  const manifest = await (await s3.get('_legalsite/publish-manifest.json')).json();
  assert.is(manifest.objects['articles/hashing-evidence'].sha256, hashes().get('articles/hashing-evidence.html'));
});

test('publishing the same dist/ again uploads nothing', async () => {
  s3.reset();
  const run = await publish();
  assert.is(run.exitCode, 0, run.stderr);
  assert.match(run.stdout, /^Nothing to publish: all \d+ objects in s3:\/\/site\/ are up to date\.$/);
  assert.equal(s3.puts, []);
  assert.equal(s3.deletes, []);
});

test('the real CLI prints no warning of the SDK or of Node: stderr is empty', async () => {
  writeFileSync(path.join(cwd, 'content/templates/warning-check.txt'), 'one object to upload\n');
  await build();
  try {
    const run = await runCli(['publish', '--bucket', s3.bucket, '--endpoint', s3.endpoint], cwd, S3_ENV);
    assert.is(run.exitCode, 0, run.stderr);
    assert.is(run.stderr, '', 'nothing on stderr (the SDK warns of its Node 22 requirement unless told not to)');
    assert.match(run.stdout, /^Published \d+ objects? to s3:\/\/site\/ /);
  } finally {
    rmSync(path.join(cwd, 'content/templates/warning-check.txt'));
    await build();
    // The bucket as the site is again, for the tests after.
    assert.is((await publish('--prune')).exitCode, 0);
  }
});

test('after one article changes, only the keys whose bytes changed are uploaded; notify diffs against what was live', async () => {
  const before = hashes();
  const liveManifest = readFileSync(path.join(dist(), '_legalsite/manifest.json'), 'utf8');
  appendFileSync(path.join(cwd, 'content/articles/hashing-evidence.md'), '\nA verified hash value is recorded next to each copy.\n');
  await build();
  const after = hashes();
  const changed = [...after.keys()].filter((f) => before.get(f) !== after.get(f));
  assert.ok(changed.includes('articles/hashing-evidence.html'));
  assert.ok(changed.length < before.size / 2, 'most files are unchanged');

  s3.reset();
  const run = await publish();
  assert.is(run.exitCode, 0, run.stderr);
  // New keys (the search index's new chunks) are recorded before they are sent: the publish manifest twice.
  const added = changed.filter((f) => !before.has(f));
  assert.ok(added.length > 0 && added.every((f) => f.startsWith('assets/search/')), added.join());
  assert.equal(sorted(s3.puts), sorted([...changed.map(keyOf), '_legalsite/previous-manifest.json', '_legalsite/publish-manifest.json', '_legalsite/publish-manifest.json']));
  // The new chunks before the index and the page that name them.
  for (const key of added) assert.ok(s3.puts.indexOf(key) < s3.puts.indexOf('search-index.json'), `${key} before search-index.json`);
  assert.match(await (await s3.get('articles/hashing-evidence')).text(), /A verified hash value is recorded next to each copy\./);
  // What was live before was kept in the bucket until the publish went through.
  assert.is(s3.puts[0], '_legalsite/previous-manifest.json');
  assert.equal(s3.deletes, ['_legalsite/previous-manifest.json']);
  assert.is((await s3.get('_legalsite/previous-manifest.json')).status, 404);

  // The manifest that was live before this publish is kept for notify, and survives a second publish.
  s3.reset();
  assert.is((await publish()).exitCode, 0);
  assert.equal(s3.puts, []);
  assert.equal(JSON.parse(readFileSync(path.join(dist(), '_legalsite/last-published-manifest.json'), 'utf8')), { ...JSON.parse(liveManifest), publishedTo: 's3://site/' });
  const notify = await runInProcess(['notify', '--dry-run', '--indexnow', '--content', path.join(cwd, 'content'), '--out', dist()]);
  assert.is(notify.exitCode, 0, notify.stderr);
  assert.match(notify.stdout, /^Changes since the last publish, to s3:\/\/site\/ \(.*\/dist\/_legalsite\/last-published-manifest\.json\): 0 created, 1 updated, 0 deleted\.$/m);
  assert.match(notify.stdout, /^  https:\/\/test\.example\.org\/articles\/hashing-evidence$/m);
  assert.not.match(notify.stdout, /privilege-basics/);
});

test('--prune with --dry-run lists the keys of a removed page and changes nothing; without it, deletes them', async () => {
  rmSync(path.join(cwd, 'content/articles/retired-note.md'));
  await build();
  s3.reset();
  const dry = await publish('--prune', '--dry-run');
  assert.is(dry.exitCode, 0, dry.stderr);
  for (const key of ['articles/retired-note', 'articles/retired-note.json', 'articles/retired-note.md', 'recommendations/article/retired-note']) {
    assert.match(dry.stdout, new RegExp(`^  - ${key.replace(/[./]/g, '\\$&')}$`, 'm'));
  }
  assert.equal(s3.puts, []);
  assert.equal(s3.deletes, []);
  assert.is((await s3.get('articles/retired-note')).status, 200);

  // Without --prune, nothing is deleted.
  assert.is((await publish()).exitCode, 0);
  assert.equal(s3.pruned, []);
  assert.is((await s3.get('articles/retired-note')).status, 200);

  s3.reset();
  const run = await publish('--prune');
  assert.is(run.exitCode, 0, run.stderr);
  assert.ok(s3.pruned.includes('articles/retired-note'));
  assert.ok(s3.pruned.every((k) => !distFiles().map(keyOf).includes(k)), 'only keys missing from dist/ are deleted');
  assert.not.ok(s3.pruned.includes('_legalsite/publish-manifest.json'));
  assert.match(run.stdout, /\d+ deleted\)/);
  assert.is((await s3.get('articles/retired-note')).status, 404);
  assert.is((await s3.get('articles/hashing-evidence')).status, 200);
  const manifest = await (await s3.get('_legalsite/publish-manifest.json')).json();
  assert.not.ok('articles/retired-note' in manifest.objects);
});

test('--prune removes a _headers object an older publish uploaded, and never uploads it again', async () => {
  const { createS3Store } = await import('../../src/publish/s3-client.js');
  const store = createS3Store({ bucket: s3.bucket, prefix: '', endpoint: s3.endpoint, env: process.env });
  await store.put('_headers', '/*\n  X-Old: 1\n', { contentType: 'text/plain; charset=utf-8', cacheControl: 'no-cache' });
  // As that older publish did, its publish manifest records the key: --prune deletes only what
  // legalsite published.
  const manifest = JSON.parse((await store.getText('_legalsite/publish-manifest.json'))!);
  manifest.objects._headers = { sha256: 'old', contentType: 'text/plain; charset=utf-8', cacheControl: 'no-cache' };
  await store.put('_legalsite/publish-manifest.json', JSON.stringify(manifest), { contentType: 'application/json', cacheControl: 'no-cache' });
  assert.is((await s3.get('_headers')).status, 200);
  s3.reset();
  const run = await publish('--prune');
  assert.is(run.exitCode, 0, run.stderr);
  assert.equal(s3.pruned, ['_headers']);
  assert.not.ok(s3.puts.includes('_headers'));
  assert.is((await s3.get('_headers')).status, 404);
});

test('a failed upload exits 4 naming the key, holds back the changed pages, deletes nothing, keeps notify from announcing, and the retry sends only what is missing', async () => {
  writeFileSync(path.join(cwd, 'content/templates/broken.txt'), 'the server refuses this one\n');
  writeFileSync(path.join(cwd, 'content/templates/fresh.txt'), 'fresh\n');
  await build();
  // A remote object that --prune would delete if the run succeeded.
  rmSync(path.join(dist(), 'glossary/privilege-log.html'));
  s3.failPuts.add('templates/broken.txt');
  s3.reset();
  const run = await runCli(['publish', '--bucket', s3.bucket, '--endpoint', s3.endpoint, '--prune'], cwd, S3_ENV);
  assert.is(run.exitCode, 4);
  assert.match(run.stderr, /^legalsite: 1 object could not be published to s3:\/\/site\/:$/m);
  assert.match(run.stderr, /^  templates\/broken\.txt  storage request failed: InternalError: Injected failure \(HTTP 500\)$/m);
  assert.match(run.stderr, /^Nothing was deleted \(1 pruned key left for the next run\)\.$/m);
  // What did go up is said too, and that the pages which would link to it waited.
  assert.match(run.stderr, /^The other \d+ uploads? succeeded\.$/m, run.stderr);
  assert.match(run.stderr, /^\d+ objects were held back \(changed pages wait for every new object, the content manifest for everything\), so no live page links to one that is missing\.$/m);
  assert.not.ok(s3.puts.includes('templates'), 'the changed templates page waited');
  assert.not.match(run.stderr, /\n\s+at /, 'no stack trace');
  assert.equal(s3.deletes, []);
  assert.ok(s3.puts.includes('templates/fresh.txt'));
  assert.not.ok(s3.puts.includes('_legalsite/manifest.json'), 'the content manifest waits for a complete upload');
  assert.is((await s3.get('glossary/privilege-log')).status, 200);
  // `publish; notify` without `&&`: notify must not announce pages that are not live.
  const notify = (...flags: string[]) => runInProcess(['notify', '--indexnow', ...flags, '--content', path.join(cwd, 'content'), '--out', dist()]);
  const refused = await notify();
  assert.is(refused.exitCode, 2);
  assert.match(refused.stderr, /^legalsite: nothing was sent: a `legalsite publish` of .*\/dist\/ has not gone through \(to s3:\/\/site\/ at http:\/\/127\.0\.0\.1:\d+, started 20\d\d-[^)]+\): an upload or a deletion failed, it was stopped, or it is still running, so some of the pages notify would announce may not be live/m);
  assert.match(refused.stderr, /Run `legalsite publish` again; once it succeeds, run `legalsite notify`\.$/m);
  const preview = await notify('--dry-run');
  assert.is(preview.exitCode, 0, preview.stderr);
  assert.match(preview.stderr, /^warning {2}a `legalsite publish` of .* has not gone through/m);
  // A build in between replaces the output folder; the mark is beside it, and stays.
  await build();
  rmSync(path.join(dist(), 'glossary/privilege-log.html'));
  assert.is((await notify()).exitCode, 2, 'still refused after a build');
  // A publish to another place that goes through is not this one.
  s3.failPuts.clear();
  assert.is((await publish('--prefix', 'elsewhere')).exitCode, 0);
  assert.is((await notify()).exitCode, 2, 'still refused after a publish elsewhere');

  s3.reset();
  const retry = await publish('--prune');
  assert.is(retry.exitCode, 0, retry.stderr);
  assert.not.ok(s3.puts.includes('templates/fresh.txt'), 'the earlier successful upload is not repeated');
  assert.ok(s3.puts.includes('templates/broken.txt'));
  assert.not.ok(s3.puts.some((key) => key.includes('publish-unfinished')), 'the mark is local only');
  assert.not.ok(existsSync(`${dist()}.legalsite-publish-unfinished.json`), 'and gone once the publish went through');
  assert.equal(s3.pruned, ['glossary/privilege-log']);
  const announced = await notify('--dry-run');
  assert.is(announced.exitCode, 0, announced.stderr);
  assert.is(announced.stderr, '');
  assert.match(announced.stdout, /^Changes since the last publish/m);
  // A mark that cannot be read (an older version's, cut short by a full disk) names no publish that
  // could take it away: notify says to remove it once every publish went through.
  writeFileSync(`${dist()}.legalsite-publish-unfinished.json`, '');
  const unknown = await notify();
  assert.is(unknown.exitCode, 2);
  assert.match(unknown.stderr, /has not gone through \(to an unknown place, started at an unknown time\).* The mark could not be read, so no publish can name itself in it: once every publish of .*dist\/ has gone through, remove .*dist\.legalsite-publish-unfinished\.json and run `legalsite notify`\.$/m);
  rmSync(`${dist()}.legalsite-publish-unfinished.json`);
});

test('--prefix publishes under a folder of the bucket', async () => {
  s3.reset();
  const run = await publish('--prefix', '/staging/', '--concurrency', '4');
  assert.is(run.exitCode, 0, run.stderr);
  assert.ok(s3.puts.length > 0 && s3.puts.every((k) => k.startsWith('staging/')));
  assert.is((await s3.get('staging/articles/hashing-evidence')).headers.get('content-type'), 'text/html; charset=utf-8');
  assert.is(s3.puts.at(-1), 'staging/_legalsite/publish-manifest.json');
});

test('an unreachable endpoint is one clear line and exit code 4 (the environment), and notify then announces nothing', async () => {
  const run = await runCli(['publish', '--bucket', 'site', '--endpoint', 'http://127.0.0.1:1'], cwd, S3_ENV);
  assert.is(run.exitCode, 4);
  assert.is(run.stderr, 'legalsite: cannot reach the storage endpoint http://127.0.0.1:1 (connect ECONNREFUSED 127.0.0.1:1); check --endpoint and the network\nRun publish again once the store answers; until a publish goes through, notify announces nothing.');
  assert.is(run.stdout, '');
  const notify = await runInProcess(['notify', '--indexnow', '--content', path.join(cwd, 'content'), '--out', dist()]);
  assert.is(notify.exitCode, 2);
  assert.match(notify.stderr, /has not gone through \(to s3:\/\/site\//);
  // The publish that goes through makes notify free again.
  const through = await publish();
  assert.is(through.exitCode, 0, through.stderr);
});

test('a missing bucket, a missing --bucket and a missing output folder are clear errors', async () => {
  const noBucket = await runCli(['publish', '--bucket', 'nope', '--endpoint', s3.endpoint], cwd, S3_ENV);
  assert.is(noBucket.exitCode, 4);
  assert.match(noBucket.stderr, /^legalsite: bucket "nope" does not exist at http:\/\/127\.0\.0\.1:\d+; check --bucket$/m);
  const noOption = await runCli(['publish', '--endpoint', s3.endpoint], cwd, S3_ENV);
  assert.is(noOption.exitCode, 2);
  assert.match(noOption.stderr, /required option '--bucket <name>'/);
  const noDist = await publish('--out', 'nowhere');
  assert.is(noDist.exitCode, 2);
  assert.match(noDist.stderr, /^legalsite: output folder not found: nowhere \(run `legalsite build` first, or pass --out DIR\)$/);
});

test.run();
