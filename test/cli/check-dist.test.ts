/** `legalsite check --dist`: the static quality gates pass on a good build and fail, naming the
 * problem, when a link, a fragment, metadata or structured data is broken. */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { copyFixture, runCli, tempDir } from '../helpers/sites.js';

const test = suite('check --dist');

async function built() {
  const cwd = copyFixture('minimal');
  assert.is((await runCli(['build', '--quiet'], cwd)).exitCode, 0);
  return cwd;
}

test('a good build passes every gate with its figure', async () => {
  const cwd = await built();
  const run = await runCli(['check', '--dist'], cwd);
  assert.is(run.exitCode, 0, run.stdout);
  assert.match(run.stdout, /^pass {2}links: \d+ internal links and fragments checked, 0 broken/m);
  assert.match(run.stdout, /^pass {2}metadata: \d+ pages checked, 0 problems/m);
  assert.match(run.stdout, /^pass {2}structured data: \d+ JSON-LD blocks/m);
});

test('a site without an about page links to none: no About in the header, the chronology-builder link a placeholder', async () => {
  const cwd = copyFixture('minimal');
  rmSync(path.join(cwd, 'content/pages/about.md'));
  assert.is((await runCli(['build', '--quiet'], cwd)).exitCode, 0);
  const run = await runCli(['check', '--dist'], cwd);
  assert.is(run.exitCode, 0, run.stdout);
  const home = readFileSync(path.join(cwd, 'dist/index.html'), 'utf8');
  assert.not.match(home, /href="\/about/);
});

test('a missing page, a missing fragment, a missing description and bad JSON-LD fail', async () => {
  const cwd = await built();
  const dist = path.join(cwd, 'dist');
  rmSync(path.join(dist, 'about.html'));
  const article = path.join(dist, 'articles/hashing-evidence.html');
  writeFileSync(article, readFileSync(article, 'utf8').replace('id="answer"', 'id="answer-moved"').replace(/<meta name="description"[^>]*>/, '').replace('"@type":"FAQPage"', '"@type":"FAQPage","mainEntity":[],"x":"'));
  const run = await runCli(['check', '--dist'], cwd);
  assert.is(run.exitCode, 1);
  assert.match(run.stdout, /FAIL {2}links: .*/);
  assert.match(run.stdout, /link "\/about" resolves to no file/);
  assert.match(run.stdout, /link "[^"]*#answer" points at no element with id "answer"/);
  assert.match(run.stdout, /FAIL {2}metadata: .*\n.*articles\/hashing-evidence\.html: no single meta description/);
  assert.match(run.stdout, /FAIL {2}structured data/);
});

test('a malformed %-escape, a path out of the folder and a link out of it are broken links, never read or a crash', async () => {
  const cwd = await built();
  const dist = path.join(cwd, 'dist');
  const home = path.join(dist, 'index.html');
  writeFileSync(home, readFileSync(home, 'utf8').replace('</body>', '<a href="/%zz">a</a><a href="/about#%zz">b</a><a href="/../../../../etc/passwd">c</a><a href="/a%00b">d</a><a href="/ext/memo">e</a></body>'));
  // A folder linked from the output folder, holding a page whose title is nobody's business.
  const outside = tempDir();
  writeFileSync(path.join(outside, 'memo.html'), '<html><head><title>Internal salary review</title></head><body></body></html>');
  symlinkSync(outside, path.join(dist, 'ext'));
  symlinkSync('.', path.join(dist, 'self'));
  const run = await runCli(['check', '--dist'], cwd);
  assert.is(run.exitCode, 1, run.stderr);
  assert.not.match(run.stderr, /internal failure|a bug in legalsite/);
  assert.match(run.stdout, /link "\/%zz" resolves to no file/);
  assert.match(run.stdout, /link "\/about#%zz" points at no element with id "%zz"/);
  assert.match(run.stdout, /link "\/\.\.\/\.\.\/\.\.\/\.\.\/etc\/passwd" resolves to no file/);
  assert.match(run.stdout, /link "\/a%00b" resolves to no file/);
  assert.match(run.stdout, /link "\/ext\/memo" resolves to no file/, 'a page in a linked folder is not the site\'s');
  assert.not.match(run.stdout, /salary|self\/self/);
});

test("a folder a killed serve's quick preview left half updated (its mark beside it) is not audited until a build puts it right", async () => {
  const cwd = await built();
  // The mark of a serve that is gone: a process number that no longer runs.
  const gone = spawnSync('true').pid!;
  const mark = path.join(cwd, `dist.legalsite-preview-${gone}`);
  writeFileSync(mark, JSON.stringify({ pid: gone }));
  const run = await runCli(['check', '--dist'], cwd);
  assert.is(run.exitCode, 2, run.stdout);
  assert.match(run.stderr, new RegExp(`dist\\.legalsite-preview-${gone} is beside it`));
  assert.is((await runCli(['build', '--quiet'], cwd)).exitCode, 0, 'the next build puts it right');
  assert.not.ok(existsSync(mark), 'and removes the mark');
  assert.is((await runCli(['check', '--dist'], cwd)).exitCode, 0);
  // A running serve's own mark is its business while it runs: a build never removes it.
  const live = path.join(cwd, `dist.legalsite-preview-${process.pid}`);
  writeFileSync(live, '{}');
  assert.is((await runCli(['build', '--quiet', '--no-cache'], cwd)).exitCode, 0);
  assert.ok(existsSync(live));
  rmSync(live);
});

test('a folder whose last commit did not finish (a build killed part-way) is not audited: exit 2, run a build first', async () => {
  const cwd = await built();
  const staging = path.join(cwd, 'dist.legalsite-staging-999999-abc');
  mkdirSync(staging);
  writeFileSync(path.join(staging, '.legalsite-staging'), '');
  writeFileSync(path.join(staging, '.journal.json'), JSON.stringify({ outDir: path.join(cwd, 'dist'), written: [], deleted: [] }));
  const run = await runCli(['check', '--dist'], cwd);
  assert.is(run.exitCode, 2, run.stdout);
  assert.match(run.stderr, /the last build into dist has not finished its commit \(dist\.legalsite-staging-999999-abc is beside it: a build is writing it, or one was cut short\)/);
  assert.is((await runCli(['build', '--quiet'], cwd)).exitCode, 0, 'the next build puts it right');
  assert.is((await runCli(['check', '--dist'], cwd)).exitCode, 0);
  // An output folder that is a link: its build stages beside the folder it leads to, and is looked
  // for there.
  const www = path.join(tempDir(), 'www');
  symlinkSync(www, path.join(cwd, 'public'));
  mkdirSync(www);
  assert.is((await runCli(['build', '--quiet', '--out', 'public'], cwd)).exitCode, 0);
  const beside = path.join(path.dirname(www), 'www.legalsite-staging-999999-abc');
  mkdirSync(beside);
  writeFileSync(path.join(beside, '.legalsite-staging'), '');
  writeFileSync(path.join(beside, '.journal.json'), JSON.stringify({ outDir: www, written: [], deleted: [] }));
  const linked = await runCli(['check', '--dist', 'public'], cwd);
  assert.is(linked.exitCode, 2, linked.stdout);
  assert.match(linked.stderr, /www\.legalsite-staging-999999-abc is beside it/);
});

test.run();
