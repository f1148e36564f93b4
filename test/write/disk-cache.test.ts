/** The build cache on disk: what is saved loads back as it was, and a save after a small change
 * rewrites only the parts that hold what changed. */
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createBuildCache } from '../../src/engine/build-cache.js';
import type { KnownArticle } from '../../src/engine/article-index.js';
import { CacheChangedError, loadCachedDigests, loadDiskCache, saveDiskCache } from '../../src/write/disk-cache.js';
import { tempDir } from '../helpers/sites.js';

const test = suite('disk cache');

function known(n: number, title = `Article ${n}`): KnownArticle {
  return {
    key: `key-${n}`,
    textKey: `text-${n}`,
    digest: { article: { slug: `a-${n}`, title, faq: [{ id: 'faq-1', q: `Why ${n}?`, a: 'Because.' }], keyTakeaways: [`Takeaway ${n}`], references: [], summary: `Summary ${n}` }, body: { mentions: [{ termSlug: `term-${n % 7}`, context: `A sentence of article ${n}.`, via: 'auto' }], mentionsKey: `mentions-${n}`, links: [{ href: '/glossary', line: 3 }] }, text: { words: `word${n} other`, textLength: 100 + n, technicalWords: n % 4, search: { words: `the text of ${n}`, weights: 'ABCD' } } } as unknown as KnownArticle['digest'],
    stat: { size: n, mtimeMs: 1000 + n, ctimeMs: 1000 + n, ino: n },
    readAt: 5000,
  };
}

function sampleCache() {
  const cache = createBuildCache();
  for (let n = 0; n < 200; n++) cache.yaml.set(`hash-${n}`, { term: `t${n}` });
  cache.articles = { setup: 'setup-1', articles: new Map(Array.from({ length: 500 }, (_, n) => [`articles/a-${n}.md`, known(n)])) };
  return cache;
}

const inodes = (dir: string) => new Map(readdirSync(dir).map((f) => [f, statSync(path.join(dir, f)).ino]));

/** The part file an article is in: the one a save writes when it alone is removed (then put back). */
function partFileOf(dir: string, rel: string): string {
  const cache = loadDiskCache(dir);
  const before = inodes(dir);
  const value = cache.articles!.articles.get(rel)!;
  cache.articles!.articles.delete(rel);
  saveDiskCache(dir, cache);
  const [file] = [...inodes(dir)].filter(([f, ino]) => before.get(f) !== ino).map(([f]) => f);
  cache.articles!.articles.set(rel, value);
  saveDiskCache(dir, cache);
  return file;
}

test('what is saved loads back as it was', () => {
  const dir = path.join(tempDir('legalsite-cache-'), 'cache');
  const cache = sampleCache();
  saveDiskCache(dir, cache);
  assert.is(readdirSync(dir).length, 32);
  const back = loadDiskCache(dir);
  assert.equal([...back.yaml].sort(), [...cache.yaml].sort());
  assert.is(back.articles?.setup, 'setup-1');
  assert.equal(new Map([...back.articles!.articles].sort()), new Map([...cache.articles!.articles].sort()));
});

test('after one changed article only the part holding it is rewritten', () => {
  const dir = path.join(tempDir('legalsite-cache-'), 'cache');
  saveDiskCache(dir, sampleCache());
  const cache = loadDiskCache(dir);
  const before = inodes(dir);
  saveDiskCache(dir, cache);
  assert.equal(inodes(dir), before, 'nothing changed, nothing written');
  cache.articles!.articles.set('articles/a-7.md', known(7, 'Retitled'));
  saveDiskCache(dir, cache);
  const after = inodes(dir);
  assert.is([...after].filter(([f, ino]) => before.get(f) !== ino).length, 1);
  assert.is(loadDiskCache(dir).articles!.articles.get('articles/a-7.md')!.digest.article.title, 'Retitled');
  cache.yaml.delete('hash-3');
  saveDiskCache(dir, cache);
  assert.is([...inodes(dir)].filter(([f, ino]) => after.get(f) !== ino).length, 1, 'a removed entry rewrites its part');
  assert.not.ok(loadDiskCache(dir).yaml.has('hash-3'));
});

test('an article removed and another added in its part rewrites that part, whatever the count', () => {
  const dir = path.join(tempDir('legalsite-cache-'), 'cache');
  saveDiskCache(dir, sampleCache());
  // Some new name falls in the removed article's part (32 parts, 64 names): the part keeps its
  // number of entries, and must still be written.
  let inOnePart = 0;
  for (let i = 0; i < 64; i++) {
    const cache = loadDiskCache(dir);
    const before = inodes(dir);
    cache.articles!.articles.delete('articles/a-7.md');
    cache.articles!.articles.set(`articles/new-${i}.md`, known(1000 + i));
    saveDiskCache(dir, cache);
    const written = [...inodes(dir)].filter(([f, ino]) => before.get(f) !== ino).length;
    if (written === 1) inOnePart++;
    const back = loadDiskCache(dir).articles!.articles;
    assert.ok(back.has(`articles/new-${i}.md`) && !back.has('articles/a-7.md'), `name ${i}`);
    assert.is(back.size, 500);
    // Back as it was, for the next name.
    cache.articles!.articles.delete(`articles/new-${i}.md`);
    cache.articles!.articles.set('articles/a-7.md', known(7));
    saveDiskCache(dir, cache);
  }
  assert.ok(inOnePart > 0, 'no name fell in the removed article\'s part');
  // An article added, none removed: its part is written too.
  const cache = loadDiskCache(dir);
  cache.articles!.articles.set('articles/added.md', known(2000));
  saveDiskCache(dir, cache);
  assert.is(loadDiskCache(dir).articles!.articles.get('articles/added.md')?.key, 'key-2000');
});

test('an article removed, then put back as it was while another of its part goes, is saved as the cache holds it', () => {
  const dir = path.join(tempDir('legalsite-cache-'), 'cache');
  saveDiskCache(dir, sampleCache());
  const part = partFileOf(dir, 'articles/a-7.md');
  const other = Array.from({ length: 500 }, (_, n) => `articles/a-${n}.md`).find((rel) => rel !== 'articles/a-7.md' && partFileOf(dir, rel) === part)!;
  assert.ok(other, 'another article in the same part');
  const cache = loadDiskCache(dir);
  const a7 = cache.articles!.articles.get('articles/a-7.md')!;
  cache.articles!.articles.delete('articles/a-7.md');
  saveDiskCache(dir, cache);
  // The very same value back, and as many entries in its part as when it left: still a change.
  cache.articles!.articles.set('articles/a-7.md', a7);
  cache.articles!.articles.delete(other);
  saveDiskCache(dir, cache);
  const back = loadDiskCache(dir).articles!.articles;
  assert.ok(back.has('articles/a-7.md'), 'the article put back is saved');
  assert.not.ok(back.has(other), 'the article removed is gone');
});

test('a part written by a save that failed later is written again, even when the cache is back as it was', () => {
  const dir = path.join(tempDir('legalsite-cache-'), 'cache');
  saveDiskCache(dir, sampleCache());
  // Two articles in different parts; the save writes parts in order, so the lower one first.
  const rels = Array.from({ length: 500 }, (_, n) => `articles/a-${n}.md`);
  const laterPart = partFileOf(dir, 'articles/a-499.md');
  const first = rels.find((rel) => partFileOf(dir, rel) < laterPart)!;
  const later = path.join(dir, laterPart);
  const cache = loadDiskCache(dir);
  const kept = cache.articles!.articles.get(first)!;
  cache.articles!.articles.set(first, { ...kept, digest: { ...kept.digest, article: { ...kept.digest.article, title: 'Changed' } } });
  cache.articles!.articles.set('articles/a-499.md', known(499, 'Also changed'));
  // The later part cannot be written: the save stops after writing the first (and says nothing).
  mkdirSync(`${later}.${process.pid}.tmp`);
  saveDiskCache(dir, cache);
  rmSync(`${later}.${process.pid}.tmp`, { recursive: true });
  assert.is(loadDiskCache(dir).articles!.articles.get(first)!.digest.article.title, 'Changed', 'the first part was written');
  // Back to the very values the cache held when loaded: the part on disk is not what they are.
  cache.articles!.articles.set(first, kept);
  cache.articles!.articles.set('articles/a-499.md', loadDiskCache(dir).articles!.articles.get('articles/a-499.md')!);
  saveDiskCache(dir, cache);
  assert.is(loadDiskCache(dir).articles!.articles.get(first)!.digest.article.title, kept.digest.article.title);
});

test('a part in an earlier format that now holds nothing is written again, in this format', () => {
  const dir = path.join(tempDir('legalsite-cache-'), 'cache');
  saveDiskCache(dir, sampleCache());
  const old = path.join(dir, '05.bin');
  // An earlier legalsite's part: skipped when loading (not damaged), its entries made afresh.
  writeFileSync(old, Buffer.concat([Buffer.from('LSC4'), readFileSync(old).subarray(4)]));
  const cache = loadDiskCache(dir);
  saveDiskCache(dir, cache);
  assert.is(readFileSync(old).subarray(0, 4).toString(), 'LSC5', 'the part is saved in this format');
});

test('a build that reads no digest (a new output folder) saves only the parts whose keys changed', () => {
  const dir = path.join(tempDir('legalsite-cache-'), 'cache');
  saveDiskCache(dir, sampleCache());
  const before = inodes(dir);
  // As such a build does: the memos loaded, the parts not; every value made afresh, the same keys.
  const cache = loadDiskCache(dir, undefined, { digests: false });
  assert.is(cache.articles, undefined);
  const remade = sampleCache();
  cache.yaml = remade.yaml;
  cache.articles = remade.articles;
  saveDiskCache(dir, cache);
  assert.equal(inodes(dir), before, 'the same keys: no part written');

  const next = loadDiskCache(dir, undefined, { digests: false });
  const changed = sampleCache();
  changed.articles!.articles.set('articles/a-7.md', { ...known(7, 'Retitled'), key: 'key-7-new' });
  next.yaml = changed.yaml;
  next.articles = changed.articles;
  saveDiskCache(dir, next);
  assert.is([...inodes(dir)].filter(([f, ino]) => before.get(f) !== ino).length, 1, 'one changed article: its part alone');
  assert.is(loadDiskCache(dir).articles!.articles.get('articles/a-7.md')!.digest.article.title, 'Retitled');
});

test('a part whose keys cannot be read is saved again by a build that reads no digest', () => {
  const dir = path.join(tempDir('legalsite-cache-'), 'cache');
  saveDiskCache(dir, sampleCache());
  // The keys are the last section: damage its last byte.
  const damaged = path.join(dir, '05.bin');
  const bytes = readFileSync(damaged);
  bytes[bytes.length - 1] ^= 0xff;
  writeFileSync(damaged, bytes);
  const before = inodes(dir);
  const cache = loadDiskCache(dir, undefined, { digests: false });
  const remade = sampleCache();
  cache.yaml = remade.yaml;
  cache.articles = remade.articles;
  saveDiskCache(dir, cache);
  assert.equal([...inodes(dir)].filter(([f, ino]) => before.get(f) !== ino).map(([f]) => f), ['05.bin']);
  assert.equal(new Map([...loadDiskCache(dir).articles!.articles].sort()), new Map([...sampleCache().articles!.articles].sort()), 'the part saved again is whole');
});

test('a build that loaded no digest can read them later, as saved, and still saves by keys; a damaged part is reported, dropped and saved again', () => {
  const dir = path.join(tempDir('legalsite-cache-'), 'cache');
  saveDiskCache(dir, sampleCache());
  assert.is(loadCachedDigests(dir, loadDiskCache(dir)), undefined, 'a cache loaded with its digests has none to read later');
  writeFileSync(path.join(dir, '05.bin'), 'not a cache');
  const before = inodes(dir);
  const cache = loadDiskCache(dir, undefined, { digests: false });
  const reported: string[][] = [];
  const late = loadCachedDigests(dir, cache, (files) => reported.push(files))?.index;
  assert.equal(reported, [['05.bin']]);
  assert.is(late?.setup, 'setup-1');
  const all = sampleCache().articles!.articles;
  assert.ok(late!.articles.size > 400 && late!.articles.size < 500, `${late!.articles.size} articles: all but those of the damaged part`);
  for (const [rel, value] of late!.articles) assert.equal(value, all.get(rel), rel);
  assert.is(cache.articles, undefined, 'not taken as the cache\'s index: the build makes its own');
  assert.is(cache.yaml.size, 0, 'nor its YAML: the build has read its content already');
  // The build's index holds the same keys: only the damaged part is written.
  cache.yaml = sampleCache().yaml;
  cache.articles = sampleCache().articles;
  saveDiskCache(dir, cache);
  // (The damaged part was removed, so its new file may have the same inode: it is compared by what it holds.)
  assert.equal([...inodes(dir)].filter(([f, ino]) => f !== '05.bin' && before.get(f) !== ino), [], 'no other part written');
  assert.equal(new Map([...loadDiskCache(dir).articles!.articles].sort()), new Map([...all].sort()), 'the damaged part saved again, whole');
});

test('the mentions of digests read later can be read ahead, part by part: then asking for them reads no file', async () => {
  const dir = path.join(tempDir('legalsite-cache-'), 'cache');
  saveDiskCache(dir, sampleCache());
  const late = loadCachedDigests(dir, loadDiskCache(dir, undefined, { digests: false }))!;
  await late.readMentions();
  // Every part file damaged now: mentions already read are still there; the texts were not read.
  for (const f of readdirSync(dir).filter((f) => /^\d\d\.bin$/.test(f))) writeFileSync(path.join(dir, f), 'not a cache');
  const all = sampleCache().articles!.articles;
  for (const [rel, known] of late.index.articles) assert.equal(known.digest.body.mentions, all.get(rel)!.digest.body.mentions, rel);
  const [first] = late.index.articles.values();
  assert.throws(() => first.digest.text.words, (error: unknown) => error instanceof CacheChangedError);
});

test('a new setup rewrites every part with articles; a damaged part loses only its own entries', () => {
  const dir = path.join(tempDir('legalsite-cache-'), 'cache');
  saveDiskCache(dir, sampleCache());
  const cache = loadDiskCache(dir);
  cache.articles = { setup: 'setup-2', articles: cache.articles!.articles };
  saveDiskCache(dir, cache);
  assert.is(loadDiskCache(dir).articles?.setup, 'setup-2');
  writeFileSync(path.join(dir, '05.bin'), 'not a cache');
  const damaged = loadDiskCache(dir);
  assert.ok(damaged.articles!.articles.size > 400 && damaged.articles!.articles.size < 500, `${damaged.articles!.articles.size} articles`);
  assert.ok(damaged.yaml.size > 150 && damaged.yaml.size < 200);
  saveDiskCache(dir, damaged);
  assert.ok(loadDiskCache(dir).articles!.articles.size === damaged.articles!.articles.size);
});

test('mentions are read when first asked for, apart from texts, and keep their place', () => {
  const dir = path.join(tempDir('legalsite-cache-'), 'cache');
  saveDiskCache(dir, sampleCache());
  const body = loadDiskCache(dir).articles!.articles.get('articles/a-12.md')!.digest.body;
  assert.is(body.mentionsKey, 'mentions-12');
  assert.equal(body.links, [{ href: '/glossary', line: 3 }]);
  assert.is(JSON.stringify(body), JSON.stringify(known(12).digest.body), 'fields in their order');
  assert.equal(body.mentions, [{ termSlug: 'term-5', context: 'A sentence of article 12.', via: 'auto' }]);
  // A digest saved with other mentions (another build saved meanwhile) is not mixed with these.
  const stale = loadDiskCache(dir);
  const other = loadDiskCache(dir);
  const edited = known(12);
  edited.key = 'key-12-edited';
  other.articles!.articles.set('articles/a-12.md', edited);
  saveDiskCache(dir, other);
  assert.throws(() => stale.articles!.articles.get('articles/a-12.md')!.digest.body.mentions, (e: Error) => e instanceof CacheChangedError);
});

test('texts and long fields are read when first asked for, and must be those of the digest', () => {
  const dir = path.join(tempDir('legalsite-cache-'), 'cache');
  saveDiskCache(dir, sampleCache());
  const cache = loadDiskCache(dir);
  const text = cache.articles!.articles.get('articles/a-7.md')!.digest.text;
  assert.is(text.textLength, 107);
  assert.equal(text.search, { words: 'the text of 7', weights: 'ABCD' });
  assert.is(JSON.stringify(text), JSON.stringify({ words: 'word7 other', textLength: 107, technicalWords: 3, search: { words: 'the text of 7', weights: 'ABCD' } }), 'fields in their order');
  const article = cache.articles!.articles.get('articles/a-7.md')!.digest.article;
  assert.is(JSON.stringify(article), JSON.stringify(known(7).digest.article), 'fields in their order');
  // Another build saves the cache meanwhile: a text not yet read is no longer this digest's.
  const stale = loadDiskCache(dir);
  const other = loadDiskCache(dir);
  other.articles!.articles.set('articles/a-9.md', { ...known(9), key: 'key-9-edited' });
  saveDiskCache(dir, other);
  assert.throws(() => stale.articles!.articles.get('articles/a-9.md')!.digest.text.words, (e: Error) => e instanceof CacheChangedError);
});

test('a cache loaded whole (serve) keeps its fields when another build saves the cache meanwhile', () => {
  const dir = path.join(tempDir('legalsite-cache-'), 'cache');
  saveDiskCache(dir, sampleCache());
  const kept = loadDiskCache(dir, createBuildCache(), { whole: true });
  const other = loadDiskCache(dir);
  other.articles!.articles.set('articles/a-9.md', { ...known(9), key: 'key-9-edited' });
  saveDiskCache(dir, other);
  const digest = kept.articles!.articles.get('articles/a-9.md')!.digest;
  assert.is(digest.text.words, 'word9 other');
  assert.equal(digest.body.mentions, known(9).digest.body.mentions);
  assert.is(JSON.stringify(digest), JSON.stringify(known(9).digest), 'fields in their order');
  // A part whose deferred fields are cut off loses only its own articles.
  const file = path.join(dir, '05.bin');
  writeFileSync(file, readFileSync(file).subarray(0, statSync(file).size - 40));
  const cut = loadDiskCache(dir, createBuildCache(), { whole: true });
  assert.ok(cut.articles!.articles.size > 400 && cut.articles!.articles.size < 500, `${cut.articles!.articles.size} articles`);
});

test('a missing cache loads empty', () => {
  const cache = loadDiskCache(path.join(tmpdir(), 'legalsite-no-such-cache'));
  assert.is(cache.yaml.size, 0);
  assert.is(cache.articles, undefined);
});

test.run();
