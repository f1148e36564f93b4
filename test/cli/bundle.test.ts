/** What the installed CLI (its bundles, lib/bundle/) keeps for itself between builds works when the
 * bundles make it: the schemas' standalone code is made once, loads, and is then only read. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { packageCopy } from '../helpers/package-copy.js';
import { copyFixture } from '../helpers/sites.js';

const test = suite('bundle');

test("the bundled CLI makes the schemas' standalone code once, code that loads, and then only reads it", async () => {
  const pkg = packageCopy({ ownCache: true });
  const site = copyFixture('minimal');
  const build = () => execa('node', [path.join(pkg, 'bin', 'legalsite.js'), 'build', '--quiet'], { cwd: site, reject: false, env: { NO_COLOR: '1' } });
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
  const made = statSync(file).mtimeMs;
  const second = await build();
  assert.is(second.exitCode, 0, second.stderr);
  assert.equal(readdirSync(dir), files);
  assert.is(statSync(file).mtimeMs, made, 'read, not made again');
});

test.run();
