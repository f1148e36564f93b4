/**
 * Links into a page (`/articles/x#x-p014`, `#faq`): a build fails at the link's file and line when
 * the page has no element with that id, and leaves the output folder as it was; every link that does
 * land builds, and `check --dist` agrees. In a rebuild, against the pages it made and those it kept.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { build, type BuildResult } from '../../src/build.js';
import { auditDist } from '../../src/verify/audit-dist.js';
import { copyFixture, listFiles, runCli } from '../helpers/sites.js';

const test = suite('links into a page');

const BASICS = 'content/articles/privilege-basics.md';
const HASHING = 'content/articles/hashing-evidence.md';
/** The line of privilege-basics.md an appended paragraph is on (its first link's target starts at column 10). */
const APPENDED_LINE = 10;

const edit = (dir: string, file: string, change: (text: string) => string) => writeFileSync(path.join(dir, file), change(readFileSync(path.join(dir, file), 'utf8')));
const append = (dir: string, text: string) => edit(dir, BASICS, (t) => `${t}\n${text}\n`);
const buildIn = (dir: string) => build({ contentDir: 'content', outDir: 'dist', cwd: dir, write: true });
const show = (r: BuildResult) => r.diagnostics.map((d) => `${d.file}:${d.line} [${d.rule}] ${d.field} ${d.message} (${d.hint})`).join('\n');

const snapshot = (dir: string) => {
  const hash = createHash('sha256');
  for (const f of listFiles(dir)) hash.update(f).update(readFileSync(path.join(dir, f)));
  return hash.digest('hex');
};

test('every kind of link that lands builds, and check --dist finds none broken', async () => {
  const dir = copyFixture('minimal');
  edit(dir, HASHING, (t) => t.replace('title: Hashing evidence', 'title: Hashing evidence\nformerSlugs: [hash-evidence]'));
  append(
    dir,
    [
      '[A heading, the second of that text](/articles/hashing-evidence#why-it-matters-2),',
      '[a paragraph](/articles/hashing-evidence#hashing-evidence-p003), [an FAQ](/articles/hashing-evidence?from=basics#faq-why),',
      '[a reference](/articles/hashing-evidence#ref-nist), [an answer point](/articles/hashing-evidence#a0-2),',
      '[through the old address](/articles/hash-evidence#hashing-evidence-p001), [the top](#top),',
      '[a file, whose fragment is no element](/articles/hashing-evidence.json#sections), [a section of a page](/about#publishing-principles).',
    ].join(' '),
  );
  const result = await buildIn(dir);
  assert.ok(result.ok, show(result));
  const links = auditDist(path.join(dir, 'dist')).find((g) => g.name === 'links')!;
  assert.equal(links.problems, []);
});

test('a link into a page that lands nowhere fails at its line, through a redirect too, and dist/ is left as it was', async () => {
  const dir = copyFixture('minimal');
  edit(dir, HASHING, (t) => t.replace('title: Hashing evidence', 'title: Hashing evidence\nformerSlugs: [hash-evidence]'));
  assert.ok((await buildIn(dir)).ok);
  const before = snapshot(path.join(dir, 'dist'));
  append(dir, '[Para 9](/articles/hashing-evidence#hashing-evidence-p009), [old](/articles/hash-evidence#why-it-matter), [here](#scope).');
  const run = await runCli(['build'], dir);
  assert.is(run.exitCode, 1, run.stdout + run.stderr);
  const out = run.stdout + run.stderr;
  assert.match(out, new RegExp(`${BASICS}:${APPENDED_LINE}:10 +error +body link "/articles/hashing-evidence#hashing-evidence-p009" points at no element of /articles/hashing-evidence with the id "hashing-evidence-p009"`));
  assert.match(out, /The page's paragraphs run from #hashing-evidence-p001 to #hashing-evidence-p003/);
  assert.match(out, /"\/articles\/hash-evidence#why-it-matter" points at no element of \/articles\/hash-evidence with the id "why-it-matter" +\(Did you mean "why-it-matters"\?/);
  assert.match(out, /"#scope" points at no element of this page with the id "scope"/);
  assert.match(out, /3 errors/);
  assert.not.match(out, /\n\s+at .*:\d+:\d+/);
  assert.is(snapshot(path.join(dir, 'dist')), before, 'dist/ unchanged');
});

test('a rebuild checks a new link against a page it kept, and an old link against a page it made again', async () => {
  const dir = copyFixture('minimal');
  append(dir, 'See [why hash](/articles/hashing-evidence#faq-why).');
  assert.ok((await buildIn(dir)).ok);
  // A new link into hashing-evidence, which this rebuild does not make again.
  edit(dir, BASICS, (t) => t.replace('#faq-why', '#faq-when'));
  let result = await buildIn(dir);
  assert.not.ok(result.ok);
  assert.equal(result.diagnostics.map((d) => [d.file, d.line, d.field, d.rule]), [[BASICS, APPENDED_LINE, 'body', 'broken-link']]);
  assert.match(result.diagnostics[0].message, /with the id "faq-when"/);
  edit(dir, BASICS, (t) => t.replace('#faq-when', '#faq-why'));
  assert.ok((await buildIn(dir)).ok);
  // The FAQ it links to goes: privilege-basics did not change, and its link is reported.
  edit(dir, HASHING, (t) => t.replace(/^faq:\n.*\n/m, ''));
  result = await buildIn(dir);
  assert.not.ok(result.ok);
  assert.equal(result.diagnostics.map((d) => [d.file, d.line, d.field, d.rule]), [[BASICS, APPENDED_LINE, 'body', 'broken-link']]);
  assert.match(result.diagnostics[0].message, /with the id "faq-why"/);
});

test('a link into a paragraph removed since is a warning naming what replaced it, and a removal dated long ago one naming dateModified; the build goes on', async () => {
  const dir = copyFixture('minimal');
  append(dir, 'On [the second paragraph](/articles/hashing-evidence#hashing-evidence-p002).');
  assert.ok((await buildIn(dir)).ok);
  // Its text rewritten (under half its words the same, a quarter or more), and dated: the old
  // paragraph is a tombstone, replaced by the new one.
  edit(dir, HASHING, (t) => t.replace('Every copy is checked against the hash value taken at acquisition. See [the basics](/articles/privilege-basics).', 'Every copy is compared with the value recorded when the item was collected; see [the basics](/articles/privilege-basics).').replace('dateModified: "2025-08-26"', 'dateModified: "2025-09-15"'));
  const result = await buildIn(dir);
  assert.ok(result.ok, show(result));
  assert.equal(result.warnings, []);
  assert.equal(result.diagnostics, [
    {
      file: HASHING,
      line: 5,
      column: 1,
      field: 'dateModified',
      message: "is 2025-09-15, and paragraph 2, removed now, is recorded as removed on that date, which the page's notice shows",
      hint: 'If you removed it now: set dateModified to the date of this edit, restore the id file as committed (git checkout -- content/pinpoints.jsonl), and build again, before you commit; once recorded, a removal keeps its date.',
      rule: 'stale-removal-date',
      severity: 'warning',
    },
    {
      file: BASICS,
      line: APPENDED_LINE,
      column: 27,
      field: 'body',
      message: 'link "/articles/hashing-evidence#hashing-evidence-p002" points at paragraph 2 of hashing-evidence, removed on Sep 15, 2025: a reader finds only the notice that it was removed',
      hint: 'Link to #hashing-evidence-p004, which took its place.',
      rule: 'link-to-removed-text',
      severity: 'warning',
    },
  ]);
});

test('the content\'s warnings reach every reporter, and check gives them as build does; the exit code stays 0', async () => {
  const dir = copyFixture('minimal');
  append(dir, 'On [the second paragraph](/articles/hashing-evidence#hashing-evidence-p002).');
  assert.ok((await buildIn(dir)).ok);
  edit(dir, HASHING, (t) => t.replace('Every copy is checked against the hash value taken at acquisition. See [the basics](/articles/privilege-basics).', 'Every copy is compared with the value recorded when the item was collected; see [the basics](/articles/privilege-basics).').replace('dateModified: "2025-08-26"', `dateModified: "${new Date().toISOString().slice(0, 10)}"`));
  // The build that records the removal, then a check (the pull request's CI): both warn of the link.
  const where = `${BASICS}:${APPENDED_LINE}:27`;
  for (const command of ['build', 'check']) {
    const pretty = await runCli([command], dir);
    assert.is(pretty.exitCode, 0, pretty.stderr);
    assert.match(pretty.stderr, `${where}  warning  body link "/articles/hashing-evidence#hashing-evidence-p002" points at paragraph 2 of hashing-evidence`);
    assert.match(pretty.stderr, '0 errors, 1 warning');
  }
  // In JSON, and as a GitHub annotation.
  const json = await runCli(['check', '--reporter', 'json'], dir);
  assert.is(json.exitCode, 0, json.stderr);
  const parsed = JSON.parse(json.stdout);
  assert.is(parsed.errors, 0);
  assert.equal(parsed.diagnostics.map((d: { rule: string; severity: string; line: number }) => [d.rule, d.severity, d.line]), [['link-to-removed-text', 'warning', APPENDED_LINE]]);
  const github = await runCli(['check', '--reporter', 'github'], dir);
  assert.is(github.exitCode, 0, github.stderr);
  assert.match(github.stdout, `::warning file=${BASICS},line=${APPENDED_LINE},col=27,title=link-to-removed-text::body link "/articles/hashing-evidence#hashing-evidence-p002"`);
});

test.run();
