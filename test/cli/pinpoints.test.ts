/** The id file (content/pinpoints.jsonl) through real builds: written by build, read by a fresh
 * clone to the same ids, checked by check, never written by a failed build or serve, and exact with
 * the build cache (a changed record re-renders its article; incremental output equals cold). */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { build } from '../../src/build.js';
import { formatPinsFile, splitPinsFile } from '../../src/passes/pinpoints/record-format.js';
import { copyFixture, listFiles, runCli, tempDir } from '../helpers/sites.js';
import { withTmpfs } from '../helpers/tmpfs.js';

const test = suite('pinpoints in builds');

const ARTICLE = 'content/articles/privilege-basics.md';
const FRONT = '---\ntitle: Privilege basics\nsummary: What privilege protects and how a privilege log describes it.\ndatePublished: "2025-08-27"\ndateModified: "2025-09-01"\ntags: [privilege, procedure]\njurisdiction: United States\n---\n';
const P1 = 'Privilege protects confidential legal advice between a lawyer and a client.';
const P2 = 'A privilege log lists each withheld document with its date, author and the basis claimed.';
const P3 = 'Courts may order production when the log does not let the other side assess the claim.';
const P4 = 'Chronologies tie every fact to the page of the document that proves it.';

/** The minimal site with `body` as privilege-basics, built for the first time (no id file yet). */
function site(body: string): string {
  const cwd = copyFixture('minimal');
  rmSync(path.join(cwd, 'content/pinpoints.jsonl'));
  writeFileSync(path.join(cwd, ARTICLE), FRONT + body);
  return cwd;
}

const edit = (cwd: string, body: string, modified = '2025-09-01') => writeFileSync(path.join(cwd, ARTICLE), FRONT.replace('2025-09-01', modified) + body);
const page = (dist: string) => readFileSync(path.join(dist, 'articles/privilege-basics.html'), 'utf8');
/** The ids of the body's paragraphs, headings and tombstones, in page order. */
function idsOf(html: string): string[] {
  const body = html.slice(html.indexOf('<div class="prose">'), html.indexOf('<footer class="article-footer"'));
  return [...body.matchAll(/<(?:p|h[2-6]) id="([^"]+)"|<div class="tombstone" id="([^"]+)"/g)].map((m) => m[1] ?? m[2]);
}
const pins = (cwd: string) => readFileSync(path.join(cwd, 'content/pinpoints.jsonl'), 'utf8');

async function buildInto(cwd: string, out: string, more: object = {}) {
  const result = await build({ contentDir: 'content', outDir: out, cwd, write: true, retainFiles: false, ...more });
  assert.ok(result.ok, JSON.stringify(result.diagnostics));
  return result;
}

/** Two folders hold the same files, byte for byte. */
function assertSameDist(a: string, b: string): void {
  const files = (d: string) => listFiles(d).filter((f) => f !== '_legalsite/changes.json');
  assert.equal(files(a), files(b));
  for (const f of files(a)) assert.ok(readFileSync(path.join(a, f)).equals(readFileSync(path.join(b, f))), `${f} is the same`);
}

test("an editor's builds record the ids; a fresh clone of the content with the committed file builds the same ids", async () => {
  const cwd = site(`## Scope\n\n${P1}\n\n${P2}\n\n${P3}\n`);
  const first = await buildInto(cwd, 'dist', { diskCache: true });
  assert.equal(first.pinpoints, { file: 'content/pinpoints.jsonl', changed: ['hashing-evidence', 'privilege-basics'], written: true, created: true, moved: [] });
  const { chunks } = splitPinsFile(pins(cwd));
  assert.is(pins(cwd), formatPinsFile(new Map([...chunks].map(([slug, c]) => [slug, c.text]))), 'the file is laid out as the format says');
  assert.equal(idsOf(page(path.join(cwd, 'dist'))), ['scope', 'privilege-basics-p001', 'privilege-basics-p002', 'privilege-basics-p003'], 'the first build keeps the positional ids published so far');
  edit(cwd, `## Scope of privilege\n\n${P4}\n\n${P1}\n\n${P3.replace('Courts may', 'A court may')}\n`, '2025-09-15');
  const second = await buildInto(cwd, 'dist', { diskCache: true });
  assert.equal(second.pinpoints?.changed, ['privilege-basics']);
  const editor = idsOf(page(path.join(cwd, 'dist')));
  assert.equal(editor, ['scope-of-privilege', 'privilege-basics-p004', 'privilege-basics-p001', 'privilege-basics-p002', 'privilege-basics-p003']);
  assert.match(page(path.join(cwd, 'dist')), /<h2 id="scope-of-privilege"><span id="scope"><\/span>Scope of privilege<\/h2>/);
  assert.match(page(path.join(cwd, 'dist')), /id="privilege-basics-p002" role="note" hidden="">This paragraph was removed on <time datetime="2025-09-15">/);
  // A fresh clone: the content with its id file, no cache, no output folder.
  const clone = tempDir();
  cpSync(path.join(cwd, 'content'), path.join(clone, 'content'), { recursive: true });
  const cloned = await buildInto(clone, 'dist');
  assert.is(cloned.pinpoints, undefined, 'the committed file is up to date');
  assertSameDist(path.join(clone, 'dist'), path.join(cwd, 'dist'));
  assert.is(pins(clone), pins(cwd));
});

test('check fails on an id file that is out of date, naming the articles, and passes once build has recorded them', async () => {
  const cwd = site(`${P1}\n\n${P2}\n`);
  assert.is((await runCli(['build', '--quiet'], cwd)).exitCode, 0);
  assert.is((await runCli(['check', '--quiet'], cwd)).exitCode, 0);
  edit(cwd, `${P2}\n\n${P3}\n`);
  const stale = await runCli(['check'], cwd);
  assert.is(stale.exitCode, 1);
  const lines = stale.stderr.split('\n').filter((l) => l.includes('  error  '));
  assert.equal(lines.length, 1, stale.stderr);
  assert.match(lines[0], /^content\/pinpoints\.jsonl:1:1 +error +does not record the current ids of privilege-basics \(its paragraphs or headings changed\): run legalsite build and commit content\/pinpoints\.jsonl/);
  const built = await runCli(['build'], cwd);
  assert.match(built.stdout, /Updated content\/pinpoints\.jsonl, the ids of the article privilege-basics: commit it with your content\./);
  assert.is((await runCli(['check', '--quiet'], cwd)).exitCode, 0);
  rmSync(path.join(cwd, 'content/pinpoints.jsonl'));
  assert.match((await runCli(['check'], cwd)).stderr, /content\/pinpoints\.jsonl:1:1 +error +is missing: if the site was built before, restore it \(git checkout -- content\/pinpoints\.jsonl, or from the last commit that has it\); run legalsite build and commit content\/pinpoints\.jsonl only for a site never built before/);
});

test('an id file the last build read, deleted since, is an error until it is restored (or the build runs without the cache)', async () => {
  const cwd = site(`${P1}\n\n${P2}\n`);
  assert.is((await runCli(['build', '--quiet'], cwd)).exitCode, 0);
  const recorded = pins(cwd);
  rmSync(path.join(cwd, 'content/pinpoints.jsonl'));
  const gone = await runCli(['build'], cwd);
  assert.is(gone.exitCode, 1);
  assert.match(gone.stderr, /content\/pinpoints\.jsonl:1:1 +error +is missing, but the last build read the ids of 2 articles from it: restore it \(git checkout -- content\/pinpoints\.jsonl\)/);
  assert.not.ok(existsSync(path.join(cwd, 'content/pinpoints.jsonl')), 'nothing was written');
  writeFileSync(path.join(cwd, 'content/pinpoints.jsonl'), recorded);
  assert.is((await runCli(['build', '--quiet'], cwd)).exitCode, 0);
  rmSync(path.join(cwd, 'content/pinpoints.jsonl'));
  assert.is((await runCli(['build', '--quiet', '--no-cache'], cwd)).exitCode, 0, 'on purpose, without the cache');
  assert.is(pins(cwd), recorded, 'numbered afresh: here, the same positional ids');
});

test("an id file that lost an article's lines since the last build read them (cut short, a merge resolved by dropping them) is an error until they are restored", async () => {
  const cwd = site(`${P1}\n\n${P2}\n`);
  assert.is((await runCli(['build', '--quiet'], cwd)).exitCode, 0);
  const recorded = pins(cwd);
  const before = idsOf(page(path.join(cwd, 'dist')));
  // Only the first line (the header) left, and a paragraph added at the top of the article.
  writeFileSync(path.join(cwd, 'content/pinpoints.jsonl'), `${recorded.split('\n')[0]}\n`);
  edit(cwd, `${P3}\n\n${P1}\n\n${P2}\n`);
  for (const command of [['build'], ['build']]) {
    const run = await runCli(command, cwd);
    assert.is(run.exitCode, 1, run.stdout);
    assert.match(run.stderr, /content\/pinpoints\.jsonl:1:1 +error +has lost the ids of 2 articles hashing-evidence, privilege-basics, which the last build read from it: restore their lines \(git checkout -- content\/pinpoints\.jsonl, or take the published side of a merge\)/);
  }
  assert.equal(idsOf(page(path.join(cwd, 'dist'))), before, 'the published page is as it was');
  writeFileSync(path.join(cwd, 'content/pinpoints.jsonl'), recorded);
  assert.is((await runCli(['build', '--quiet'], cwd)).exitCode, 0);
  // P1 and P2 keep their numbers; the new opening paragraph gets the next one.
  const [opening, ...rest] = idsOf(page(path.join(cwd, 'dist')));
  assert.equal(rest, before);
  assert.not.ok(before.includes(opening));
});

test("a paragraph's line deleted from the id file (by hand, or dropped in a merge) is an error at its article's line, with or without the build cache, until it is restored", async () => {
  const cwd = site(`${P1}\n\n${P2}\n\n${P3}\n`);
  assert.is((await runCli(['build', '--quiet'], cwd)).exitCode, 0);
  const before = idsOf(page(path.join(cwd, 'dist')));
  const recorded = pins(cwd);
  const lines = recorded.split('\n');
  const articleLine = lines.findIndex((l) => l.includes('"article":"privilege-basics"'));
  const p002 = lines.findIndex((l, i) => i > articleLine && l.includes('"id":"p002"'));
  writeFileSync(path.join(cwd, 'content/pinpoints.jsonl'), lines.filter((_, i) => i !== p002).join('\n'));
  edit(cwd, `${P1}\n\n${P2}\n\n${P3}\n\n${P4}\n`);
  for (const command of [['build'], ['build', '--no-cache'], ['check']]) {
    const run = await runCli(command, cwd);
    assert.is(run.exitCode, 1, `${command.join(' ')}: ${run.stdout}`);
    assert.match(run.stderr, new RegExp(`content/pinpoints\\.jsonl:${articleLine + 1}:1 +error +has no line for p002 in "privilege-basics", though every number up to "issued" \\(3\\) was given to a paragraph: a line was deleted or lost in a merge\\. Restore it from version control`), command.join(' '));
  }
  assert.equal(idsOf(page(path.join(cwd, 'dist'))), before, 'the published page is as it was');
  writeFileSync(path.join(cwd, 'content/pinpoints.jsonl'), recorded);
  assert.is((await runCli(['build', '--quiet'], cwd)).exitCode, 0);
  assert.equal(idsOf(page(path.join(cwd, 'dist'))).slice(0, 3), before, 'each paragraph keeps its number');
});

test('an id file taken back to an older copy (git checkout <older> -- content) is an error until the current one is back: numbers given out are never given again', async () => {
  const cwd = site(`${P1}\n\n${P2}\n\n${P3}\n`);
  assert.is((await runCli(['build', '--quiet'], cwd)).exitCode, 0);
  const older = { pins: pins(cwd), article: readFileSync(path.join(cwd, ARTICLE), 'utf8') };
  edit(cwd, `${P1}\n\n${P2}\n\n${P3}\n\n${P4}\n`);
  assert.is((await runCli(['build', '--quiet'], cwd)).exitCode, 0);
  const published = idsOf(page(path.join(cwd, 'dist')));
  const current = pins(cwd);
  // Articles and id file taken back together, then a new paragraph written.
  writeFileSync(path.join(cwd, 'content/pinpoints.jsonl'), older.pins);
  writeFileSync(path.join(cwd, ARTICLE), older.article.replace(`${P3}\n`, `${P3}\n\nThe court may draw an adverse inference from a broken seal.\n`));
  for (const command of [['build'], ['build']]) {
    const run = await runCli(command, cwd);
    assert.is(run.exitCode, 1, run.stdout);
    assert.match(run.stderr, /content\/pinpoints\.jsonl:1:1 +error +is older than the one the last build read: the record of privilege-basics \(p004 given out, now "issued" 3\) went back.*Put back the current file \(git checkout HEAD -- content\/pinpoints\.jsonl\)/);
  }
  assert.equal(idsOf(page(path.join(cwd, 'dist'))), published, 'the published page is as it was');
  writeFileSync(path.join(cwd, 'content/pinpoints.jsonl'), current);
  assert.is((await runCli(['build', '--quiet'], cwd)).exitCode, 0);
  const now = idsOf(page(path.join(cwd, 'dist')));
  assert.ok(now.includes('privilege-basics-p004'), 'p004 stays, as a tombstone');
  assert.ok(now.includes('privilege-basics-p005'), 'the new paragraph takes a number never given out');
  assert.match(page(path.join(cwd, 'dist')), /<div class="tombstone" id="privilege-basics-p004"/);
});

test('an id file made afresh into an output folder that holds a build of articles is said once, as a warning: the file may have been lost', async () => {
  const first = site(`${P1}\n\n${P2}\n`);
  const made = await runCli(['build'], first);
  assert.is(made.exitCode, 0, made.stderr);
  assert.not.match(made.stdout + made.stderr, /id-file-created/, "a site's first build says nothing");
  rmSync(path.join(first, 'content/pinpoints.jsonl'));
  const again = await runCli(['build', '--no-cache'], first);
  assert.is(again.exitCode, 0, again.stderr);
  assert.match(again.stdout + again.stderr, /content\/pinpoints\.jsonl:1:1 +warning +was made afresh, but dist\/ holds a build of 2 articles: if the site had this file .*numbered afresh in page order/);
  const next = await runCli(['build', '--no-cache'], first);
  assert.not.match(next.stdout + next.stderr, /made afresh/, 'once');
});

test('a damaged id file is a content error at its line, and nothing is written', async () => {
  const cwd = site(`${P1}\n\n${P2}\n`);
  assert.is((await runCli(['build', '--quiet'], cwd)).exitCode, 0);
  const before = pins(cwd);
  const lines = before.split('\n');
  lines.splice(3, 0, '<<<<<<< HEAD');
  writeFileSync(path.join(cwd, 'content/pinpoints.jsonl'), lines.join('\n'));
  edit(cwd, `${P2}\n`);
  const result = await runCli(['build'], cwd);
  assert.is(result.exitCode, 1);
  assert.match(result.stderr, /content\/pinpoints\.jsonl:4:1 +error +is a merge conflict marker/);
  // The docs' advice, which works on a file a merge left unmerged (git checkout -- file does not).
  assert.match(result.stderr, /take the whole file from the side that was published .*git checkout --ours content\/pinpoints\.jsonl/i);
  assert.is(pins(cwd), lines.join('\n'), 'the file is left as it was');
});

test('a record changed under the build cache re-renders its article: incremental output equals a cold build', async () => {
  const cwd = site(`${P1}\n\n${P2}\n\n${P3}\n`);
  await buildInto(cwd, 'dist', { diskCache: true });
  edit(cwd, `${P4}\n\n${P1}\n\n${P3}\n`, '2025-10-01');
  await buildInto(cwd, 'dist', { diskCache: true });
  const recorded = pins(cwd);
  const cold = async () => {
    const out = path.join(tempDir(), 'cold');
    await buildInto(cwd, out, { pinpoints: 'read' });
    return out;
  };
  assertSameDist(path.join(cwd, 'dist'), await cold());
  // The file written again with the lines the article's ids were given against (a checkout of the
  // same version): a new stat, the same ids, so nothing is made again.
  writeFileSync(path.join(cwd, 'content/pinpoints.jsonl'), recorded);
  const back = await buildInto(cwd, 'dist', { diskCache: true, pinpoints: 'read' });
  assert.not.ok(back.written?.includes('articles/privilege-basics.html'));
  assertSameDist(path.join(cwd, 'dist'), await cold());
  // A record the article was never made with (p001 and p003 swapped by hand): made again, as cold.
  const at = recorded.indexOf('{"article":"privilege-basics"');
  const swapped = recorded.slice(0, at) + recorded.slice(at).replace('"id":"p001"', '"id":"pXXX"').replace('"id":"p003"', '"id":"p001"').replace('"id":"pXXX"', '"id":"p003"');
  writeFileSync(path.join(cwd, 'content/pinpoints.jsonl'), swapped);
  const again = await buildInto(cwd, 'dist', { diskCache: true, pinpoints: 'read' });
  assert.ok(again.written?.includes('articles/privilege-basics.html'), `the article is made again: ${again.written}`);
  assert.equal(idsOf(page(path.join(cwd, 'dist'))), ['privilege-basics-p004', 'privilege-basics-p003', 'privilege-basics-p002', 'privilege-basics-p001'], 'P1 and P3 take their swapped numbers, P2 is removed');
  assertSameDist(path.join(cwd, 'dist'), await cold());
  // Once a build has written the file, the next one finds nothing changed.
  await buildInto(cwd, 'dist', { diskCache: true });
  const settled = await buildInto(cwd, 'dist', { diskCache: true });
  assert.ok(settled.upToDate, `a build after the one that wrote the id file finds nothing changed: ${settled.written}`);
});

/** Builds on two worker threads, as a large site does (the id file is read while they read). */
const ON_WORKERS = { workers: 2, minPagesForWorkers: 1 };

test('on worker threads, an article unchanged since the last build is made again when its record changed, and only it', async () => {
  const cwd = site(`${P1}\n\n${P2}\n\n${P3}\n`);
  // Only a file two seconds older than the build that read it is known by its stat, unread.
  await new Promise((r) => setTimeout(r, 2100));
  await buildInto(cwd, 'dist', { ...ON_WORKERS, diskCache: true });
  const positional = pins(cwd);
  const at = positional.indexOf('{"article":"privilege-basics"');
  const swapped = positional.slice(0, at) + positional.slice(at).replace('"id":"p001"', '"id":"pXXX"').replace('"id":"p003"', '"id":"p001"').replace('"id":"pXXX"', '"id":"p003"');
  writeFileSync(path.join(cwd, 'content/pinpoints.jsonl'), swapped);
  const again = await buildInto(cwd, 'dist', { ...ON_WORKERS, diskCache: true, pinpoints: 'read' });
  assert.ok(again.written?.includes('articles/privilege-basics.html'), `the article is made again: ${again.written}`);
  assert.not.ok(again.written?.includes('articles/hashing-evidence.html'), 'the article whose record is as it was is not');
  assert.equal(idsOf(page(path.join(cwd, 'dist'))), ['privilege-basics-p003', 'privilege-basics-p002', 'privilege-basics-p001']);
  const cold = path.join(tempDir(), 'cold');
  await buildInto(cwd, cold, { pinpoints: 'read' });
  assertSameDist(path.join(cwd, 'dist'), cold);
});

test('on worker threads, a damaged id file is reported at its line together with the articles\' errors', async () => {
  const cwd = site(`${P1}\n\n${P2}\n`);
  await buildInto(cwd, 'dist', ON_WORKERS);
  const lines = pins(cwd).split('\n');
  lines.splice(3, 0, '<<<<<<< HEAD');
  writeFileSync(path.join(cwd, 'content/pinpoints.jsonl'), lines.join('\n'));
  writeFileSync(path.join(cwd, ARTICLE), FRONT.replace('title:', 'headline:') + P1);
  const result = await build({ contentDir: 'content', outDir: 'dist', cwd, write: true, retainFiles: false, ...ON_WORKERS });
  assert.not.ok(result.ok);
  const where = result.diagnostics.map((d) => `${d.file}:${d.line} ${d.rule}`);
  assert.equal(where, [`${ARTICLE}:2 unknown-field`, `${ARTICLE}:2 missing-field`, 'content/pinpoints.jsonl:4 invalid-pinpoints']);
  assert.is(pins(cwd), lines.join('\n'), 'the file is left as it was');
});

test("a renamed article (formerSlugs) keeps its record and numbers, and carries its old ids as second anchors", async () => {
  const cwd = site(`${P1}\n\n${P2}\n`);
  const article = (slug: string, more: string, body: string) => writeFileSync(path.join(cwd, `content/articles/${slug}.md`), `---\ntitle: Renamed\nsummary: An article that changes its slug.\ndatePublished: "2025-09-01"\ntags: [evidence]\n${more}---\n${body}`);
  article('old-name', '', `## Scope\n\n${P1}\n\n${P2}\n\n${P3}\n`);
  await buildInto(cwd, 'dist');
  rmSync(path.join(cwd, 'content/articles/old-name.md'));
  article('new-name', 'dateModified: "2025-10-01"\nformerSlugs: [old-name]\n', `## Scope\n\n${P1}\n\n${P3}\n`);
  const renamed = await buildInto(cwd, 'dist');
  assert.equal(renamed.pinpoints?.changed, ['new-name']);
  const html = readFileSync(path.join(cwd, 'dist/articles/new-name.html'), 'utf8');
  assert.equal(idsOf(html), ['scope', 'new-name-p001', 'new-name-p002', 'new-name-p003']);
  assert.match(html, /<p id="new-name-p001"><span id="old-name-p001"><\/span>/);
  assert.match(html, /<div class="tombstone" id="new-name-p002" role="note" hidden=""><span id="old-name-p002"><\/span>This paragraph was removed on <time datetime="2025-10-01">/);
  assert.match(html, /<p id="new-name-p003"><span id="old-name-p003"><\/span>/);
  assert.ok(pins(cwd).includes('{"article":"new-name","issued":3}'));
  assert.not.ok(pins(cwd).includes('"article":"old-name"'), 'the record moved to the new slug');
  const manifest = JSON.parse(readFileSync(path.join(cwd, 'dist/api/published.json'), 'utf8'));
  assert.equal(manifest.pages['/articles/new-name'].paragraphs, { 'new-name': 3, 'old-name': 3 });
  assert.is((await runCli(['check', '--quiet'], cwd)).exitCode, 0, 'the id file is up to date');
});

test('serve gives ids against the id file and never writes it; a failed build never touches it', async () => {
  const cwd = site(`${P1}\n\n${P2}\n`);
  await buildInto(cwd, 'dist');
  const recorded = pins(cwd);
  edit(cwd, `${P4}\n\n${P2}\n`);
  const served = await buildInto(cwd, 'dist', { pinpoints: 'read' });
  assert.equal(served.pinpoints, { file: 'content/pinpoints.jsonl', changed: ['privilege-basics'], written: false, created: false, moved: [] });
  assert.is(pins(cwd), recorded);
  assert.equal(idsOf(page(path.join(cwd, 'dist'))), ['privilege-basics-p001', 'privilege-basics-p003', 'privilege-basics-p002'], 'p001 removed (its tombstone first, where it stood), P4 new');
  writeFileSync(path.join(cwd, ARTICLE), FRONT.replace('tags: [privilege', 'tags: [nonsense') + P3);
  const failed = await build({ contentDir: 'content', outDir: 'dist', cwd, write: true, retainFiles: false });
  assert.not.ok(failed.ok);
  assert.is(pins(cwd), recorded);
  assert.equal(readdirSync(path.join(cwd, 'content')).filter((f) => f.startsWith('.pinpoints.jsonl.')), [], 'no temporary id file is left');
});

test('a content folder the id file cannot be written to: the site is built, and one line says what to do (exit 4)', async () => {
  await withTmpfs('size=4m', async (mnt) => {
    const cwd = site(`${P1}\n\n${P2}\n`);
    cpSync(path.join(cwd, 'content'), path.join(mnt, 'content'), { recursive: true });
    execFileSync('mount', ['-o', 'remount,ro', mnt]);
    const out = path.join(tempDir(), 'dist');
    const result = await runCli(['build', '--content', path.join(mnt, 'content'), '--out', out], cwd);
    assert.is(result.exitCode, 4, result.stderr);
    assert.match(result.stderr.trim(), /^legalsite: the site was built, but [^\n]*pinpoints\.jsonl could not be updated: [^\n]*read-only file system\. Run legalsite build again where it can be written, and commit it\.$/);
    assert.ok(existsSync(path.join(out, 'articles/privilege-basics.html')));
  });
});

test.run();
