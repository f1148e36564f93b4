/**
 * The site search's index is part of the build cache: after an edit, a build with the cache writes
 * the same index as a build without it, and rewrites only the chunks holding the words the edit
 * changed (every other file of the index keeps its name and is not written again).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { generateCorpus } from '../../bench/generate-corpus.js';
import type { ChunkFile, SearchManifest } from '../../src/search/format.js';
import { loadDiskCache } from '../../src/write/disk-cache.js';
import { runCli, tempDir } from '../helpers/sites.js';

const test = suite('site search: incremental');

/** The index's files of a built site: name → bytes; and the manifest. */
function indexOf(dist: string) {
  const dir = path.join(dist, 'assets/search');
  const files = new Map(readdirSync(dir).map((f) => [f, readFileSync(path.join(dir, f), 'utf8')]));
  const manifest = JSON.parse(readFileSync(path.join(dist, 'search-index.json'), 'utf8')) as SearchManifest;
  return { files, manifest, mtimes: new Map(readdirSync(dir).map((f) => [f, statSync(path.join(dir, f)).mtimeMs])) };
}

/** Every word's postings, from the chunk files. */
function wordsOf(index: ReturnType<typeof indexOf>): Map<string, string> {
  const words = new Map<string, string>();
  for (const [, hash] of index.manifest.chunks) for (const [w, lists] of Object.entries(JSON.parse(index.files.get(`c-${hash}.json`)!) as ChunkFile)) words.set(w, lists.join('|'));
  return words;
}

test('after a body edit, the index equals a cold build, and only the chunks of the changed words are new', async () => {
  const cwd = tempDir();
  const corpus = generateCorpus({ dir: path.join(cwd, 'content'), articles: 150, seed: 3 });
  assert.is((await runCli(['build', '--quiet', '--out', 'warm'], cwd)).exitCode, 0);
  const before = indexOf(path.join(cwd, 'warm'));
  assert.ok(before.manifest.chunks.length >= 8, `${before.manifest.chunks.length} chunks`);

  // A word in the middle of a body replaced by one no document has.
  const file = path.join(cwd, 'content/articles', `${corpus.articleSlugs[70]}.md`);
  const text = readFileSync(file, 'utf8');
  const at = text.indexOf('\n\n', text.length / 2);
  writeFileSync(file, `${text.slice(0, at)} The zymurgical register was kept.${text.slice(at)}`);
  await new Promise((r) => setTimeout(r, 2100)); // a file changed within two seconds of a build is read again anyway
  assert.is((await runCli(['build', '--quiet', '--out', 'warm'], cwd)).exitCode, 0);
  assert.is((await runCli(['build', '--quiet', '--no-cache', '--out', 'cold'], cwd)).exitCode, 0);
  const after = indexOf(path.join(cwd, 'warm'));
  const cold = indexOf(path.join(cwd, 'cold'));
  assert.equal(after.manifest, cold.manifest, 'the manifest of a cold build');
  assert.equal([...after.files.keys()].sort(), [...cold.files.keys()].sort(), 'the files of a cold build');
  for (const [name, body] of after.files) assert.is(body, cold.files.get(name), `${name} as a cold build makes it`);

  // The words whose postings changed, and the chunks they are in.
  const was = wordsOf(before);
  const now = wordsOf(after);
  const changedWords = [...new Set([...was.keys(), ...now.keys()])].filter((w) => was.get(w) !== now.get(w));
  assert.ok(changedWords.includes('zymurgical') && changedWords.includes('register'), `the edit's words: ${changedWords.join(', ')}`);
  const keyOf = (word: string) => after.manifest.chunks.map(([k]) => k).filter((k) => word.startsWith(k)).sort((a, b) => b.length - a.length)[0];
  const touched = new Set(changedWords.map((w) => `c-${after.manifest.chunks.find(([k]) => k === keyOf(w))![1]}.json`));
  const newChunks = [...after.files.keys()].filter((f) => f.startsWith('c-') && !before.files.has(f));
  assert.equal(newChunks.sort(), [...touched].sort(), 'the new chunk files are those of the changed words');
  assert.ok(touched.size <= 4 && touched.size < after.manifest.chunks.length / 2, `${touched.size} of ${after.manifest.chunks.length} chunks`);
  for (const [name, mtime] of after.mtimes) {
    if (!name.startsWith('c-') || touched.has(name)) continue;
    assert.is(mtime, before.mtimes.get(name), `${name} is not written again`);
  }
  const otherNew = [...after.files.keys()].filter((f) => !f.startsWith('c-') && !before.files.has(f));
  assert.ok(otherNew.every((f) => f.startsWith('v-')), `besides chunks, only a vocabulary file (a new word): ${otherNew.join(', ')}`);
  const [cacheDir] = readdirSync(path.join(cwd, '.legalsite-cache'));
  assert.is(loadDiskCache(path.join(cwd, '.legalsite-cache', cacheDir)).search?.how, 'patched', 'the last build brought the cached index up to date, not made it afresh');
});

test.run();
