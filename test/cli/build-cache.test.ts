/** The build cache and worker rendering never change the output: warm builds, builds after one
 * change and multi-threaded builds are byte-identical to cold single-threaded builds. */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { build } from '../../src/build.js';
import { createBuildCache } from '../../src/build-cache.js';
import { copyFixture, listFiles, runCli } from '../helpers/sites.js';

const test = suite('build cache and workers');

function assertSameDist(a: string, b: string) {
  const files = (d: string) => listFiles(d).filter((f) => f !== '_legalsite/changes.json');
  assert.equal(files(a), files(b));
  for (const f of files(a)) assert.ok(readFileSync(path.join(a, f)).equals(readFileSync(path.join(b, f))), `${f} is identical`);
}

test('a warm build (disk cache) is byte-identical to a cold one, also after one changed article', async () => {
  const cwd = copyFixture('minimal');
  assert.is((await runCli(['build', '--quiet', '--out', 'warm'], cwd)).exitCode, 0);
  assert.ok(listFiles(path.join(cwd, '.legalsite-cache')).length === 1, 'the cache is saved');
  assert.is((await runCli(['build', '--quiet', '--out', 'warm'], cwd)).exitCode, 0);
  assert.is((await runCli(['build', '--quiet', '--no-cache', '--out', 'cold'], cwd)).exitCode, 0);
  assertSameDist(path.join(cwd, 'warm'), path.join(cwd, 'cold'));
  const f = path.join(cwd, 'content/articles/privilege-basics.md');
  writeFileSync(f, readFileSync(f, 'utf8').replace('Privilege protects', 'Privilege shields'));
  assert.is((await runCli(['build', '--quiet', '--out', 'warm'], cwd)).exitCode, 0);
  assert.is((await runCli(['build', '--quiet', '--no-cache', '--out', 'cold'], cwd)).exitCode, 0);
  assertSameDist(path.join(cwd, 'warm'), path.join(cwd, 'cold'));
  assert.match(readFileSync(path.join(cwd, 'warm/articles/privilege-basics.html'), 'utf8'), /Privilege shields/);
});

test('cached pages are reused only for identical inputs', async () => {
  const cwd = copyFixture('minimal');
  const cache = createBuildCache();
  const first = await build({ contentDir: 'content', outDir: 'dist', cwd, write: false, cache });
  for (const key of cache.pages.keys()) cache.pages.set(key, 'STALE');
  const again = await build({ contentDir: 'content', outDir: 'dist', cwd, write: false, cache });
  assert.ok(again.files.some((f) => f.body === 'STALE'), 'unchanged pages come from the cache');
  const rebased = await build({ contentDir: 'content', outDir: 'dist', cwd, write: false, cache, baseUrl: 'https://staging.example.org' });
  assert.not.ok(rebased.files.some((f) => f.body === 'STALE'), 'pages whose inputs changed are rendered again');
  assert.ok(first.ok && again.ok && rebased.ok);
});

test('pages and article bodies rendered on worker threads give the same bytes as the main thread', async () => {
  const cwd = copyFixture('minimal');
  const one = await build({ contentDir: 'content', outDir: 'dist', cwd, write: false, workers: 1 });
  const two = await build({ contentDir: 'content', outDir: 'dist', cwd, write: false, workers: 2, minPagesForWorkers: 1 });
  assert.is(two.files.length, one.files.length);
  one.files.forEach((f, i) => assert.ok(Buffer.from(f.body).equals(Buffer.from(two.files[i].body)), f.path));
});

test.run();
