/** Issue 16's publish guard, end to end against a real S3-compatible server (s3rver) on 127.0.0.1:
 * `publish --prune` from an empty or wrong folder is refused and deletes nothing, and --prune deletes
 * at most --max-deletes objects, which the dry run reports. */
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { copyFixture, tempDir } from '../helpers/sites.js';
import { runInProcess, withEnv } from './in-process.js';
import { S3_ENV, startS3Server, type S3TestServer } from './s3-server.js';

const test = suite('publish guard');
let s3: S3TestServer;
let cwd = '';
let restoreEnv = () => {};
let live: string[] = [];
const dist = () => path.join(cwd, 'dist');
const publish = (out: string, ...args: string[]) => runInProcess(['publish', '--bucket', s3.bucket, '--endpoint', s3.endpoint, '--out', out, ...args]);
const build = async () => {
  const run = await runInProcess(['build', '--content', path.join(cwd, 'content'), '--out', dist()]);
  assert.is(run.exitCode, 0, run.stderr);
};
/** Every key in the bucket, through the S3 API as a client would list it. */
const bucketKeys = async () => {
  const res = await fetch(`${s3.endpoint}/${s3.bucket}?list-type=2&max-keys=1000`);
  return [...(await res.text()).matchAll(/<Key>([^<]+)<\/Key>/g)].map((m) => m[1]).sort();
};

test.before(async () => {
  restoreEnv = withEnv(S3_ENV);
  s3 = await startS3Server();
  cwd = copyFixture('minimal');
  // An extra article for the delete-limit test to remove.
  const basics = readFileSync(path.join(cwd, 'content/articles/privilege-basics.md'), 'utf8');
  writeFileSync(path.join(cwd, 'content/articles/retired-note.md'), basics.replace('title: Privilege basics', 'title: Retired note'));
  await build();
  const first = await publish(dist(), '--prune');
  assert.is(first.exitCode, 0, first.stderr);
  live = await bucketKeys();
  assert.ok(live.length > 20, 'the live site is in the bucket');
});

test.after(async () => {
  await s3.close();
  restoreEnv();
});

test('--prune from an empty folder is refused with exit 2, and the live site is untouched', async () => {
  const empty = path.join(tempDir(), 'dist');
  mkdirSync(empty);
  s3.reset();
  const run = await publish(empty, '--prune');
  assert.is(run.exitCode, 2);
  assert.match(run.stderr, /^legalsite: .*dist is not a complete legalsite build \(it has none of the files a build writes\); nothing was uploaded or deleted\. Run `legalsite build` and publish the folder it wrote \(--out DIR\)\.$/);
  assert.not.match(run.stderr, /\n\s+at /, 'no stack trace');
  assert.equal(s3.deletes, []);
  assert.equal(s3.puts, []);
  assert.equal(await bucketKeys(), live);
});

test('--prune from a wrong folder (the content folder) is refused and deletes nothing', async () => {
  s3.reset();
  const run = await publish(path.join(cwd, 'content'), '--prune');
  assert.is(run.exitCode, 2);
  assert.match(run.stderr, /is not a complete legalsite build \(it has none of the files a build writes\)/);
  assert.equal(s3.deletes, []);
  assert.equal(s3.puts, []);
  assert.equal(await bucketKeys(), live);
});

test('--prune that would delete more than --max-deletes changes nothing; the dry run says how many would go', async () => {
  rmSync(path.join(cwd, 'content/articles/retired-note.md'));
  await build();
  s3.reset();
  const dry = await publish(dist(), '--prune', '--dry-run', '--max-deletes', '2');
  assert.is(dry.exitCode, 0, dry.stderr);
  const count = Number(/(\d+) to delete \(at most 2 allowed by --max-deletes\)/.exec(dry.stdout)?.[1]);
  assert.ok(count > 2, dry.stdout);
  assert.match(dry.stdout, new RegExp(`^A real run would change nothing: ${count} deletions are more than --max-deletes 2 \\(pass --max-deletes ${count} if every one is intended\\)\\.$`, 'm'));
  assert.match(dry.stdout, /^  - articles\/retired-note$/m);

  const refused = await publish(dist(), '--prune', '--max-deletes', '2');
  assert.is(refused.exitCode, 2);
  assert.is(refused.stderr, `legalsite: --prune would delete ${count} objects from s3://site/, more than --max-deletes 2; nothing was uploaded or deleted. Check --out, --bucket and --prefix (run with --dry-run to see the list); if every deletion is intended, pass --max-deletes ${count}.`);
  assert.equal(s3.deletes, []);
  assert.equal(s3.puts, []);
  assert.equal(await bucketKeys(), live);

  const allowed = await publish(dist(), '--prune', '--max-deletes', String(count));
  assert.is(allowed.exitCode, 0, allowed.stderr);
  assert.is(s3.pruned.length, count);
  assert.ok(s3.pruned.includes('articles/retired-note'));
  assert.match(allowed.stdout, new RegExp(`, ${count} deleted\\)`));
});

test('a folder a build is writing, or whose last commit was cut short, is refused until a build puts it right', async () => {
  const staging = path.join(cwd, 'dist.legalsite-staging-999999-abc');
  mkdirSync(staging);
  writeFileSync(path.join(staging, '.legalsite-staging'), '');
  writeFileSync(path.join(staging, '.journal.json'), JSON.stringify({ outDir: dist(), written: [], deleted: [] }));
  const before = await bucketKeys();
  const cut = await publish(dist(), '--prune');
  assert.is(cut.exitCode, 2, cut.stderr);
  assert.match(cut.stderr, /the last build into .* was cut short \(dist\.legalsite-staging-999999-abc is beside it\).*nothing was uploaded or deleted\. Run `legalsite build` to put it right/);
  assert.equal(await bucketKeys(), before);
  await build();
  const holder = spawn('sleep', ['60'], { stdio: 'ignore' });
  try {
    writeFileSync(path.join(cwd, 'dist.legalsite-lock'), JSON.stringify({ pid: holder.pid }));
    const busy = await publish(dist());
    assert.is(busy.exitCode, 2, busy.stderr);
    assert.match(busy.stderr, new RegExp(`another legalsite command \\(process ${holder.pid}\\), a build or a publish, is using .* now; nothing was uploaded or deleted`));
  } finally {
    holder.kill();
  }
  assert.equal(await bucketKeys(), before);
  assert.is((await publish(dist())).exitCode, 0, 'once the build is over, publish goes ahead');
});

test("a folder a killed serve's quick preview left half updated is refused until a build puts it right", async () => {
  const gone = spawnSync('true').pid!;
  writeFileSync(path.join(cwd, `dist.legalsite-preview-${gone}`), JSON.stringify({ pid: gone }));
  const before = await bucketKeys();
  const cut = await publish(dist(), '--prune');
  assert.is(cut.exitCode, 2, cut.stderr);
  assert.match(cut.stderr, new RegExp(`was cut short \\(dist\\.legalsite-preview-${gone} is beside it\\).*nothing was uploaded or deleted`));
  assert.equal(await bucketKeys(), before);
  await build();
  assert.is((await publish(dist())).exitCode, 0, 'after a build, publish goes ahead');
});

test('a link in the output folder, to a file or a folder outside it, is never followed: the publish is refused, nothing uploaded', async () => {
  const secrets = path.join(tempDir(), 'secrets');
  mkdirSync(secrets);
  writeFileSync(path.join(secrets, 'id_ed25519'), 'PRIVATE KEY');
  s3.reset();
  for (const [name, target] of [['leak.txt', path.join(secrets, 'id_ed25519')], ['leakdir', secrets]]) {
    symlinkSync(target, path.join(dist(), name));
    for (const args of [['--dry-run'], []]) {
      const run = await publish(dist(), ...args);
      assert.is(run.exitCode, 2, run.stderr);
      assert.match(run.stderr, new RegExp(`dist/${name} is a link or a special file, which no build writes; nothing was uploaded or deleted\\. Remove it, or run \`legalsite build\``));
      assert.not.match(run.stdout, /id_ed25519|leak/, 'not even listed');
    }
    assert.equal(s3.puts, []);
    assert.equal(s3.deletes, []);
    // The next build writes the folder afresh, without the link; then publish goes ahead.
    await build();
    assert.is((await publish(dist())).exitCode, 0);
    assert.not.ok(s3.puts.some((k) => /leak|id_ed25519/.test(k)));
  }
});

test('a file put into the output folder by hand is not the build\'s: the publish is refused, naming it, until a build removes it', async () => {
  writeFileSync(path.join(dist(), 'notes.txt'), 'my draft, not for the web');
  s3.reset();
  const run = await publish(dist(), '--prune');
  assert.is(run.exitCode, 2, run.stderr);
  assert.match(run.stderr, /dist\/notes\.txt is a file the build did not make \(\/api\/published\.json does not list it\); nothing was uploaded or deleted\. Remove it, or run `legalsite build` \(which removes what it did not make\), then publish\./);
  rmSync(path.join(dist(), 'notes.txt'));
  // A file named as a page's address, without the page's .html, is not that page.
  writeFileSync(path.join(dist(), '404'), 'SECRET');
  const named = await publish(dist());
  assert.is(named.exitCode, 2, named.stderr);
  assert.match(named.stderr, /dist\/404 is a file the build did not make/);
  assert.equal(s3.puts, []);
  assert.equal(s3.deletes, []);
  await build();
  assert.is((await publish(dist())).exitCode, 0);
  assert.not.ok(s3.puts.includes('notes.txt'));
});

test('--max-deletes takes a whole number', async () => {
  const run = await publish(dist(), '--prune', '--max-deletes', 'lots');
  assert.is(run.exitCode, 2);
  assert.match(run.stderr, /--max-deletes <n>' argument 'lots' is invalid\. write a whole number of objects, 0 or more\./);
});

test('an empty --bucket (an unset variable) is a usage error, not a storage failure', async () => {
  const run = await runInProcess(['publish', '--bucket', '', '--endpoint', s3.endpoint, '--out', dist()]);
  assert.is(run.exitCode, 2);
  assert.match(run.stderr, /--bucket <name>' argument '' is invalid\. the bucket name is empty \(an unset variable\?\)\./);
  assert.is(s3.puts.length, 0);
});

test('an --endpoint with a user name or password is refused without printing them; a prefix that is empty, climbs or has an empty segment is refused', async () => {
  s3.reset();
  // With a scheme, and without one (a common slip, which fails the URL check too).
  for (const endpoint of [`http://admin:hunter2pass@127.0.0.1:9`, 'admin:hunter2pass@127.0.0.1:9000']) {
    const withPassword = await runInProcess(['publish', '--bucket', s3.bucket, '--endpoint', endpoint, '--out', dist()]);
    assert.is(withPassword.exitCode, 2);
    assert.match(withPassword.stderr, /^legalsite: --endpoint holds a user name or password, which legalsite never sends in a URL or prints; give the credentials through AWS_ACCESS_KEY_ID/);
    assert.not.match(withPassword.stderr + withPassword.stdout, /hunter2pass|admin:/);
  }
  for (const [prefix, why] of [
    ['', /the prefix is empty \(an unset variable\?\); leave --prefix out to publish at the bucket root\./],
    ['../other', /a prefix cannot have "\." or "\.\." segments/],
    ['sites/./legal', /a prefix cannot have "\." or "\.\." segments/],
    ['..', /a prefix cannot have "\." or "\.\." segments/],
    ['sites//docs', /the prefix has two slashes in a row \(an unset variable\?\)/],
  ] as const) {
    const run = await publish(dist(), '--prefix', prefix);
    assert.is(run.exitCode, 2, prefix);
    assert.match(run.stderr, why);
  }
  assert.equal(s3.puts, []);
  assert.equal(s3.deletes, []);
});

test('--prune never deletes an object legalsite did not upload: beside the site, under another prefix, or on a first publish', async () => {
  const { createS3Store } = await import('../../src/publish/s3-client.js');
  const store = createS3Store({ bucket: s3.bucket, prefix: '', endpoint: s3.endpoint, env: process.env });
  const put = (key: string) => store.put(key, 'precious', { contentType: 'application/octet-stream', cacheControl: 'no-cache' });
  const foreign = ['backups/db-2024.sql', 'media/logo.png', 'staging/index.html', 'fresh/old.txt'];
  for (const key of foreign) await put(key);
  s3.reset();
  const run = await publish(dist(), '--prune');
  assert.is(run.exitCode, 0, run.stderr);
  // A first publish under a new prefix has no publish manifest there: nothing under it is its own.
  const first = await publish(dist(), '--prune', '--prefix', 'fresh');
  assert.is(first.exitCode, 0, first.stderr);
  assert.equal(s3.pruned, []);
  const keys = await bucketKeys();
  for (const key of foreign) assert.ok(keys.includes(key), `${key} is still in the bucket`);
  assert.ok(keys.includes('fresh/index.html'), 'the site was published under fresh/');
});

test.run();
