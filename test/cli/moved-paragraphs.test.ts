/**
 * A paragraph moved to another article (an article split in two) is not lost to its pinpoint: the
 * build that finds its words gone from one article and new in another records where they went, and
 * the tombstone, the JSON mirror and a link's warning send the reader there. The output is what a
 * build from scratch gives with the id file as that build left it.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { build } from '../../src/build.js';
import { recordMoves } from '../../src/build/moved-paragraphs.js';
import { copyFixture, listFiles } from '../helpers/sites.js';

const test = suite('moved paragraphs');

const MOVED = 'A second heading with the same text gets its own id.';
const file = (dir: string, rel: string) => path.join(dir, 'content', rel);
const edit = (dir: string, rel: string, change: (text: string) => string) => writeFileSync(file(dir, rel), change(readFileSync(file(dir, rel), 'utf8')));
const buildIn = (dir: string, out = 'dist', cache = true) => build({ contentDir: 'content', outDir: out, cwd: dir, write: true, diskCache: cache });
const read = (dir: string, rel: string) => readFileSync(path.join(dir, rel), 'utf8');

/** The minimal site, built, then its hashing-evidence article's last paragraph moved into a new article. */
async function splitSite(): Promise<string> {
  const dir = copyFixture('minimal');
  assert.ok((await buildIn(dir)).ok);
  const today = new Date().toISOString().slice(0, 10);
  edit(dir, 'articles/hashing-evidence.md', (t) => t.replace(`${MOVED}\n`, '').replace('dateModified: "2025-08-26"', `dateModified: "${today}"`));
  writeFileSync(file(dir, 'articles/copies-and-ids.md'), `---\ntitle: Copies and ids\nsummary: Where the words went.\ndatePublished: "${today}"\ntags: [evidence]\njurisdiction: Global\n---\nAn opening paragraph of its own.\n\n${MOVED}\n`);
  return dir;
}

test('the tombstone of a paragraph moved to another article links to it there; the id file and the JSON mirror say where', async () => {
  const dir = await splitSite();
  const result = await buildIn(dir);
  assert.ok(result.ok, JSON.stringify(result.diagnostics));
  assert.equal(result.pinpoints?.moved, ['hashing-evidence']);
  const page = read(dir, 'dist/articles/hashing-evidence.html');
  assert.match(page, /<div class="tombstone" id="hashing-evidence-p003" role="note" hidden="">This paragraph was removed on <time datetime="[\d-]+">[^<]+<\/time>\. Its text now stands in another article, as <a href="\/articles\/copies-and-ids#copies-and-ids-p002">paragraph 2<\/a>\.<\/div>/);
  // Where it went: the paragraph with those words.
  assert.match(read(dir, 'dist/articles/copies-and-ids.html'), new RegExp(`<p id="copies-and-ids-p002">${MOVED}<a class="para-link"`));
  assert.match(read(dir, 'content/pinpoints.jsonl'), /\{"id":"p003",[^\n]*"removed":"[\d-]+","movedTo":"copies-and-ids#p002"\}/);
  const mirror = JSON.parse(read(dir, 'dist/articles/hashing-evidence.json'));
  assert.equal(mirror.sections.removed.find((r: { id: string }) => r.id === 'hashing-evidence-p003').movedTo, '/articles/copies-and-ids#copies-and-ids-p002');
  // Nothing left to do: the next build finds everything as it is.
  const again = await buildIn(dir);
  assert.ok(again.upToDate, 'up to date');
});

test('the output is what a build from scratch gives with the id file as it now is', async () => {
  const dir = await splitSite();
  assert.ok((await buildIn(dir)).ok);
  const cold = await buildIn(dir, 'cold', false);
  assert.ok(cold.ok);
  const compared = listFiles(path.join(dir, 'dist')).filter((f) => f.startsWith('articles/') || f === 'api/published.json');
  assert.ok(compared.includes('articles/hashing-evidence.html') && compared.includes('articles/hashing-evidence.json'));
  for (const f of compared) assert.ok(read(dir, `dist/${f}`) === read(dir, `cold/${f}`), `${f} is the same`);
});

test('a link into the moved paragraph is a warning naming where its text now stands', async () => {
  const dir = await splitSite();
  edit(dir, 'articles/privilege-basics.md', (t) => `${t}\nSee [the note on ids](/articles/hashing-evidence#hashing-evidence-p003).\n`);
  const result = await buildIn(dir);
  assert.ok(result.ok, JSON.stringify(result.diagnostics));
  const warnings = result.diagnostics.filter((d) => d.rule === 'link-to-removed-text');
  assert.is(warnings.length, 1, 'said once, in the second pass\'s words');
  assert.match(warnings[0].message, /points at paragraph 3 of hashing-evidence, removed on .*: a reader finds its notice, which links to where its text now stands$/);
  assert.is(warnings[0].hint, 'Link to /articles/copies-and-ids#copies-and-ids-p002, where its text now stands.');
});

test('a heading moved with its section links there too; a heading alone is no move', async () => {
  const dir = copyFixture('minimal');
  assert.ok((await buildIn(dir)).ok);
  const today = new Date().toISOString().slice(0, 10);
  edit(dir, 'articles/hashing-evidence.md', (t) => t.replace(`## Why it matters\n\n${MOVED}\n`, '').replace('dateModified: "2025-08-26"', `dateModified: "${today}"`));
  writeFileSync(file(dir, 'articles/copies-and-ids.md'), `---\ntitle: Copies and ids\nsummary: Where the words went.\ndatePublished: "${today}"\ntags: [evidence]\njurisdiction: Global\n---\nAn opening paragraph of its own.\n\n## Why it matters\n\n${MOVED}\n`);
  const result = await buildIn(dir);
  assert.ok(result.ok, JSON.stringify(result.diagnostics));
  const page = read(dir, 'dist/articles/hashing-evidence.html');
  assert.match(page, /<div class="tombstone" id="why-it-matters-2" role="note" hidden="">This heading was removed on <time[^>]*>[^<]+<\/time>\. Its section now stands in another article, under <a href="\/articles\/copies-and-ids#why-it-matters">“Why it matters”<\/a>\.<\/div>/);
  assert.match(read(dir, 'content/pinpoints.jsonl'), /\{"heading":"why-it-matters-2","text":"Why it matters","removed":"[\d-]+","movedTo":"copies-and-ids#why-it-matters"\}/);
  // The first "Why it matters" stayed: the heading moved is the one whose paragraph went.
  assert.match(page, /<h2 id="why-it-matters">/);
});

test('a split undone: the words back at their old number, the other article\'s notice links there', async () => {
  const dir = await splitSite();
  assert.ok((await buildIn(dir)).ok);
  edit(dir, 'articles/copies-and-ids.md', (t) => t.replace(`\n${MOVED}\n`, '\n'));
  edit(dir, 'articles/hashing-evidence.md', (t) => t.replace('\n\n\n```', `\n\n${MOVED}\n\n\`\`\``));
  const result = await buildIn(dir);
  assert.ok(result.ok, JSON.stringify(result.diagnostics));
  assert.match(read(dir, 'dist/articles/hashing-evidence.html'), new RegExp(`<p id="hashing-evidence-p003">${MOVED}`));
  assert.match(read(dir, 'dist/articles/copies-and-ids.html'), /<div class="tombstone" id="copies-and-ids-p002"[^>]*>This paragraph was removed on .*as <a href="\/articles\/hashing-evidence#hashing-evidence-p003">paragraph 3<\/a>\.<\/div>/);
});

test('deleting the article a paragraph moved to: the notices that linked there say only when the text was removed, and the warning says so', async () => {
  const dir = await splitSite();
  assert.ok((await buildIn(dir)).ok);
  rmSync(file(dir, 'articles/copies-and-ids.md'));
  const result = await buildIn(dir);
  assert.ok(result.ok, JSON.stringify(result.diagnostics));
  const gone = result.diagnostics.find((d) => d.rule === 'gone-address');
  assert.match(gone?.message ?? '', /^the article copies-and-ids is gone: .*; the removal notices of paragraphs moved there from hashing-evidence no longer link to it$/);
  // No link on the page ends on the 404 page.
  const page = read(dir, 'dist/articles/hashing-evidence.html');
  assert.match(page, /<div class="tombstone" id="hashing-evidence-p003" role="note" hidden="">This paragraph was removed on <time[^>]*>[^<]+<\/time>\.<\/div>/);
  assert.not.match(page, /copies-and-ids/);
  assert.not.match(read(dir, 'content/pinpoints.jsonl'), /"movedTo":"copies-and-ids#/);
  // What a build from scratch gives, and nothing left to do.
  assert.ok((await buildIn(dir)).upToDate);
  assert.ok((await buildIn(dir, 'cold', false)).ok);
  assert.is(read(dir, 'cold/articles/hashing-evidence.html'), page);
});

test('the pointer goes whatever the output folder holds: a first build elsewhere (a fresh clone, CI) takes it out too, and check calls the id file out of date', async () => {
  const dir = await splitSite();
  assert.ok((await buildIn(dir)).ok);
  rmSync(file(dir, 'articles/copies-and-ids.md'));
  const check = await build({ contentDir: 'content', outDir: 'dist', cwd: dir, write: false });
  assert.equal(check.diagnostics.filter((d) => d.severity === 'error').map((d) => d.rule), ['stale-pinpoints']);
  const fresh = await buildIn(dir, 'fresh', false);
  assert.ok(fresh.ok, JSON.stringify(fresh.diagnostics));
  assert.not.match(read(dir, 'fresh/articles/hashing-evidence.html'), /copies-and-ids/);
  assert.not.match(read(dir, 'content/pinpoints.jsonl'), /"movedTo":"copies-and-ids#/);
});

test('only words new in the other article count: text it had before, or that stayed in the same article, is no move', () => {
  const rec = (slug: string, issued: number, ...entries: object[]) => [JSON.stringify({ article: slug, issued }), ...entries.map((e) => JSON.stringify(e))].join('\n');
  const p = (n: number, hash: string, extra: object = {}) => ({ id: `p00${n}`, hash, sketch: 'BFEagCbuLwg_bUNPY8p094ShxQfvlA', start: '', ...extra });
  const removed = { removed: '2026-12-01' };
  const moves = recordMoves([
    { slug: 'a', before: rec('a', 2, p(1, '1111111111111111'), p(2, '2222222222222222')), after: rec('a', 2, p(1, '1111111111111111'), p(2, '2222222222222222', removed)) },
    // b already had that text: boilerplate both share, not a move.
    { slug: 'b', before: rec('b', 1, p(1, '2222222222222222')), after: rec('b', 2, p(1, '2222222222222222'), p(2, '3333333333333333')) },
  ]);
  assert.equal(moves.size, 0);
  const moved = recordMoves([
    { slug: 'a', before: rec('a', 2, p(1, '1111111111111111'), p(2, '2222222222222222')), after: rec('a', 2, p(1, '1111111111111111'), p(2, '2222222222222222', removed)) },
    { slug: 'c', before: undefined, after: rec('c', 1, p(1, '2222222222222222')) },
  ]);
  assert.equal([...moved.keys()], ['a']);
  assert.match(moved.get('a')!, /"id":"p002",.*"removed":"2026-12-01","movedTo":"c#p001"/);
  // The same words new in two articles at once: no telling which it went to.
  const twice = recordMoves([
    { slug: 'a', before: rec('a', 2, p(1, '1111111111111111'), p(2, '2222222222222222')), after: rec('a', 2, p(1, '1111111111111111'), p(2, '2222222222222222', removed)) },
    { slug: 'c', before: undefined, after: rec('c', 1, p(1, '2222222222222222')) },
    { slug: 'd', before: undefined, after: rec('d', 1, p(1, '2222222222222222')) },
  ]);
  assert.is(twice.size, 0);
  // A copy removed while the article keeps another has not left it.
  const kept = recordMoves([
    { slug: 'a', before: rec('a', 3, p(1, '2222222222222222'), p(2, '2222222222222222')), after: rec('a', 3, p(1, '2222222222222222'), p(2, '2222222222222222', removed)) },
    { slug: 'c', before: undefined, after: rec('c', 1, p(1, '2222222222222222')) },
  ]);
  assert.is(kept.size, 0);
  // A heading alone, with no paragraph of its section going the same way, is no move.
  const h = (id: string, text: string, extra: object = {}) => ({ heading: id, text, ...extra });
  const alone = recordMoves([
    { slug: 'a', before: rec('a', 1, h('overview', 'Overview'), p(1, '1111111111111111')), after: rec('a', 1, h('overview', 'Overview', removed), p(1, '1111111111111111')) },
    { slug: 'c', before: undefined, after: rec('c', 1, h('overview', 'Overview'), p(1, '4444444444444444')) },
  ]);
  assert.is(alone.size, 0);
  // Only where its own section's paragraphs went: A's Summary section deleted, its Costs section
  // moved to b, which has a Summary of its own.
  const sections = recordMoves([
    { slug: 'a', before: rec('a', 2, h('summary', 'Summary'), p(1, '1111111111111111'), h('costs', 'Costs'), p(2, '2222222222222222')), after: rec('a', 2, h('summary', 'Summary', removed), p(1, '1111111111111111', removed), h('costs', 'Costs', removed), p(2, '2222222222222222', removed)) },
    { slug: 'b', before: undefined, after: rec('b', 2, h('summary', 'Summary'), p(1, '5555555555555555'), h('costs', 'Costs'), p(2, '2222222222222222')) },
  ]);
  const lines = sections.get('a')!;
  assert.match(lines, /\{"heading":"costs","text":"Costs","removed":"2026-12-01","movedTo":"b#costs"\}/);
  assert.match(lines, /\{"heading":"summary","text":"Summary","removed":"2026-12-01"\}/);
});

test('the second pass counts its changes from what the first did: changes.json still lists the new article, for notify', async () => {
  const dir = await splitSite();
  assert.ok((await buildIn(dir)).ok);
  const changes = JSON.parse(read(dir, 'dist/_legalsite/changes.json'));
  assert.ok(changes.created.includes('article:copies-and-ids'), JSON.stringify(changes));
  assert.ok(changes.updated.includes('article:hashing-evidence'), JSON.stringify(changes));
});

test.run();
