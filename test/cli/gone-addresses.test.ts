/** A build warns of every address the last build published that it no longer has (an article or a
 * term deleted, or renamed without formerSlugs), and not of a renamed one whose old address redirects. */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { build } from '../../src/build.js';
import { goneAddressWarnings } from '../../src/build/gone-addresses.js';
import { copyFixture } from '../helpers/sites.js';

const test = suite('gone addresses');

const edit = (dir: string, file: string, change: (text: string) => string) => writeFileSync(path.join(dir, 'content', file), change(readFileSync(path.join(dir, 'content', file), 'utf8')));
const buildIn = (dir: string) => build({ contentDir: 'content', outDir: 'dist', cwd: dir, write: true });

/** The minimal site, built, with every link to privilege-basics removed. */
async function builtWithoutLinksToBasics(): Promise<string> {
  const dir = copyFixture('minimal');
  edit(dir, 'site.yaml', (t) => t.replace('latestArticles: [hashing-evidence, privilege-basics]', 'latestArticles: [hashing-evidence]'));
  edit(dir, 'articles/hashing-evidence.md', (t) => t.replace(', articles/privilege-basics]', ']').replace(' See [the basics](/articles/privilege-basics).', ''));
  const first = await buildIn(dir);
  assert.ok(first.ok, JSON.stringify(first.diagnostics));
  assert.equal(first.diagnostics, []);
  return dir;
}

test('a deleted article is a warning naming its address and how to keep it', async () => {
  const dir = await builtWithoutLinksToBasics();
  rmSync(path.join(dir, 'content/articles/privilege-basics.md'));
  const result = await buildIn(dir);
  assert.ok(result.ok, JSON.stringify(result.diagnostics));
  assert.equal(result.diagnostics, [
    {
      file: 'content/articles/',
      line: 0,
      column: 0,
      field: '',
      message: 'the article privilege-basics is gone: the last build published it at /articles/privilege-basics, and links and citations to that address now end on the 404 page',
      hint: "If another article replaces it, list privilege-basics under that article's formerSlugs, and the address redirects there; to keep the page, restore its file.",
      rule: 'gone-address',
      severity: 'warning',
    },
  ]);
  // Said once: the next build's last build did not publish it.
  assert.equal((await buildIn(dir)).diagnostics, []);
});

test('a renamed article whose old slug is under formerSlugs keeps its address: no warning', async () => {
  const dir = await builtWithoutLinksToBasics();
  const basics = path.join(dir, 'content/articles/privilege-basics.md');
  writeFileSync(path.join(dir, 'content/articles/privilege-essentials.md'), readFileSync(basics, 'utf8').replace('title: Privilege basics', 'title: Privilege basics\nformerSlugs: [privilege-basics]'));
  rmSync(basics);
  const result = await buildIn(dir);
  assert.ok(result.ok, JSON.stringify(result.diagnostics));
  assert.equal(result.diagnostics, []);
});

test('terms and datasets too; an address still made (a redirect) is not gone', () => {
  const warnings = goneAddressWarnings({ deleted: ['article:renamed', 'dataset:custody-log', 'glossary:hash-value'] }, new Set(['/articles/renamed']), 'site/content');
  assert.equal(warnings.map((w) => [w.file, w.rule, w.severity]), [['site/content/datasets/', 'gone-address', 'warning'], ['site/content/glossary/', 'gone-address', 'warning']]);
  assert.is(warnings[0].message, 'the dataset custody-log is gone: the last build published it at /datasets/custody-log, and links and citations to that address now end on the 404 page');
  assert.is(warnings[0].hint, 'Deleting is yours to decide; restore the file to keep the address.');
  assert.match(warnings[1].hint!, /^If another glossary term replaces it, list hash-value under that term's formerSlugs/);
});

test.run();
