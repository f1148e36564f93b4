/** What the installed CLI (its bundles, lib/bundle/) keeps for itself between builds works when the
 * bundles make it: each thread's compiled code is kept, and the schemas' standalone code is made
 * once, loads, and is then only read, by the main thread and by the shards (each thread is a bundle
 * of its own). */
import { appendFileSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { packageCopy } from '../helpers/package-copy.js';
import { copyFixture } from '../helpers/sites.js';

const test = suite('bundle');

test("the bundled CLI keeps every thread's compiled code, and makes the schemas' standalone code once, code that loads and every thread then reads", async () => {
  const pkg = packageCopy({ ownCache: true });
  const site = copyFixture('minimal');
  // Enough articles for the CLI to read them on worker threads (it keeps small sites on one).
  const filler = readFileSync(path.join(site, 'content/articles/privilege-basics.md'), 'utf8');
  for (let i = 0; i < 210; i++) writeFileSync(path.join(site, `content/articles/filler-${i}.md`), filler);
  const build = () => execa('node', [path.join(pkg, 'bin', 'legalsite.js'), 'build', '--quiet', '--no-cache', '--workers', '2'], { cwd: site, reject: false, env: { NO_COLOR: '1' } });
  const first = await build();
  assert.is(first.exitCode, 0, first.stderr);
  const dir = path.join(pkg, 'node_modules', '.cache', 'legalsite', 'validators');
  const files = readdirSync(dir);
  assert.is(files.length, 1, files.join(', '));
  const file = path.join(dir, files[0]);
  // As standalone-validators.ts loads it: CommonJS asking for ajv's runtime and legalsite's formats.
  const module = { exports: {} as Record<string, unknown> };
  const requireFor = (id: string) => (id === 'legalsite:formats' ? new Proxy({}, { get: () => ({ validate: () => true }) }) : ({ default: () => 0 }));
  new Function('require', 'module', 'exports', readFileSync(file, 'utf8'))(requireFor, module, module.exports);
  for (const id of ['article', 'term', 'dataset', 'page', 'site', 'templates-index']) assert.type(module.exports[id], 'function', id);
  // Every thread's compiled code is kept as it ends, the shards' too: an idle shard ends itself when
  // its pool closes (engine/shard-pool.ts), where a stopped thread would keep nothing.
  const kept = readdirSync(path.join(pkg, 'node_modules', '.cache', 'legalsite', 'code')).map((f) => f.replace(/-[0-9a-f]+\.v8$/, ''));
  assert.ok(kept.includes('cli') && kept.includes('shard-worker'), kept.join(', '));
  const made = statSync(file).mtimeMs;
  const second = await build();
  assert.is(second.exitCode, 0, second.stderr);
  assert.equal(readdirSync(dir), files);
  assert.is(statSync(file).mtimeMs, made, 'read, not made again');
  // The shards, which read the articles, use it too: an article validator that rejects every title,
  // put in the file, fails the build (a shard that compiled the schemas instead would pass it).
  appendFileSync(file, `\n;exports.article = function reject(data) { reject.errors = [{ instancePath: '/title', schemaPath: '#/properties/title/minLength', keyword: 'minLength', params: { limit: 1 }, message: 'kept code', data: data.title }]; return false; };\n`);
  const third = await build();
  assert.is(third.exitCode, 1, third.stderr);
  assert.match(third.stderr, /title/);
});

test.run();
