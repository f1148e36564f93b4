/** Broken content gets one clear line per problem (file:line:col, field, message, hint), exit 1, and
 * leaves the previous dist/ exactly as it was. Fixtures are the minimal site with one known mistake. */
import { createHash } from 'node:crypto';
import { chmodSync, cpSync, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { copyFixture, listFiles, runCli } from '../helpers/sites.js';
import { unprivilegedCli } from '../helpers/unprivileged.js';

const test = suite('content errors');

function snapshot(dir: string): string {
  const hash = createHash('sha256');
  for (const f of listFiles(dir)) hash.update(f).update(readFileSync(path.join(dir, f)));
  return hash.digest('hex');
}

/** Builds the fixture once (good), applies `mutate`, builds again and returns the failed run. */
async function breakAndBuild(mutate: (content: string) => void) {
  const cwd = copyFixture('minimal');
  const good = await runCli(['build', '--quiet'], cwd);
  assert.is(good.exitCode, 0, good.stderr);
  const before = snapshot(path.join(cwd, 'dist'));
  mutate(path.join(cwd, 'content'));
  const run = await runCli(['build'], cwd);
  assert.is(run.exitCode, 1, 'content errors exit with code 1');
  assert.is(snapshot(path.join(cwd, 'dist')), before, 'the previous dist/ is untouched');
  assert.not.match(run.stderr, /\n\s+at .*\(.*:\d+:\d+\)/, 'no stack trace');
  const json = await runCli(['check', '--reporter', 'json'], cwd);
  return { run, diagnostics: JSON.parse(json.stdout).diagnostics as { rule: string; field: string; file: string; line: number; hint?: string }[] };
}

const edit = (file: string, from: string | RegExp, to: string) => writeFileSync(file, readFileSync(file, 'utf8').replace(from, to));

test('malformed YAML names the file, line and field, and says what is wrong, never a stack trace', async () => {
  const { run, diagnostics } = await breakAndBuild((c) => edit(path.join(c, 'glossary/hash-value.yaml'), 'definition: A fixed', 'definition: "A fixed'));
  assert.match(run.stderr, /^content\/glossary\/hash-value\.yaml:5:13 {2}error {2}definition is not valid YAML: it has an opening quote \("\) that is never closed {2}\(Add the closing "/m);
  assert.is(diagnostics[0].rule, 'yaml-syntax');
  assert.is(diagnostics[0].field, 'definition');
});

test('an unknown field is rejected with a did-you-mean hint at its line', async () => {
  const { run, diagnostics } = await breakAndBuild((c) => edit(path.join(c, 'articles/privilege-basics.md'), 'tags: [privilege, procedure]', 'tagz: [privilege, procedure]'));
  assert.ok(run.stderr.includes('content/articles/privilege-basics.md:5:1  error  tagz is not a known field  (did you mean "tags"?'), run.stderr);
  assert.ok(diagnostics.some((d) => d.rule === 'unknown-field' && d.field === 'tagz' && d.line === 5));
});

test('an impossible date is reported at the value', async () => {
  const { run, diagnostics } = await breakAndBuild((c) => edit(path.join(c, 'articles/privilege-basics.md'), '"2025-08-27"', '"2025-13-01"'));
  assert.ok(run.stderr.includes('content/articles/privilege-basics.md:4:16  error  datePublished "2025-13-01" is not a valid date  (Write dates as YYYY-MM-DD, e.g. 2025-08-26.)'), run.stderr);
  assert.is(diagnostics[0].rule, 'invalid-date');
});

test('a dangling seeAlso names the missing slug and the closest one', async () => {
  const { run, diagnostics } = await breakAndBuild((c) => edit(path.join(c, 'glossary/hash-value.yaml'), 'seeAlso: [chain-of-custody]', 'seeAlso: [chain-of-custdy]'));
  assert.ok(run.stderr.includes('content/glossary/hash-value.yaml:6:11  error  seeAlso[0] "chain-of-custdy" is not a glossary term  (did you mean "chain-of-custody"?)'), run.stderr);
  assert.is(diagnostics[0].rule, 'dangling-reference');
});

test('an article seeAlso to a missing article is an error', async () => {
  const { diagnostics } = await breakAndBuild((c) => edit(path.join(c, 'articles/hashing-evidence.md'), 'articles/privilege-basics]', 'articles/privilege-basic]'));
  assert.ok(diagnostics.some((d) => d.rule === 'dangling-reference' && d.field === 'seeAlso[1]' && d.line === 17));
});

test('a duplicate slug points at the file that took it, not at the file named by it', async () => {
  const { run, diagnostics } = await breakAndBuild((c) => writeFileSync(path.join(c, 'glossary/hash-again.yaml'), 'slug: hash-value\ntitle: Hash again\ndefinition: A duplicate.\n'));
  assert.ok(run.stderr.includes('content/glossary/hash-again.yaml:1:7  error  slug "hash-value" is already the slug of term content/glossary/hash-value.yaml'), run.stderr);
  assert.is(diagnostics[0].rule, 'duplicate-slug');
});

test('an article copied and given another article\'s slug is reported at the copy\'s slug: line, not at the untouched file', async () => {
  const { run, diagnostics } = await breakAndBuild((c) => {
    const text = readFileSync(path.join(c, 'articles/privilege-basics.md'), 'utf8').replace('summary:', 'slug: hashing-evidence\nsummary:');
    writeFileSync(path.join(c, 'articles/aaa-new.md'), text);
  });
  assert.ok(run.stderr.includes('content/articles/aaa-new.md:3:7  error  slug "hashing-evidence" is already the slug of article content/articles/hashing-evidence.md'), run.stderr);
  assert.not.match(run.stderr, /content\/articles\/hashing-evidence\.md:\d+:\d+/, 'the untouched file is not blamed');
  assert.equal(diagnostics.filter((d) => d.rule === 'duplicate-slug').map((d) => [d.file, d.line, d.field]), [['content/articles/aaa-new.md', 3, 'slug']]);
});

test('a misspelt field of a tag in site.yaml is named with a did-you-mean, not as a reference needing a url', async () => {
  const { run, diagnostics } = await breakAndBuild((c) => edit(path.join(c, 'site.yaml'), 'evidence: Rules and practice of evidence.', 'evidence: { nme: Evidence, description: Rules and practice of evidence. }'));
  assert.ok(run.stderr.includes('content/site.yaml:17:15  error  tags.evidence.nme is not a known field  (did you mean "name"?'), run.stderr);
  assert.not.match(run.stderr, /url or a source/);
  assert.equal(diagnostics.map((d) => [d.rule, d.field]), [['unknown-field', 'tags.evidence.nme']]);
});

test('title:"…" with no space after the colon says to add the space, at the field', async () => {
  const { run, diagnostics } = await breakAndBuild((c) => edit(path.join(c, 'articles/privilege-basics.md'), 'title: Privilege basics', 'title:"Privilege basics"'));
  assert.ok(run.stderr.includes('content/articles/privilege-basics.md:2:7  error  title is not valid YAML: it has no space after `title:`, so YAML does not read the line as the field title  (Add a space after `title:`: `title: "Privilege basics"`.)'), run.stderr);
  assert.equal(diagnostics.map((d) => [d.rule, d.field, d.line]), [['yaml-syntax', 'title', 2]]);
});

test('a title of spaces and a definition of a tab are errors at their lines, and nothing is published', async () => {
  const { run, diagnostics } = await breakAndBuild((c) => {
    edit(path.join(c, 'articles/privilege-basics.md'), 'title: Privilege basics', 'title: "   "');
    edit(path.join(c, 'glossary/hash-value.yaml'), 'title: Hash value', 'title: "  "');
    edit(path.join(c, 'glossary/hash-value.yaml'), /^definition: .*(\n  .*)*$/m, 'definition: "\\t"');
  });
  assert.ok(run.stderr.includes('content/articles/privilege-basics.md:2:8  error  title is blank  (Write the text of title: it holds only white space'), run.stderr);
  assert.ok(run.stderr.includes('content/glossary/hash-value.yaml:2:8  error  title is blank'), run.stderr);
  assert.match(run.stderr, /content\/glossary\/hash-value\.yaml:\d+:13 {2}error {2}definition is blank/);
  assert.equal(diagnostics.map((d) => [d.rule, d.file, d.field]), [
    ['missing-field', 'content/articles/privilege-basics.md', 'title'],
    ['missing-field', 'content/glossary/hash-value.yaml', 'title'],
    ['missing-field', 'content/glossary/hash-value.yaml', 'definition'],
  ]);
});

test('a webhook URL with a password is refused for that reason, its password never printed', async () => {
  const { run, diagnostics } = await breakAndBuild((c) => edit(path.join(c, 'site.yaml'), /^tags:/m, 'webhooks: [{ url: "https://user:hunter2pass@hooks.example.com/x", events: [article.created], secretEnv: HOOK_SECRET }]\ntags:'));
  assert.ok(run.stderr.includes('content/site.yaml:16:19  error  webhooks[0].url "https://user:***@hooks.example.com/x" holds a user name and password  (Write the address with no user name or password: notify prints it in every delivery report.'), run.stderr);
  assert.match(run.stderr, /name that variable in secretEnv/);
  assert.not.match(run.stderr, /hunter2pass/);
  assert.equal(diagnostics.map((d) => [d.rule, d.field]), [['invalid-format', 'webhooks[0].url']]);
});

test('a former slug that is still another article\'s slug is an error at the list item', async () => {
  const { run, diagnostics } = await breakAndBuild((c) => edit(path.join(c, 'articles/hashing-evidence.md'), /^title:/m, 'formerSlugs: [hash-basics, privilege-basics]\ntitle:'));
  assert.match(run.stderr, /content\/articles\/hashing-evidence\.md:\d+:\d+ {2}error {2}formerSlugs\[1\] "privilege-basics" is the slug of article content\/articles\/privilege-basics\.md/);
  assert.ok(diagnostics.some((d) => d.rule === 'duplicate-slug' && d.field === 'formerSlugs[1]'), JSON.stringify(diagnostics));
  assert.not.ok(diagnostics.some((d) => d.field === 'formerSlugs[0]'), 'an unused former slug is fine');
});

test('a FAQ id used twice in an article is reported at the second one', async () => {
  const { run, diagnostics } = await breakAndBuild((c) =>
    edit(path.join(c, 'articles/hashing-evidence.md'), '  - { id: faq-why, q: Why hash?, a: "To show a copy is **unchanged**." }', '  - { id: faq-why, q: Why hash?, a: "To show a copy is **unchanged**." }\n  - { id: faq-why, q: Why again?, a: "Twice." }'),
  );
  assert.ok(run.stderr.includes('content/articles/hashing-evidence.md:15:11  error  faq[1].id id "faq-why" is used twice'), run.stderr);
  assert.ok(diagnostics.some((d) => d.rule === 'duplicate-id' && d.field === 'faq[1].id' && d.line === 15));
});

test('an unknown tag suggests the nearest known tag', async () => {
  const { run } = await breakAndBuild((c) => edit(path.join(c, 'articles/privilege-basics.md'), 'tags: [privilege, procedure]', 'tags: [privilege, procedures]'));
  assert.ok(run.stderr.includes('content/articles/privilege-basics.md:5:19  error  tags[1] "procedures" is not a known tag  (did you mean "procedure"?)'), run.stderr);
});

test('a broken internal link in a body names the line and the column of its target', async () => {
  const { run } = await breakAndBuild((c) => edit(path.join(c, 'articles/hashing-evidence.md'), '(/articles/privilege-basics)', '(/articles/privilege-basic)'));
  assert.match(run.stderr, /content\/articles\/hashing-evidence\.md:25:85 {2}error {2}body link "\/articles\/privilege-basic" points at a page that does not exist {2}\(did you mean "\/articles\/privilege-basics"\?\)/);
});

test('every error of a run is reported at once', async () => {
  const { diagnostics } = await breakAndBuild((c) => {
    edit(path.join(c, 'articles/privilege-basics.md'), 'tags: [privilege, procedure]', 'tags: [privilege, procedures]');
    edit(path.join(c, 'glossary/hash-value.yaml'), 'seeAlso: [chain-of-custody]', 'seeAlso: [nowhere]');
  });
  assert.is(diagnostics.length, 2);
});

test('two errors of different phases in two files come out of one run, build and check alike (issue 16)', async () => {
  const { run, diagnostics } = await breakAndBuild((c) => {
    edit(path.join(c, 'articles/privilege-basics.md'), 'title: Privilege basics', 'title: ""');
    edit(path.join(c, 'glossary/chain-of-custody.yaml'), 'jurisdiction: Global', 'jurisdiction: Mars');
  });
  assert.ok(run.stderr.includes('content/articles/privilege-basics.md:2:8  error  title is empty'), run.stderr);
  assert.ok(run.stderr.includes('content/glossary/chain-of-custody.yaml:2:15  error  jurisdiction "Mars" is not a known jurisdiction'), run.stderr);
  assert.not.match(run.stderr, /Add the field/, 'an empty value is not a missing one');
  assert.equal(diagnostics.map((d) => [d.rule, d.file]), [
    ['missing-field', 'content/articles/privilege-basics.md'],
    ['unknown-jurisdiction', 'content/glossary/chain-of-custody.yaml'],
  ]);
});

test('a YAML alias bomb in a term is a located error with exit 1, not an internal failure (issue 16)', async () => {
  const { run, diagnostics } = await breakAndBuild((c) =>
    writeFileSync(
      path.join(c, 'glossary/bomb.yaml'),
      ['title: Bomb', 'definition: &a "lol"', 'dataFields: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]', 'alsoCalled: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]', 'seeAlso: [*c, *c, *c, *c, *c, *c, *c, *c, *c]', ''].join('\n'),
    ),
  );
  assert.not.match(run.stderr, /internal failure|bug in legalsite/);
  assert.equal(diagnostics.map((d) => [d.rule, d.file, d.line, d.field]), [['yaml-limit', 'content/glossary/bomb.yaml', 5, 'seeAlso']]);
});

test('github reporter prints workflow annotations', async () => {
  const cwd = copyFixture('minimal');
  edit(path.join(cwd, 'content/articles/privilege-basics.md'), 'tags: [privilege, procedure]', 'tags: [privilege, procedures]');
  const run = await runCli(['check', '--reporter', 'github'], cwd);
  assert.is(run.exitCode, 1);
  assert.match(run.stdout, /^::error file=content\/articles\/privilege-basics\.md,line=5,col=19,title=unknown-tag::tags\[1\] "procedures" is not a known tag/m);
});

test('check writes nothing', async () => {
  const cwd = copyFixture('minimal');
  const run = await runCli(['check'], cwd);
  assert.is(run.exitCode, 0, run.stderr);
  assert.match(run.stdout, /^Checked \d+ pages, \d+ files in [\d.]+s; no errors \(nothing written\)$/m);
  assert.not.ok(existsSync(path.join(cwd, 'dist')));
});

test('a noLink phrase that holds none of the term\'s phrasings is reported at its line, with a hint', async () => {
  const { run, diagnostics } = await breakAndBuild((c) => edit(path.join(c, 'glossary/hash-value.yaml'), 'seeAlso: [chain-of-custody]', 'seeAlso: [chain-of-custody]\nnoLink: [hash tag]'));
  assert.ok(run.stderr.includes('content/glossary/hash-value.yaml:7:10  error  noLink[0] "hash tag" is not and does not contain a phrasing that links to this term ("Hash value")'), run.stderr);
  assert.ok(diagnostics.some((d) => d.rule === 'invalid-value' && d.field === 'noLink[0]' && d.line === 7 && d.hint));
});

test('a term may name several jurisdictions; an unknown one in the list is reported at its item', async () => {
  const { run, diagnostics } = await breakAndBuild((c) => edit(path.join(c, 'glossary/hash-value.yaml'), 'jurisdiction: Global', 'jurisdiction: [England and Wales, Austrlia]'));
  assert.ok(run.stderr.includes('content/glossary/hash-value.yaml:3:35  error  jurisdiction[1] "Austrlia" is not a known jurisdiction  (did you mean "Australia"?)'), run.stderr);
  assert.is(diagnostics.length, 1, 'England and Wales is a known jurisdiction');
  assert.is(diagnostics[0].rule, 'unknown-jurisdiction');
});

test('a list of jurisdictions cannot include Global', async () => {
  const { diagnostics } = await breakAndBuild((c) => edit(path.join(c, 'glossary/hash-value.yaml'), 'jurisdiction: Global', 'jurisdiction: [Global, United States]'));
  assert.ok(diagnostics.some((d) => d.rule === 'invalid-value' && d.field === 'jurisdiction'));
});

test('check --list-links prints every auto-link with its file, line and sentence, then a count', async () => {
  const cwd = copyFixture('minimal');
  const run = await runCli(['check', '--list-links'], cwd);
  assert.is(run.exitCode, 0, run.stderr);
  assert.ok(run.stdout.includes('content/articles/hashing-evidence.md:21  "hash value" → /glossary/hash-value  A hash value is a fingerprint of a file.'), run.stdout);
  assert.ok(run.stdout.includes('content/articles/hashing-evidence.md:21  "chain of custody" → /glossary/chain-of-custody  The chain of custody records each hash value.'), run.stdout);
  assert.not.match(run.stdout, /hash value inside code/);
  assert.match(run.stdout, /^\d+ auto-links in \d+ articles\.$/m);
  const json = JSON.parse((await runCli(['check', '--list-links', '--reporter', 'json'], cwd)).stdout) as { errors: number; autoLinks: { file: string; line: number; term: string; text: string; sentence: string }[] };
  assert.is(json.errors, 0);
  assert.ok(json.autoLinks.some((l) => l.term === 'hash-value' && l.line === 21 && l.sentence === 'A hash value is a fingerprint of a file.'));
});

test('change entries: a bad date, an unknown kind and a two-line summary are each reported at their field, all at once', async () => {
  const changes = [
    'changes:',
    '  - { date: "2025-02-30", kind: correction, summary: "Fixed a date." }',
    '  - { date: "2025-08-26", kind: corection, summary: "Fixed a name." }',
    '  - date: "2025-08-26"',
    '    kind: update',
    '    summary: "Added a section.\\nAnd another."',
    'title:',
  ].join('\n');
  const { run, diagnostics } = await breakAndBuild((c) => edit(path.join(c, 'articles/hashing-evidence.md'), /^title:/m, changes));
  assert.ok(run.stderr.includes('content/articles/hashing-evidence.md:3:13  error  changes[0].date "2025-02-30" is not a valid date  (Write dates as YYYY-MM-DD'), run.stderr);
  assert.ok(run.stderr.includes('changes[1].kind "corection" is not one of correction, update, legal-change  (did you mean "correction"?)'), run.stderr);
  const summary = diagnostics.find((d) => d.field === 'changes[2].summary');
  assert.ok(summary && summary.rule === 'invalid-format' && summary.line === 7 && /one line/.test(summary.hint ?? ''), JSON.stringify(diagnostics));
  assert.equal(diagnostics.map((d) => d.field).sort(), ['changes[0].date', 'changes[1].kind', 'changes[2].summary']);
});

test('a change dated before the article was published, or after its dateModified, is an error with a hint', async () => {
  const changes = ['changes:', '  - { date: "2025-08-20", kind: update, summary: "Early." }', '  - { date: "2025-09-02", kind: legal-change, summary: "Late." }', 'title:'].join('\n');
  const { run, diagnostics } = await breakAndBuild((c) => edit(path.join(c, 'articles/hashing-evidence.md'), /^title:/m, changes));
  assert.ok(run.stderr.includes('content/articles/hashing-evidence.md:3:13  error  changes[0].date 2025-08-20 is before datePublished 2025-08-25'), run.stderr);
  assert.ok(run.stderr.includes('changes[1].date 2025-09-02 is after dateModified 2025-08-26  (Set dateModified to 2025-09-02 (or later)'), run.stderr);
  assert.equal(diagnostics.map((d) => `${d.rule} ${d.field}`), ['date-order changes[0].date', 'date-order changes[1].date']);
});

test('lawStatedAt must be a real date', async () => {
  const { diagnostics } = await breakAndBuild((c) => edit(path.join(c, 'articles/hashing-evidence.md'), /^title:/m, 'lawStatedAt: "1 August 2025"\ntitle:'));
  assert.equal(diagnostics.map((d) => `${d.rule} ${d.field} ${d.line}`), ['invalid-date lawStatedAt 2']);
});

test('a former slug whose redirect would take an address the site uses (the article index) is an error at the list item', async () => {
  const { run, diagnostics } = await breakAndBuild((c) => edit(path.join(c, 'articles/hashing-evidence.md'), /^title:/m, 'formerSlugs: [hash-basics, index]\ntitle:'));
  assert.ok(run.stderr.includes('content/articles/hashing-evidence.md:2:28  error  formerSlugs[1] "index" would publish a redirect at /articles/index.json'), run.stderr);
  assert.ok(diagnostics.length > 0 && diagnostics.every((d) => d.rule === 'url-clash' && d.field === 'formerSlugs[1]'), JSON.stringify(diagnostics));
});

test('usage mistakes exit with code 2 and say what is wrong', async () => {
  const cwd = copyFixture('minimal');
  const unknown = await runCli(['build', '--bogus'], cwd);
  assert.is(unknown.exitCode, 2);
  assert.match(unknown.stderr, /unknown option '--bogus'/);
  const missing = await runCli(['build', '--content', 'nope'], cwd);
  assert.is(missing.exitCode, 2);
  assert.match(missing.stderr, /content folder not found: nope/);
  const reporter = await runCli(['build', '--reporter', 'xml'], cwd);
  assert.is(reporter.exitCode, 2);
  for (const [url, reason] of [['https://test.example.org/?preview=1', /must not have a query/], ['https://test.example.org/#top', /must not have a fragment/], ['javascript:alert(1)', /absolute http:\/\/ or https:\/\/ URL/], ['https://test.example.org/docs', /without a path such as "\/docs"/]] as const) {
    const base = await runCli(['build', '--base-url', url], cwd);
    assert.is(base.exitCode, 2, url);
    assert.match(base.stderr.split('\n')[0], reason);
    assert.not.ok(existsSync(path.join(cwd, 'dist')), 'nothing built');
  }
  // commander quotes a rejected value whole: a password in it would be in every CI log.
  for (const url of ['https://deploy:s3cretPass@test.example.org/', 'ftp://deploy:s3cretPass@test.example.org/']) {
    const secret = await runCli(['build', '--base-url', url], cwd);
    assert.is(secret.exitCode, 2, url);
    assert.not.match(secret.stderr, /s3cretPass/, secret.stderr);
    assert.match(secret.stderr, /deploy:\*\*\*@test\.example\.org/);
  }
});

test('a template that cannot be read is its own one error: the links to it are not blamed, nor another file suggested', async () => {
  const cwd = copyFixture('minimal');
  const cli = unprivilegedCli(cwd);
  chmodSync(path.join(cwd, 'content/templates/custody-log.csv'), 0o000);
  const r = await cli(['check', '--reporter', 'json']);
  const out = JSON.parse(String(r.stdout)) as { errors: number; diagnostics: { file: string; rule: string; message: string }[] };
  assert.equal(out.diagnostics.map((d) => [d.file, d.rule]), [['content/templates/custody-log.csv', 'unreadable-file']], String(r.stdout));
  assert.is(r.exitCode, 1);
});

test('a file where a content folder should be is a content error at its path (exit 1), for check and build alike', async () => {
  const cwd = copyFixture('minimal');
  for (const folder of ['articles', 'glossary']) {
    rmSync(path.join(cwd, 'content', folder), { recursive: true });
    writeFileSync(path.join(cwd, 'content', folder), 'x');
    for (const command of ['check', 'build']) {
      const r = await runCli([command, '--reporter', 'json'], cwd);
      assert.is(r.exitCode, 1, `${command} with ${folder} a file: ${r.stderr}`);
      const out = JSON.parse(r.stdout) as { diagnostics: { file: string; rule: string; message: string }[] };
      assert.ok(out.diagnostics.some((d) => d.file === `content/${folder}` && d.rule === 'not-a-file' && d.message === 'is a file, not a folder'), `${command}: ${r.stdout}`);
    }
    cpSync(path.join(copyFixture('minimal'), 'content', folder), path.join(cwd, 'content', `${folder}.new`), { recursive: true });
    rmSync(path.join(cwd, 'content', folder));
    renameSync(path.join(cwd, 'content', `${folder}.new`), path.join(cwd, 'content', folder));
  }
  assert.is((await runCli(['build', '--quiet'], cwd)).exitCode, 0, 'put right, the site builds');
});

test.run();
