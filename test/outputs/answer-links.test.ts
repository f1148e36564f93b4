/** An article without an answer has no answer box and no `.answer.json`: nothing the site publishes
 * points at either (the citation example of /for-ai-systems, the IndexNow lists notify sends). The
 * minimal site's newest article, privilege-basics, has no answer. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { build } from '../../src/build.js';
import { fileForUrl } from '../helpers/shipped-build.js';
import { copyFixture, readJson, tempDir } from '../helpers/sites.js';

const test = suite('answer links');

async function minimalBuild(): Promise<{ dist: string; base: string }> {
  const cwd = copyFixture('minimal');
  const dist = path.join(tempDir(), 'dist');
  const result = await build({ contentDir: 'content', outDir: dist, cwd, write: true });
  assert.ok(result.ok, 'the minimal site builds');
  const base = (readFileSync(path.join(cwd, 'content/site.yaml'), 'utf8').match(/^baseUrl:\s*"?([^"\s]+)"?/m) ?? [])[1];
  assert.ok(base, 'site.yaml names its baseUrl');
  return { dist, base: base.replace(/\/$/, '') };
}

const ids = (html: string) => new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]));

test('the /for-ai-systems citation example cites an answer box that exists', async () => {
  const { dist, base } = await minimalBuild();
  const page = readFileSync(path.join(dist, 'for-ai-systems.html'), 'utf8');
  const cited = page.match(new RegExp(`${base.replace(/[.]/g, '\\.')}/articles/[a-z0-9-]+(#[a-z0-9-]+)?`));
  assert.ok(cited, 'the page shows an example citation of an article');
  const [url, fragment] = cited[0].split('#');
  assert.is(url, `${base}/articles/hashing-evidence`, 'the newest article with an answer');
  const target = readFileSync(path.join(dist, 'articles/hashing-evidence.html'), 'utf8');
  assert.is(fragment, 'answer');
  assert.ok(ids(target).has(fragment), 'the page has the element the fragment names');
  assert.not.ok(ids(readFileSync(path.join(dist, 'articles/privilege-basics.html'), 'utf8')).has('answer'), 'the article without an answer has no answer box');
});

test('every URL notify would send to IndexNow is a file of the build', async () => {
  const { dist, base } = await minimalBuild();
  const changes = readJson(path.join(dist, '_legalsite/changes.json')) as { urls: Record<string, string[]> };
  const urls = Object.values(changes.urls).flat();
  assert.ok(urls.includes(`${base}/articles/privilege-basics.json`), 'a new build announces every article');
  assert.ok(urls.includes(`${base}/articles/hashing-evidence.answer.json`));
  const missing = urls.filter((u) => !fileForUrl(dist, u.slice(base.length) || '/').some((f) => existsSync(f)));
  assert.equal(missing, [], 'no URL that would answer 404');
});

test.run();
