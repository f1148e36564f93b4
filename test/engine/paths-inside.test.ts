/**
 * The article files' paths joined as strings (pathsInside) are exactly what path.join and the
 * build's working-folder-relative `rel` give, wherever the command runs: the relative path names a
 * file in diagnostics and keys its entry in the build cache.
 */
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { pathsInside } from '../../src/build/shards.js';

const test = suite('paths inside a folder');

const relFrom = (cwd: string) => (abs: string) => path.relative(cwd, abs).split(path.sep).join('/');

const content = path.resolve('/work/site/content');
const inside = ['articles/a.md', 'articles/chronology-basics.md', 'articles/é-accents.md'];
const workingFolders = {
  'the project': '/work/site',
  'the content folder': '/work/site/content',
  'its articles folder': '/work/site/content/articles',
  'a folder deep inside it': '/work/site/content/articles/drafts/old',
  'a sibling folder': '/work/site/scripts',
  'another tree': '/srv/other/place',
  'the root': '/',
};

for (const [where, cwd] of Object.entries(workingFolders)) {
  test(`run from ${where}`, () => {
    const rel = relFrom(path.resolve(cwd));
    const paths = pathsInside(content, rel);
    for (const p of inside) {
      const abs = path.join(content, p);
      assert.equal(paths(p), { abs, rel: rel(abs) }, p);
    }
  });
}

test('a content folder at the root', () => {
  const rel = relFrom(path.resolve('/work'));
  const root = path.resolve('/');
  assert.equal(pathsInside(root, rel)('articles/a.md'), { abs: path.join(root, 'articles/a.md'), rel: rel(path.join(root, 'articles/a.md')) });
});

test.run();
