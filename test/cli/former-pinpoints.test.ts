/**
 * A former slug's pinpoints land on the paragraphs they were published for, whatever the article's
 * own numbers: an article renamed in two builds (without formerSlugs first, then with), and one
 * that took in another article's paragraphs and lists its slug. Both used to carry each old id on
 * the paragraph with the same number, so `#{old}-p002` landed on other words.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { build } from '../../src/build.js';
import { copyFixture } from '../helpers/sites.js';

const test = suite('former slugs\' pinpoints');

const file = (dir: string, rel: string) => path.join(dir, 'content', rel);
const edit = (dir: string, rel: string, change: (text: string) => string) => writeFileSync(file(dir, rel), change(readFileSync(file(dir, rel), 'utf8')));
async function buildIn(dir: string) {
  const result = await build({ contentDir: 'content', outDir: 'dist', cwd: dir, write: true });
  assert.ok(result.ok, JSON.stringify(result.diagnostics));
  return result;
}

/** Each id on a page, with the first word of the paragraph it stands in. */
function anchors(dir: string, slug: string): Map<string, string> {
  const html = readFileSync(path.join(dir, 'dist/articles', `${slug}.html`), 'utf8');
  const out = new Map<string, string>();
  for (const m of html.matchAll(/<p id="([^"]+)">((?:<span id="[^"]+"><\/span>)*)([A-Z][a-z]+)/g)) {
    out.set(m[1], m[3]);
    for (const s of m[2].matchAll(/id="([^"]+)"/g)) out.set(s[1], m[3]);
  }
  return out;
}

/** The minimal site with privilege-basics given four paragraphs whose numbers are not in page order
 * (its first paragraph, p001, replaced). */
async function basicsWithHistory(): Promise<string> {
  const dir = copyFixture('minimal');
  edit(dir, 'articles/privilege-basics.md', (t) => t.replace(/\n[^\n]*\n$/, '\nAlpha paragraph about privilege protecting legal advice.\n\nBravo paragraph on how a privilege log lists what is withheld.\n\nCharlie paragraph on waiver and its limits.\n'));
  await buildIn(dir);
  edit(dir, 'articles/privilege-basics.md', (t) => t.replace('Alpha paragraph', 'Zulu paragraph inserted at the top about scope.\n\nAlpha paragraph'));
  await buildIn(dir);
  const basics = anchors(dir, 'privilege-basics');
  assert.equal([...basics].map(([id, word]) => `${id} ${word}`), ['privilege-basics-p005 Zulu', 'privilege-basics-p002 Alpha', 'privilege-basics-p003 Bravo', 'privilege-basics-p004 Charlie']);
  return dir;
}

test('renamed in two builds: the old ids land where they were published', async () => {
  const dir = await basicsWithHistory();
  writeFileSync(file(dir, 'articles/privilege-essentials.md'), readFileSync(file(dir, 'articles/privilege-basics.md'), 'utf8'));
  rmSync(file(dir, 'articles/privilege-basics.md'));
  for (const rel of ['site.yaml', 'articles/hashing-evidence.md']) edit(dir, rel, (t) => t.replaceAll('privilege-basics', 'privilege-essentials'));
  await buildIn(dir);
  // The new slug numbered its paragraphs afresh, in page order.
  assert.is(anchors(dir, 'privilege-essentials').get('privilege-essentials-p001'), 'Zulu');
  edit(dir, 'articles/privilege-essentials.md', (t) => t.replace('title: Privilege basics', 'title: Privilege basics\nformerSlugs: [privilege-basics]'));
  await buildIn(dir);
  const page = anchors(dir, 'privilege-essentials');
  for (const [id, word] of [['privilege-basics-p005', 'Zulu'], ['privilege-basics-p002', 'Alpha'], ['privilege-basics-p003', 'Bravo'], ['privilege-basics-p004', 'Charlie'], ['privilege-essentials-p001', 'Zulu']]) assert.is(page.get(id), word, id);
  // Built again with nothing changed: the same page (the former record is part of the article's key).
  const before = readFileSync(path.join(dir, 'dist/articles/privilege-essentials.html'), 'utf8');
  await buildIn(dir);
  assert.is(readFileSync(path.join(dir, 'dist/articles/privilege-essentials.html'), 'utf8'), before);
});

test('an article that took in another: the other\'s ids land on its paragraphs, not on the same numbers', async () => {
  const dir = await basicsWithHistory();
  const basicsBody = readFileSync(file(dir, 'articles/privilege-basics.md'), 'utf8').split('---\n')[2];
  edit(dir, 'articles/hashing-evidence.md', (t) => t.replace('title: Hashing evidence', 'title: Hashing evidence\nformerSlugs: [privilege-basics]').replace(/\n*$/, `\n\n${basicsBody}`));
  rmSync(file(dir, 'articles/privilege-basics.md'));
  edit(dir, 'site.yaml', (t) => t.replace('latestArticles: [hashing-evidence, privilege-basics]', 'latestArticles: [hashing-evidence]'));
  edit(dir, 'articles/hashing-evidence.md', (t) => t.replace(', articles/privilege-basics]', ']').replace(' See [the basics](/articles/privilege-basics).', ''));
  await buildIn(dir);
  const page = anchors(dir, 'hashing-evidence');
  for (const [id, word] of [['privilege-basics-p005', 'Zulu'], ['privilege-basics-p002', 'Alpha'], ['privilege-basics-p004', 'Charlie']]) assert.is(page.get(id), word, id);
  // The article's own first paragraph is no paragraph of privilege-basics.
  assert.ok(![...page].some(([id, word]) => id.startsWith('privilege-basics-') && word === 'A'), 'no old id on the article\'s own paragraphs');
  // Nor is one of its own removed paragraphs: a removal notice of the article's numbering carries no
  // old id of the other's (it did, so the other's #privilege-basics-p002 stood twice on the page).
  edit(dir, 'articles/hashing-evidence.md', (t) => t.replace('Every copy is checked against the hash value taken at acquisition.\n', ''));
  await buildIn(dir);
  const html = readFileSync(path.join(dir, 'dist/articles/hashing-evidence.html'), 'utf8');
  const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
  assert.equal(ids.filter((id, i) => ids.indexOf(id) !== i), [], 'no id twice');
  assert.match(html, /<div class="tombstone" id="hashing-evidence-p002" role="note" hidden="">This paragraph/);
  assert.is(anchors(dir, 'hashing-evidence').get('privilege-basics-p002'), 'Alpha');
});

test('renamed twice, the first time built before its formerSlugs were listed, then listing both: the current record is the one built on, not the oldest', async () => {
  const dir = await basicsWithHistory();
  const rename = (from: string, to: string, formers: string) => {
    writeFileSync(file(dir, `articles/${to}.md`), readFileSync(file(dir, `articles/${from}.md`), 'utf8').replace(/\nformerSlugs: \[[^\]]*\]/, '').replace('title: Privilege basics', `title: Privilege basics\nformerSlugs: [${formers}]`));
    rmSync(file(dir, `articles/${from}.md`));
    for (const rel of ['site.yaml', 'articles/hashing-evidence.md']) edit(dir, rel, (t) => t.replaceAll(from, to));
  };
  // The first rename built before its formerSlugs were listed: the old slug's record stays.
  rename('privilege-basics', 'privilege-essentials', '');
  await buildIn(dir);
  edit(dir, 'articles/privilege-essentials.md', (t) => t.replace('formerSlugs: []', 'formerSlugs: [privilege-basics]'));
  await buildIn(dir);
  // Under the second slug: Echo added, then Delta inserted before it, each in a build of its own.
  edit(dir, 'articles/privilege-essentials.md', (t) => t.replace(/\n*$/, '\n\nEcho paragraph on the log\'s review by the court.\n'));
  await buildIn(dir);
  edit(dir, 'articles/privilege-essentials.md', (t) => t.replace('Echo paragraph', 'Delta paragraph on the duty to preserve documents.\n\nEcho paragraph'));
  await buildIn(dir);
  const published = anchors(dir, 'privilege-essentials');
  const numberOf = (word: string) => [...published].find(([id, w]) => w === word && id.startsWith('privilege-essentials-'))![0].replace('privilege-essentials-', '');
  const [echo, delta] = [numberOf('Echo'), numberOf('Delta')];
  assert.ok(echo < delta, `Echo (${echo}) was numbered before Delta (${delta})`);
  rename('privilege-essentials', 'privilege-primer', 'privilege-basics, privilege-essentials');
  await buildIn(dir);
  const page = anchors(dir, 'privilege-primer');
  for (const [id, word] of [[`privilege-primer-${echo}`, 'Echo'], [`privilege-primer-${delta}`, 'Delta'], [`privilege-essentials-${echo}`, 'Echo'], [`privilege-essentials-${delta}`, 'Delta'], ['privilege-basics-p002', 'Alpha']]) assert.is(page.get(id), word, id);
});

test.run();
