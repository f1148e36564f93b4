/** The browser bundle and stylesheet kept between runs: used only while every file they were made
 * of is unchanged, never when one may have changed while it was read, and a kept file that cannot
 * be read back counts as none. */
import { existsSync, mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { bundleClient } from '../../src/bundle/client-bundle.js';
import { keep, type KeptPlace, readKept } from '../../src/bundle/kept-assets.js';
import { packageRoot, toolCacheDir } from '../../src/package-root.js';
import { tempDir } from '../helpers/sites.js';

const test = suite('kept assets');

const asText = (json: unknown) => {
  if (typeof json !== 'string') throw new Error('not text');
  return json;
};

/** A package root with an input file last modified a minute ago, and a folder to keep values in. */
function place(): KeptPlace & { input: string } {
  const root = tempDir('kept-assets-');
  mkdirSync(path.join(root, 'styles'));
  const input = path.join(root, 'styles', 'site.css');
  writeFileSync(input, 'a { color: red }');
  const minuteAgo = new Date(Date.now() - 60_000);
  utimesSync(input, minuteAgo, minuteAgo);
  return { root, dir: path.join(root, 'cache'), input };
}

test('a value kept is read back while its inputs are unchanged', () => {
  const where = place();
  assert.is(readKept('styles', asText, where), undefined, 'nothing kept yet');
  keep('styles', ['styles/site.css'], 'a{color:red}', where);
  assert.is(readKept('styles', asText, where), 'a{color:red}');
});

test('an input whose size or modification time changed makes the kept value unusable', () => {
  const where = place();
  keep('styles', ['styles/site.css'], 'a{color:red}', where);
  const later = new Date(Date.now() - 30_000);
  utimesSync(where.input, later, later);
  assert.is(readKept('styles', asText, where), undefined, 'a new modification time');

  const other = place();
  keep('styles', ['styles/site.css'], 'a{color:red}', other);
  writeFileSync(other.input, 'a { color: blue }');
  const minuteAgo = new Date(Date.now() - 60_000);
  utimesSync(other.input, minuteAgo, minuteAgo);
  assert.is(readKept('styles', asText, other), undefined, 'another size, its old time given back');
});

test('an input modified in the last two seconds is not kept: it may have changed after it was read', () => {
  const where = place();
  writeFileSync(where.input, 'a { color: green }');
  keep('styles', ['styles/site.css'], 'a{color:green}', where);
  assert.is(readKept('styles', asText, where), undefined);
});

test('a kept file cut short, or a value of the wrong shape, counts as none', () => {
  const where = place();
  keep('styles', ['styles/site.css'], 'a{color:red}', where);
  const [file] = readdirSync(where.dir!);
  writeFileSync(path.join(where.dir!, file), '{"inputs": [["styles/site.css", 1');
  assert.is(readKept('styles', asText, where), undefined, 'JSON cut short');
  keep('styles', ['styles/site.css'], { not: 'text' }, where);
  assert.is(readKept('styles', asText, where), undefined, 'revive refused it');
});

test('keeping a value removes what was kept under another key; no folder means nothing kept', () => {
  const where = place();
  mkdirSync(where.dir!, { recursive: true });
  const stale = path.join(where.dir!, 'styles-000000000000000000000000.json');
  const otherKind = path.join(where.dir!, 'bundle-000000000000000000000000.json');
  writeFileSync(stale, '{}');
  writeFileSync(otherKind, '{}');
  keep('styles', ['styles/site.css'], 'a{color:red}', where);
  assert.not.ok(existsSync(stale), 'the stylesheet kept for another key');
  assert.ok(existsSync(otherKind), 'a bundle is another kind');
  keep('styles', ['styles/site.css'], 'x', { ...where, dir: undefined });
  assert.is(readKept('styles', asText, { ...where, dir: undefined }), undefined);
});

test('the browser bundle read back is the bundle esbuild made, kept with the packages it bundled', async () => {
  const made = await bundleClient();
  const again = await bundleClient();
  const bytes = (b: typeof made) => b.files.map((f) => [f.url, f.type, Buffer.from(f.body as Uint8Array).toString('base64')]);
  assert.equal(bytes(again), bytes(made));
  assert.equal([...again.entries], [...made.entries]);
  // Its inputs include React's files and the islands: an updated package or an edited island is
  // bundled again.
  const dir = toolCacheDir(packageRoot(), 'client')!;
  const kept = readdirSync(dir).filter((f) => f.startsWith('bundle-') && f.endsWith('.json'));
  assert.is(kept.length, 1, 'one bundle kept');
  const inputs = (JSON.parse(readFileSync(path.join(dir, kept[0]), 'utf8')) as { inputs: [string][] }).inputs.map(([rel]) => rel);
  assert.ok(inputs.some((rel) => rel.startsWith('node_modules/react')), 'React among the inputs');
  assert.ok(inputs.some((rel) => rel.startsWith('templates/islands/')), 'the islands among the inputs');
});

test.run();
