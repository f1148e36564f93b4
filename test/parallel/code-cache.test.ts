/** A bundle run through the code cache: its exports as require gives them, its compiled code saved
 * once and used after, and never code made from other source (V8 checks only its length). */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { execa } from 'execa';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { tempDir } from '../helpers/sites.js';
import { withTmpfs } from '../helpers/tmpfs.js';

const test = suite('code cache');
const LOADER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/parallel/code-cache.ts');

/** A package folder with a bundle in lib/bundle/ and a node_modules/ for the cache. */
function pkgWith(source: string): { bundle: string; cacheDir: string } {
  const root = tempDir('code-cache-');
  mkdirSync(path.join(root, 'lib', 'bundle'), { recursive: true });
  mkdirSync(path.join(root, 'node_modules'));
  const bundle = path.join(root, 'lib', 'bundle', 'entry.cjs');
  writeFileSync(bundle, source);
  return { bundle, cacheDir: path.join(root, 'node_modules', '.cache', 'legalsite', 'code') };
}

/** Runs the bundle through the loader in a new process (the cache is saved as it ends); its `answer`. */
async function run(bundle: string, hash: string, env: Record<string, string> = {}): Promise<string> {
  const script = `import { runBundle } from ${JSON.stringify(pathToFileURL(LOADER).href)};\nconsole.log(runBundle(new URL(${JSON.stringify(pathToFileURL(bundle).href)}), ${JSON.stringify(hash)}).answer());`;
  const result = await execa('node', ['--import', 'tsx', '--input-type=module', '-e', script], { reject: false, env });
  assert.is(result.exitCode, 0, result.stderr);
  return result.stdout.trim();
}

const cacheFiles = (dir: string) => {
  try {
    return readdirSync(dir).filter((f) => f.endsWith('.v8'));
  } catch {
    return [];
  }
};

test('a bundle runs with its exports, require and file name; its code is saved once, then used', async () => {
  const { bundle, cacheDir } = pkgWith(`const path = require('node:path');\nexports.answer = () => [path.basename(__filename), typeof module.exports, 40 + 2].join(' ');\n`);
  assert.is(await run(bundle, 'a'), 'entry.cjs object 42');
  const [saved] = cacheFiles(cacheDir);
  assert.ok(saved?.startsWith('entry-'), `a cache file: ${cacheFiles(cacheDir).join(', ')}`);
  // A save writes a new file and renames it over the old: a new inode.
  const made = statSync(path.join(cacheDir, saved));
  assert.is(await run(bundle, 'a'), 'entry.cjs object 42');
  assert.equal(cacheFiles(cacheDir), [saved], 'the same cache file, used');
  const after = statSync(path.join(cacheDir, saved));
  assert.is(after.ino, made.ino, 'not saved again by a run no longer than the one that made it');
  assert.ok(after.mtimeMs >= made.mtimeMs, 'marked as used');
});

test('a run much longer than the one that saved the cache saves it again (a build after a --version)', async () => {
  const { bundle, cacheDir } = pkgWith(`exports.answer = () => {\n  if (process.env.BUSY_MS) for (const t = Date.now(); Date.now() - t < Number(process.env.BUSY_MS); );\n  return 'done';\n};\n`);
  assert.is(await run(bundle, 'b'), 'done');
  const [saved] = cacheFiles(cacheDir);
  const made = statSync(path.join(cacheDir, saved)).ino;
  assert.is(await run(bundle, 'b', { BUSY_MS: '50' }), 'done');
  assert.is(statSync(path.join(cacheDir, saved)).ino, made, 'twice as long, but by less than a quarter of a second: kept');
  assert.is(await run(bundle, 'b', { BUSY_MS: '600' }), 'done');
  assert.is.not(statSync(path.join(cacheDir, saved)).ino, made, 'saved again');
});

test('code cached for other source of the same length is never used: another bundle has another cache', async () => {
  const { bundle, cacheDir } = pkgWith(`exports.answer = () => 'one';\n`);
  assert.is(await run(bundle, 'hash-of-one'), 'one');
  // The same length: V8 alone would take the cache made for the text above.
  writeFileSync(bundle, `exports.answer = () => 'two';\n`);
  assert.is(await run(bundle, 'hash-of-two'), 'two');
  assert.is(cacheFiles(cacheDir).length, 2);
  // Even under the old hash (a bundle edited by hand, its loader not made again), its stat differs.
  writeFileSync(bundle, `exports.answer = () => 'tri';\n`);
  assert.is(await run(bundle, 'hash-of-one'), 'tri');
});

test('a cache file changed on disk is not run (V8 would take it): the bundle is compiled, and its code saved anew', async () => {
  const { bundle, cacheDir } = pkgWith(`exports.answer = () => ['a', 'b', 'c'].map((x) => x.toUpperCase()).join('');\n`);
  assert.is(await run(bundle, 'h'), 'ABC');
  const [saved] = cacheFiles(cacheDir);
  const file = path.join(cacheDir, saved);
  const bytes = readFileSync(file);
  bytes[bytes.length - 20] ^= 0xff;
  writeFileSync(file, bytes);
  const damaged = statSync(file).ino;
  assert.is(await run(bundle, 'h'), 'ABC');
  assert.is.not(statSync(file).ino, damaged, 'saved anew');
  assert.not.equal(readFileSync(file), bytes);
});

test('without a node_modules folder, or with LEGALSITE_NO_CODE_CACHE, the bundle runs and nothing is kept', async () => {
  const { bundle, cacheDir } = pkgWith(`exports.answer = () => 'plain';\n`);
  assert.is(await run(bundle, 'x', { LEGALSITE_NO_CODE_CACHE: '1' }), 'plain');
  assert.equal(cacheFiles(cacheDir), []);
  const bare = tempDir('code-cache-bare-');
  mkdirSync(path.join(bare, 'lib', 'bundle'), { recursive: true });
  const lone = path.join(bare, 'lib', 'bundle', 'entry.cjs');
  writeFileSync(lone, `exports.answer = () => 'alone';\n`);
  assert.is(await run(lone, 'y'), 'alone');
  assert.not.ok(readdirSync(bare).includes('node_modules'));
});

test('a read-only cache folder: the bundle runs and says nothing (its save fails quietly)', async () => {
  await withTmpfs('size=4m', async (mount) => {
    const root = path.join(mount, 'pkg');
    mkdirSync(path.join(root, 'lib', 'bundle'), { recursive: true });
    mkdirSync(path.join(root, 'node_modules'));
    const bundle = path.join(root, 'lib', 'bundle', 'entry.cjs');
    writeFileSync(bundle, `exports.answer = () => 'read-only';\n`);
    execFileSync('mount', ['-o', 'remount,ro', mount]);
    const script = `import { runBundle } from ${JSON.stringify(pathToFileURL(LOADER).href)};\nconsole.log(runBundle(new URL(${JSON.stringify(pathToFileURL(bundle).href)}), 'ro').answer());`;
    // Node's own warnings (FORCE_COLOR beside NO_COLOR, as CI sets them) are not the loader's.
    const result = await execa('node', ['--import', 'tsx', '--input-type=module', '-e', script], { reject: false, env: { NODE_NO_WARNINGS: '1' } });
    assert.is(result.exitCode, 0, result.stderr);
    assert.is(result.stdout.trim(), 'read-only');
    assert.is(result.stderr, '');
  });
});

test.run();
