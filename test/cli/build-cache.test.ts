/** The build cache and worker rendering never change the output: warm builds, builds after one
 * change and multi-threaded builds are byte-identical to cold single-threaded builds. */
import { appendFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { build } from '../../src/build.js';
import { createBuildCache } from '../../src/engine/build-cache.js';
import { loadDiskCache, saveDiskCache } from '../../src/write/disk-cache.js';
import { readBuildState } from '../../src/write/up-to-date.js';
import { execa } from 'execa';
import { packageCopy } from '../helpers/package-copy.js';
import { copyFixture, listFiles, runCli, tempDir } from '../helpers/sites.js';
import { generateCorpus } from '../../bench/generate-corpus.js';
import { LOW_LIMITS } from '../helpers/generated-site.js';

const test = suite('build cache and workers');

function assertSameDist(a: string, b: string) {
  const files = (d: string) => listFiles(d).filter((f) => f !== '_legalsite/changes.json');
  assert.equal(files(a), files(b));
  for (const f of files(a)) assert.ok(readFileSync(path.join(a, f)).equals(readFileSync(path.join(b, f))), `${f} is identical`);
}

test('a warm build (disk cache) is byte-identical to a cold one, also after one changed article', async () => {
  const cwd = copyFixture('minimal');
  assert.is((await runCli(['build', '--quiet', '--out', 'warm'], cwd)).exitCode, 0);
  const cacheDir = path.join(cwd, '.legalsite-cache');
  assert.equal(listFiles(cacheDir).filter((f) => /\/\d\d\.bin$/.test(f)).length, 32, 'the cache is saved, in 32 parts');
  assert.ok(listFiles(cacheDir).some((f) => f.endsWith('/candidates.bin')), 'with the recommendation candidates');
  assert.equal(readdirSync(cacheDir).length, 1, "one folder for the content folder, holding its output folder's state too");
  assert.ok(listFiles(cacheDir).some((f) => /^[0-9a-f]{16}\/[0-9a-f]{16}\.state\.bin$/.test(f)), 'the state in it');
  // Without the up-to-date state the second build goes through the cache rather than the fast path.
  for (const f of listFiles(cacheDir).filter((f) => f.endsWith('.state.bin'))) rmSync(path.join(cacheDir, f));
  assert.match((await runCli(['build', '--out', 'warm'], cwd)).stdout, /^Built /);
  assert.is((await runCli(['build', '--quiet', '--no-cache', '--out', 'cold'], cwd)).exitCode, 0);
  assertSameDist(path.join(cwd, 'warm'), path.join(cwd, 'cold'));
  const f = path.join(cwd, 'content/articles/privilege-basics.md');
  writeFileSync(f, readFileSync(f, 'utf8').replace('Privilege protects', 'Privilege shields'));
  assert.is((await runCli(['build', '--quiet', '--out', 'warm'], cwd)).exitCode, 0);
  assert.is((await runCli(['build', '--quiet', '--no-cache', '--out', 'cold'], cwd)).exitCode, 0);
  assertSameDist(path.join(cwd, 'warm'), path.join(cwd, 'cold'));
  assert.match(readFileSync(path.join(cwd, 'warm/articles/privilege-basics.html'), 'utf8'), /Privilege shields/);
  // A paragraph more: the published manifest (made from the last one, as it lists the same pages:
  // test/passes/published.test.ts) is the cold build's, and of its pages only the article's line changed.
  const published = () => readFileSync(path.join(cwd, 'warm/api/published.json'), 'utf8');
  const before = published();
  writeFileSync(f, `${readFileSync(f, 'utf8')}\nA paragraph added at the end.\n`);
  assert.is((await runCli(['build', '--quiet', '--out', 'warm'], cwd)).exitCode, 0);
  assert.is((await runCli(['build', '--quiet', '--no-cache', '--out', 'cold'], cwd)).exitCode, 0);
  assertSameDist(path.join(cwd, 'warm'), path.join(cwd, 'cold'));
  const pageLines = (text: string) => text.slice(0, text.indexOf('\n  "files": ')).split('\n');
  const changedLines = pageLines(published()).filter((line, i) => line !== pageLines(before)[i]);
  assert.equal(changedLines.map((line) => line.slice(0, line.indexOf(':'))), ['    "/articles/privilege-basics"'], 'of the pages, only the article\'s line changed');
});

test('a build on worker threads records every file as it lies in the output folder: the next build finds nothing changed', async () => {
  const cwd = copyFixture('minimal');
  const options = { contentDir: 'content', outDir: 'dist', cwd, write: true, diskCache: true, retainFiles: false, workers: 2, minPagesForWorkers: 1 } as const;
  assert.ok((await build(options)).ok);
  const cacheDir = path.join(cwd, '.legalsite-cache');
  const state = readBuildState(path.join(cacheDir, listFiles(cacheDir).find((f) => f.endsWith('.state.bin'))!))!;
  const out = path.join(cwd, 'dist');
  assert.equal([...state.files.paths], listFiles(out));
  assert.ok(state.files.paths.some((p) => p.startsWith('articles/')), "with the articles' files, made on the worker threads");
  state.files.paths.forEach((file, i) => {
    const st = statSync(path.join(out, file));
    assert.equal([state.files.sizeAt(i), state.files.mtimeAt(i)], [st.size, st.mtimeMs], file);
  });
  const again = await build(options);
  assert.ok(again.upToDate, `nothing changed: ${again.written}`);
});

test('a build run from inside its content folder keeps its cache there, and leaves it out of its input: the next build finds nothing changed', async () => {
  const content = path.join(copyFixture('minimal'), 'content');
  assert.is((await runCli(['build', '--quiet', '--content', '.', '--out', '../site'], content)).exitCode, 0);
  assert.ok(existsSync(path.join(content, '.legalsite-cache')), 'the cache is in the content folder (no node_modules beside it)');
  const again = await runCli(['build', '--content', '.', '--out', '../site'], content);
  assert.match(again.stdout, /is up to date: nothing changed/, again.stdout);
  // An edit is still seen.
  const f = path.join(content, 'articles/privilege-basics.md');
  writeFileSync(f, readFileSync(f, 'utf8').replace('Privilege protects', 'Privilege shields'));
  assert.match((await runCli(['build', '--content', '.', '--out', '../site'], content)).stdout, /^Built /);
  assert.match(readFileSync(path.join(content, '../site/articles/privilege-basics.html'), 'utf8'), /Privilege shields/);
});

test("a build run from a project's subfolder uses the cache of the project's node_modules: it finds nothing changed and leaves no cache folder where it ran", async () => {
  const cwd = copyFixture('minimal');
  mkdirSync(path.join(cwd, 'node_modules'));
  mkdirSync(path.join(cwd, 'scripts'));
  assert.is((await runCli(['build', '--quiet', '--out', 'dist'], cwd)).exitCode, 0);
  assert.is(readdirSync(path.join(cwd, 'node_modules/.cache/legalsite')).length, 1, 'one cache folder, for content/');
  const fromSubfolder = await runCli(['build', '--content', '../content', '--out', '../dist'], path.join(cwd, 'scripts'));
  assert.match(fromSubfolder.stdout, /is up to date: nothing changed/, fromSubfolder.stdout);
  assert.equal(readdirSync(path.join(cwd, 'scripts')), [], 'no .legalsite-cache in the subfolder');
  assert.is(readdirSync(path.join(cwd, 'node_modules/.cache/legalsite')).length, 1, 'the same cache folder');
});

test('a warm cache with the output folder missing or emptied (CI restoring its cache into a fresh checkout) builds what a cold build does, reading only the memos', async () => {
  const cwd = copyFixture('minimal');
  assert.is((await runCli(['build', '--quiet', '--out', 'warm'], cwd)).exitCode, 0);
  assert.is((await runCli(['build', '--quiet', '--no-cache', '--out', 'cold'], cwd)).exitCode, 0);
  const cacheDir = path.join(cwd, '.legalsite-cache', readdirSync(path.join(cwd, '.legalsite-cache'))[0]);
  assert.ok(loadDiskCache(cacheDir).articles, 'the cache holds the article digests');
  assert.is(loadDiskCache(cacheDir, undefined, { digests: false }).articles, undefined, 'read without them when they can spare nothing');
  for (const emptied of [false, true]) {
    rmSync(path.join(cwd, 'warm'), { recursive: true });
    if (emptied) mkdirSync(path.join(cwd, 'warm'));
    assert.is((await runCli(['build', '--quiet', '--out', 'warm'], cwd)).exitCode, 0);
    assertSameDist(path.join(cwd, 'warm'), path.join(cwd, 'cold'));
  }
  // The next build still finds a full cache and an output folder to update.
  assert.match((await runCli(['build', '--out', 'warm'], cwd)).stdout, /up to date/);
});

test('a damaged part of the cache is reported, dropped and made afresh, whether the build updates its output folder or writes a new one', async () => {
  const cwd = copyFixture('minimal');
  assert.is((await runCli(['build', '--quiet'], cwd)).exitCode, 0);
  assert.is((await runCli(['build', '--quiet', '--no-cache', '--out', 'cold'], cwd)).exitCode, 0);
  const cacheRoot = path.join(cwd, '.legalsite-cache');
  const cacheDir = path.join(cacheRoot, readdirSync(cacheRoot)[0]);
  const part = readdirSync(cacheDir).filter((f) => /^\d\d\.bin$/.test(f)).sort((a, b) => statSync(path.join(cacheDir, b)).size - statSync(path.join(cacheDir, a)).size)[0];
  const damage = () => writeFileSync(path.join(cacheDir, part), 'not a cache file');
  const file = path.join(cwd, 'content/articles/privilege-basics.md');
  const ways: [string, () => void, string][] = [
    ['missing', () => rmSync(path.join(cwd, 'dist'), { recursive: true }), 'dist'],
    ['emptied', () => (rmSync(path.join(cwd, 'dist'), { recursive: true }), mkdirSync(path.join(cwd, 'dist'))), 'dist'],
    ['elsewhere', () => {}, 'other'],
    // Intact, and a content change to make: the parts are read before anything is built.
    ['intact', () => writeFileSync(file, readFileSync(file, 'utf8').replace('summary: What privilege protects', 'summary: What privilege shields')), 'dist'],
  ];
  for (const [how, prepare, out] of ways) {
    damage();
    prepare();
    const r = await runCli(['build', '--quiet', '--out', out], cwd);
    assert.is(r.exitCode, 0, how);
    assert.match(r.stderr, new RegExp(`the build cache in \\S+ had a damaged file \\(${part}\\); it was dropped and what it held made afresh`), `output folder ${how}`);
    if (how !== 'intact') assertSameDist(path.join(cwd, out), path.join(cwd, 'cold'));
    assert.ok(existsSync(path.join(cacheDir, part)), `output folder ${how}: the part is saved again`);
    assert.is((await runCli(['build', '--quiet', '--out', out], cwd)).stderr, '', `output folder ${how}: and sound`);
  }
});

test('a warm cache with no output folder: an article read as its cached digest was made keeps that digest, one changed since is made afresh', async () => {
  const cwd = copyFixture('minimal');
  assert.is((await runCli(['build', '--quiet'], cwd)).exitCode, 0);
  const cacheRoot = path.join(cwd, '.legalsite-cache');
  const cacheDir = path.join(cacheRoot, readdirSync(cacheRoot)[0]);
  // A title planted in every cached digest, keys unchanged: only a digest taken from the cache shows
  // it (the list of articles is made from digests; each article's page from its file).
  const cache = loadDiskCache(cacheDir);
  for (const [rel, known] of cache.articles!.articles) {
    cache.articles!.articles.set(rel, { ...known, digest: { ...known.digest, article: { ...known.digest.article, title: `Planted ${path.basename(rel, '.md')}` } } });
  }
  saveDiskCache(cacheDir, cache);
  const edited = path.join(cwd, 'content/articles/privilege-basics.md');
  writeFileSync(edited, `${readFileSync(edited, 'utf8')}\nOne paragraph more.\n`);
  rmSync(path.join(cwd, 'dist'), { recursive: true });
  assert.is((await runCli(['build', '--quiet'], cwd)).exitCode, 0);
  const list = readFileSync(path.join(cwd, 'dist/articles.html'), 'utf8');
  assert.match(list, /Planted hashing-evidence/, 'the unchanged article\'s digest is the cached one');
  assert.not.match(list, /Planted privilege-basics/, 'the edited article\'s is made afresh');
  assert.match(list, /Privilege basics/);
});

test('serve starts from the disk cache and the output folder the last build left, makes only what changed since, and stays exact', async () => {
  const cwd = copyFixture('minimal');
  assert.is((await runCli(['build', '--quiet'], cwd)).exitCode, 0);
  const article = path.join(cwd, 'content/articles/privilege-basics.md');
  writeFileSync(article, readFileSync(article, 'utf8').replace('Privilege protects', 'Privilege shields'));
  const cold = async () => {
    const out = path.join(tempDir(), 'cold');
    assert.ok((await build({ contentDir: 'content', outDir: out, cwd, write: true, retainFiles: false })).ok);
    return out;
  };
  // What serve's first build runs (cli.ts): an empty in-memory cache, with the disk cache.
  const cache = createBuildCache();
  try {
    const first = await build({ contentDir: 'content', outDir: 'dist', cwd, write: true, cache, diskCache: true, retainFiles: false, minPagesForWorkers: 1, workers: 2 });
    assert.ok(first.ok);
    assert.ok(first.written!.includes('articles/privilege-basics.html'));
    assert.ok(existsSync(path.join(cwd, 'dist/articles/hashing-evidence.html')));
    assert.not.ok(first.written!.includes('articles/hashing-evidence.html'), 'an unchanged article page is left as the last build wrote it');
    assert.not.ok(first.written!.includes('articles/hashing-evidence.json'), 'and so are its own files');
    assert.ok(first.written!.length < first.fileCount / 2, `${first.written!.length} of ${first.fileCount} files written`);
    assertSameDist(path.join(cwd, 'dist'), await cold());
    // serve's later rebuilds run in memory, and stay exact.
    writeFileSync(article, readFileSync(article, 'utf8').replace('Privilege shields', 'Privilege guards'));
    const again = await build({ contentDir: 'content', outDir: 'dist', cwd, write: true, cache, retainFiles: false });
    assert.ok(again.ok);
    assertSameDist(path.join(cwd, 'dist'), await cold());
  } finally {
    await cache.pool?.close();
  }
  // A build after serve finds the folder as serve left it: exact again.
  assert.is((await runCli(['build', '--quiet'], cwd)).exitCode, 0);
  assertSameDist(path.join(cwd, 'dist'), await cold());
  assert.match(readFileSync(path.join(cwd, 'dist/articles/privilege-basics.html'), 'utf8'), /Privilege guards/);
});

test('with nothing changed, build leaves dist/ as it is, exactly what a full rebuild writes', async () => {
  const cwd = copyFixture('minimal');
  assert.is((await runCli(['build', '--quiet'], cwd)).exitCode, 0);
  const again = await runCli(['build'], cwd);
  assert.is(again.exitCode, 0);
  assert.match(again.stdout, /^dist\/ is up to date: nothing changed since it was built \(\d+ pages, \d+ files; checked in [\d.]+s\)$/);
  const snapshot = path.join(cwd, 'snapshot');
  cpSync(path.join(cwd, 'dist'), snapshot, { recursive: true });
  assert.is((await runCli(['build', '--quiet', '--no-cache'], cwd)).exitCode, 0);
  // Including changes.json: a rebuild of unchanged content records no changes, and so does the fast path.
  assert.equal(listFiles(snapshot), listFiles(path.join(cwd, 'dist')));
  for (const f of listFiles(snapshot)) assert.ok(readFileSync(path.join(snapshot, f)).equals(readFileSync(path.join(cwd, 'dist', f))), `${f} is identical`);
});

test('anything that could change the output makes build rebuild', async () => {
  const cwd = copyFixture('minimal');
  const dist = (f: string) => path.join(cwd, 'dist', f);
  const rebuilds = async (args: string[] = []) => /^Built /.test((await runCli(['build', ...args], cwd)).stdout);
  assert.ok(await rebuilds());
  assert.not.ok(await rebuilds(), 'nothing changed');
  const article = path.join(cwd, 'content/articles/privilege-basics.md');
  writeFileSync(article, readFileSync(article, 'utf8').replace('Privilege protects', 'Privilege shields'));
  const mtime = (f: string) => statSync(dist(f)).mtimeMs;
  const before = { about: mtime('about.html'), article: mtime('articles/privilege-basics.html') };
  assert.ok(await rebuilds(), 'a content file changed');
  assert.match(readFileSync(dist('articles/privilege-basics.html'), 'utf8'), /Privilege shields/);
  // Files whose inputs did not change are carried over, not rewritten (uploads and rsync skip them).
  assert.is(mtime('about.html'), before.about, 'an unaffected page keeps its modification time');
  assert.is.not(mtime('articles/privilege-basics.html'), before.article);
  utimesSync(article, new Date(), new Date());
  assert.not.ok(await rebuilds(), 'a content file touched but not changed');
  writeFileSync(dist('robots.txt'), 'User-agent: *\nDisallow: /\n');
  assert.ok(await rebuilds(), 'an output file was edited');
  assert.match(readFileSync(dist('robots.txt'), 'utf8'), /Allow: \//);
  rmSync(dist('feed.xml'));
  assert.ok(await rebuilds(), 'an output file was deleted');
  assert.ok(existsSync(dist('feed.xml')));
  writeFileSync(dist('stray.html'), '<p>stray</p>');
  assert.ok(await rebuilds(), 'a file was added to the output folder');
  assert.not.ok(existsSync(dist('stray.html')));
  assert.ok(await rebuilds(['--base-url', 'https://staging.example.org']), 'the base URL changed');
  assert.not.ok(await rebuilds(['--base-url', 'https://staging.example.org']));
  assert.ok(await rebuilds(['--no-cache']), '--no-cache always rebuilds');
});

test('a changed page template remakes the pages that use it: nothing cached outlives the code that made it', async () => {
  // A copy of legalsite itself, whose compiled term template the test edits.
  const pkg = packageCopy();
  const cwd = copyFixture('minimal');
  const cli = (args: string[]) => execa('node', [path.join(pkg, 'bin', 'legalsite.js'), ...args], { cwd, reject: false, env: { NO_COLOR: '1' } });
  assert.is((await cli(['build', '--quiet'])).exitCode, 0);
  const termPages = listFiles(path.join(cwd, 'dist/glossary')).filter((f) => f.endsWith('.html') && f !== 'index.html');
  const showing = termPages.filter((f) => readFileSync(path.join(cwd, 'dist/glossary', f), 'utf8').includes('Referenced by'));
  assert.ok(showing.length > 0, 'some term page shows its backlinks');
  const template = path.join(pkg, 'lib/templates/pages/TermPage.js');
  writeFileSync(template, readFileSync(template, 'utf8').replaceAll('"Referenced by"', '"Cited by"'));
  assert.match((await cli(['build'])).stdout, /^Built /, 'the build does not call dist/ up to date');
  for (const f of showing) assert.match(readFileSync(path.join(cwd, 'dist/glossary', f), 'utf8'), /Cited by/, `${f} is made with the new template`);
  assert.is((await cli(['build', '--quiet', '--no-cache', '--out', 'cold'])).exitCode, 0);
  assertSameDist(path.join(cwd, 'dist'), path.join(cwd, 'cold'));
});

/** The minimal site, and a build of it into dist/ with one in-memory cache kept between builds (serve's). */
function minimalWithMemoryCache() {
  const cwd = copyFixture('minimal');
  const cache = createBuildCache();
  const again = () => build({ contentDir: 'content', outDir: 'dist', cwd, write: true, cache, retainFiles: false });
  return { cwd, cache, again };
}

test('with the in-memory cache (serve), a rebuild makes only the files whose inputs changed', async () => {
  const { cwd, cache, again } = minimalWithMemoryCache();
  try {
    assert.ok((await again()).ok);
    // The change record differs from the first build's ("everything created"), and nothing else.
    const unchanged = await again();
    assert.equal([unchanged.written, unchanged.deleted], [['_legalsite/changes.json'], []], 'nothing changed, nothing made');
    assert.equal((await again()).written, [], 'and then not even that');
    const f = path.join(cwd, 'content/articles/privilege-basics.md');
    writeFileSync(f, readFileSync(f, 'utf8').replace('Privilege protects', 'Privilege shields'));
    const edited = await again();
    for (const file of ['articles/privilege-basics.html', 'articles/privilege-basics.json', 'articles/privilege-basics.md', 'llms-full.txt', 'search-index.json']) {
      assert.ok(edited.written!.includes(file), `${file} is made again`);
    }
    assert.not.ok(edited.written!.includes('about.html'), 'a page that does not show the article is left alone');
    assert.match(readFileSync(path.join(cwd, 'dist/articles/privilege-basics.html'), 'utf8'), /Privilege shields/);
    const rebased = await build({ contentDir: 'content', outDir: 'dist', cwd, write: true, cache, retainFiles: false, baseUrl: 'https://staging.example.org' });
    assert.ok(rebased.written!.includes('about.html'), 'pages whose inputs changed (the base URL) are made again');
  } finally {
    await cache.pool?.close();
  }
});

test('an article file rewritten as it was (a checkout, a copy, a formatter) is read again but not made again: its digest is reused, with its new stat', async () => {
  const { cwd, cache, again } = minimalWithMemoryCache();
  try {
    assert.ok((await again()).ok);
    const before = new Map(cache.articles!.articles);
    assert.ok(before.size >= 2);
    const dir = path.join(cwd, 'content/articles');
    for (const f of readdirSync(dir)) writeFileSync(path.join(dir, f), readFileSync(path.join(dir, f)));
    // A new title and a paragraph more: the other article's page shows the title (its see-also),
    // so it is made again from the article as read, its digest reused.
    const edited = path.join(dir, 'privilege-basics.md');
    writeFileSync(edited, `${readFileSync(edited, 'utf8').replace('title: Privilege basics', 'title: Privilege, the basics')}\nOne paragraph more.\n`);
    const rebuilt = await again();
    assert.ok(rebuilt.ok);
    assert.ok(rebuilt.written!.includes('articles/hashing-evidence.html'), 'the page that shows the new title is made again');
    assert.match(readFileSync(path.join(cwd, 'dist/articles/hashing-evidence.html'), 'utf8'), /Privilege, the basics/);
    for (const [rel, known] of before) {
      const now = cache.articles!.articles.get(rel)!;
      const st = statSync(path.join(cwd, rel));
      assert.equal([now.stat.mtimeMs, now.stat.size], [st.mtimeMs, st.size], `${rel}: the index has its new stat`);
      if (rel.endsWith('privilege-basics.md')) assert.is.not(now.digest, known.digest, 'the edited article is made again');
      else assert.is(now.digest, known.digest, `${rel}: rewritten as it was, its digest is the one the last build made`);
    }
  } finally {
    await cache.pool?.close();
  }
  assert.is((await runCli(['build', '--quiet', '--no-cache', '--out', 'cold'], cwd)).exitCode, 0);
  assertSameDist(path.join(cwd, 'dist'), path.join(cwd, 'cold'));
});

test('once the id file holds an article\'s ids, the cache keeps no copy of its lines, and a rebuild still reuses its digest and keeps the file right', async () => {
  const cwd = copyFixture('minimal');
  const idFile = path.join(cwd, 'content/pinpoints.jsonl');
  rmSync(idFile);
  const cached = () => loadDiskCache(path.join(cwd, '.legalsite-cache', readdirSync(path.join(cwd, '.legalsite-cache'))[0])).articles!.articles;
  const linesKept = () => {
    const articles = [...cached().values()];
    assert.is(articles.length, 2, 'both articles are in the cache');
    return articles.filter((known) => known.digest.pins.lines !== undefined).length;
  };
  // The first build gives every article its ids and writes them: the digests then need no lines.
  assert.is((await runCli(['build', '--quiet', '--out', 'warm'], cwd)).exitCode, 0);
  assert.ok(existsSync(idFile), 'the first build writes the id file');
  assert.is(linesKept(), 0, 'no digest keeps the lines the id file now holds');
  // A paragraph more gives one article a new id: written to the id file, then dropped from its digest.
  const edited = path.join(cwd, 'content/articles/privilege-basics.md');
  writeFileSync(edited, `${readFileSync(edited, 'utf8')}\nA paragraph added at the end.\n`);
  // A file changed within two seconds of a build's reading it is read again by the next build.
  await new Promise((resolve) => setTimeout(resolve, 2100));
  const { stdout } = await runCli(['build', '--profile', '--out', 'warm'], cwd);
  assert.match(stdout, /^Built /);
  assert.match(stdout, /Updated content\/pinpoints\.jsonl, the ids of the article privilege-basics/);
  assert.is(linesKept(), 0);
  const ids = readFileSync(idFile, 'utf8');
  // A cold build gives the same files, and finds the id file as it should be.
  assert.is((await runCli(['build', '--quiet', '--no-cache', '--out', 'cold'], cwd)).exitCode, 0);
  assert.is(readFileSync(idFile, 'utf8'), ids, 'a cold build finds the id file as it should be');
  assertSameDist(path.join(cwd, 'warm'), path.join(cwd, 'cold'));
  // An edit elsewhere: the next build reuses both articles' digests as saved. One whose record did
  // not match its digest's would be read and made again, and saved with this build's reading time.
  const readAt = () => Object.fromEntries([...cached()].map(([rel, known]) => [rel, known.readAt]));
  const before = readAt();
  appendFileSync(path.join(cwd, 'content/pages/about.md'), '\nOne more line about the site.\n');
  assert.match((await runCli(['build', '--out', 'warm'], cwd)).stdout, /^Built /);
  assert.equal(readAt(), before, 'every article is reused as it was saved');
  assert.is(readFileSync(idFile, 'utf8'), ids);
});

test('recommendations chosen again only where a change reaches, and backlinks kept from the last build, are those of a cold build: body, title, term, link-rule and see-also edits on a generated site', async () => {
  const cwd = tempDir();
  const corpus = generateCorpus({ dir: path.join(cwd, 'content'), articles: 120, seed: 7 });
  const cache = createBuildCache();
  const warm = () => build({ contentDir: 'content', outDir: 'dist', cwd, write: true, cache, retainFiles: false, workers: 2, minPagesForWorkers: 1 });
  const article = (k: number) => path.join(cwd, 'content/articles', `${corpus.articleSlugs[k]}.md`);
  const edits = [
    // Words that mention no term: backlinks come from the last build's memo.
    () => appendFileSync(article(5), '\nThe quokkaesque zebu wandered off.\n'),
    // Words of another article (so candidates shift), and a word no other article has.
    () => appendFileSync(article(3), `
${readFileSync(article(40), 'utf8').split('\n').slice(-12).join(' ')} quokkaesque
`),
    // Another article's title words (title: is a JSON string in generated articles).
    () => writeFileSync(article(12), readFileSync(article(12), 'utf8').replace(/^title: .*$/m, `title: ${JSON.stringify(`${JSON.parse(readFileSync(article(70), 'utf8').match(/^title: (.*)$/m)![1])} revisited`)}`)),
    () => {
      const term = path.join(cwd, 'content/glossary', readdirSync(path.join(cwd, 'content/glossary')).sort()[4]);
      writeFileSync(term, readFileSync(term, 'utf8').replace(/^definition: /m, 'definition: Chronology privilege disclosure custodian. '));
    },
    // Link rules: a term's title stops linking (noLink), another gains an alias: which bodies link
    // which terms changes, so what refers to them does.
    () => {
      const [first, second] = readdirSync(path.join(cwd, 'content/glossary')).sort().slice(6, 8).map((f) => path.join(cwd, 'content/glossary', f));
      const title = (file: string) => JSON.parse(readFileSync(file, 'utf8').match(/^title: (.*)$/m)![1]) as string;
      appendFileSync(first, `noLink: [${JSON.stringify(title(first))}]\n`);
      appendFileSync(second, 'alsoCalled: ["hash value taken"]\n');
    },
    // An article lists a term under see-also: a reference, not a body link.
    () => {
      const text = readFileSync(article(20), 'utf8');
      assert.match(text, /^seeAlso: \[/m);
      writeFileSync(article(20), text.replace(/^seeAlso: \[/m, `seeAlso: [glossary/${readdirSync(path.join(cwd, 'content/glossary')).sort()[9].replace(/\.yaml$/, '')}, `));
    },
  ];
  try {
    assert.ok((await warm()).ok);
    for (const edit of edits) {
      edit();
      const result = await warm();
      assert.ok(result.ok, JSON.stringify(result.diagnostics));
      const cold = await build({ contentDir: 'content', outDir: 'cold', cwd, write: true });
      assert.ok(cold.ok);
      assertSameDist(path.join(cwd, 'dist'), path.join(cwd, 'cold'));
      rmSync(path.join(cwd, 'cold'), { recursive: true });
    }
  } finally {
    await cache.pool?.close();
  }
});

test('a site split into numbered pages and parts (limits lowered), rebuilt with its disk cache after edits, is byte-identical to a cold build', async () => {
  const cwd = tempDir();
  const corpus = generateCorpus({ dir: path.join(cwd, 'content'), articles: 100, seed: 13 });
  const article = (k: number) => path.join(cwd, 'content/articles', `${corpus.articleSlugs[k]}.md`);
  const limits = { ...LOW_LIMITS, listPageItems: 40 };
  const warm = () => build({ contentDir: 'content', outDir: 'dist', cwd, write: true, diskCache: true, retainFiles: false, limits });
  const edits = [
    // Words that mention no term: backlinks, and the relation counts that cut the graph, from the memo.
    () => appendFileSync(article(5), '\nThe quokkaesque zebu wandered off.\n'),
    // A newer date: the article moves to the first page of every list, shifting every page after it.
    () => writeFileSync(article(99), readFileSync(article(99), 'utf8').replace(/^datePublished: .*$/m, 'datePublished: "2026-06-01"').replace(/^dateModified: .*$/m, 'dateModified: "2026-06-02"')),
    () => {
      const term = path.join(cwd, 'content/glossary', readdirSync(path.join(cwd, 'content/glossary')).sort()[3]);
      writeFileSync(term, readFileSync(term, 'utf8').replace(/^definition: /m, 'definition: Chronology privilege disclosure custodian. '));
    },
    () => writeFileSync(path.join(cwd, 'content/articles/zz-new-article.md'), readFileSync(article(60), 'utf8').replace(/^title: .*$/m, 'title: "A new article"')),
    () => rmSync(path.join(cwd, 'content/articles/zz-new-article.md')),
    // Tags: topics, filters and the glossary's neighbours in the graph change.
    () => writeFileSync(article(20), readFileSync(article(20), 'utf8').replace(/^tags: \[/m, 'tags: [privilege, ')),
  ];
  assert.ok((await warm()).ok);
  assert.ok(listFiles(path.join(cwd, 'dist')).some((f) => f.startsWith('api/knowledge-graph/part-')), 'the graph is split');
  assert.ok(listFiles(path.join(cwd, 'dist')).some((f) => f.startsWith('for-ai-systems/articles-')), "so are the entry points' articles");
  for (const edit of edits) {
    edit();
    const result = await warm();
    assert.ok(result.ok, JSON.stringify(result.diagnostics));
    const cold = await build({ contentDir: 'content', outDir: 'cold', cwd, write: true, limits });
    assert.ok(cold.ok);
    assertSameDist(path.join(cwd, 'dist'), path.join(cwd, 'cold'));
    rmSync(path.join(cwd, 'cold'), { recursive: true });
  }
  // The article index and exports were made from the rows of the files before each edit
  // (engine/file-rows.ts): the cache says where each row of the files now in dist/ lies.
  const rows = loadDiskCache(path.join(cwd, '.legalsite-cache', readdirSync(path.join(cwd, '.legalsite-cache'))[0])).rows!;
  const jsonl = readFileSync(path.join(cwd, 'dist/exports/articles.jsonl'));
  const lines = jsonl.toString('utf8').trimEnd().split('\n');
  for (const file of ['articles/index.json', 'exports/articles.jsonl', 'exports/articles.csv']) {
    assert.is(rows.get(file)?.size, statSync(path.join(cwd, 'dist', file)).size, `${file}'s rows are known`);
    assert.is(rows.get(file)!.keys.length, lines.length);
  }
  const spans = rows.get('exports/articles.jsonl')!.spans;
  lines.forEach((line, i) => assert.is(jsonl.subarray(spans[2 * i], spans[2 * i + 1]).toString('utf8'), line));
});

test('a body edit that makes the full text outgrow one file splits it, and says so in the entry points, as a cold build does', async () => {
  const cwd = copyFixture('minimal');
  const first = await build({ contentDir: 'content', outDir: 'cold', cwd, write: true });
  const words = [...first.site!.stats.values()].reduce((n, s) => n + s.wordCount, 0);
  const limits = { llmsFullPartWords: words + 5 };
  const warm = () => build({ contentDir: 'content', outDir: 'dist', cwd, write: true, diskCache: true, retainFiles: false, limits });
  assert.ok((await warm()).ok);
  assert.not.ok(existsSync(path.join(cwd, 'dist/llms-full')), 'one file while the articles fit one part');
  appendFileSync(path.join(cwd, 'content/articles/privilege-basics.md'), '\nTen more words of text make the articles outgrow a single part.\n');
  assert.ok((await warm()).ok);
  assert.ok(existsSync(path.join(cwd, 'dist/llms-full/part-2.txt')), 'split');
  assert.match(readFileSync(path.join(cwd, 'dist/for-ai-systems/index.json'), 'utf8'), /llms-full\/part-\{n\}\.txt/);
  rmSync(path.join(cwd, 'cold'), { recursive: true });
  assert.ok((await build({ contentDir: 'content', outDir: 'cold', cwd, write: true, limits })).ok);
  assertSameDist(path.join(cwd, 'dist'), path.join(cwd, 'cold'));
});

test('pages and article bodies rendered on worker threads give the same bytes as the main thread', async () => {
  const cwd = copyFixture('minimal');
  const one = await build({ contentDir: 'content', outDir: 'dist', cwd, write: false, workers: 1 });
  const two = await build({ contentDir: 'content', outDir: 'dist', cwd, write: false, workers: 2, minPagesForWorkers: 1 });
  assert.is(two.files.length, one.files.length);
  one.files.forEach((f, i) => assert.ok(Buffer.from(f.body).equals(Buffer.from(two.files[i].body)), f.path));
});

test.run();
