/**
 * The site search's build cost at scale, pass by pass: `node --import tsx bench/search-index.ts [N]`
 * generates the seeded corpus (N articles, N/5 terms), renders every body (not timed), then times
 * on one thread, in CPU time:
 *  - each article's postings (what the shards do as they render it), against the word set for
 *    similarity that they replace (similarity.ts textWords, which the postings' scan now gives);
 *  - the index made whole from every document's postings (a cold build's main-thread step);
 *  - the index brought up to date after one article's edit (a one-change rebuild's step);
 *  - the memo's size and its round trip through the build cache (v8 serialize, as disk-cache.ts).
 * Times the compiled code in lib/: run `npm run build` first.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import fg from 'fast-glob';
import { generateCorpus } from './generate-corpus.js';

const lib = (module: string) => import(new URL(`../lib/src/${module}.js`, import.meta.url).href);
const { parseArticleText, readContent } = (await lib('load/read-content')) as typeof import('../src/load/read-content.js');
const { renderArticleBody } = (await lib('passes/article-html')) as typeof import('../src/passes/article-html.js');
const { renderArticleFields } = (await lib('passes/article-fields')) as typeof import('../src/passes/article-fields.js');
const { buildTermMatcher } = (await lib('passes/term-matcher')) as typeof import('../src/passes/term-matcher.js');
const { textWords } = (await lib('passes/recommendations/similarity')) as typeof import('../src/passes/recommendations/similarity.js');
const { articlePostings } = (await lib('passes/search/postings')) as typeof import('../src/passes/search/postings.js');
const { indexedDocs, facetNames } = (await lib('passes/search/search-docs')) as typeof import('../src/passes/search/search-docs.js');
const { makeSearchIndex } = (await lib('engine/search-index')) as typeof import('../src/engine/search-index.js');
const { hashOf } = (await lib('hash')) as typeof import('../src/hash.js');

const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const n = Number(process.argv[2] ?? 10000);
const dir = mkdtempSync(path.join(process.cwd(), '.bench-search-'));
try {
  generateCorpus({ dir, articles: n, seed: 1 });
  const site = readContent({ contentDir: dir, cwd: process.cwd() }).site!;
  const matcher = buildTermMatcher(site.terms);
  const units = fg.sync('articles/*.md', { cwd: dir, absolute: true }).sort().map((abs) => {
    const article = parseArticleText(readFileSync(abs, 'utf8'), abs).article!;
    return { article, body: renderArticleBody(article, matcher, (slug) => slug), fields: renderArticleFields(article) };
  });
  let t = cpu();
  for (const u of units) textWords(u.body.plainText);
  const replaced = cpu() - t;
  t = cpu();
  const made = units.map((u) => articlePostings(u.article, u.body.plainText, u.fields, site.config));
  const postingsMs = cpu() - t;
  const fallback = made.filter((m) => m.bodyWords === undefined).length;
  const digests = new Map(units.map((u, i) => [u.article.slug, { text: { search: made[i].postings }, searchKey: hashOf(made[i].postings.words, made[i].postings.weights) }]));
  const searchSite = { config: site.config, articles: units.map((u) => u.article).sort((a, b) => b.datePublished.localeCompare(a.datePublished) || a.title.localeCompare(b.title) || a.slug.localeCompare(b.slug)), terms: site.terms, datasets: site.datasets };
  t = cpu();
  const docs = indexedDocs(searchSite, digests as never);
  const whole = makeSearchIndex(docs, facetNames(searchSite, docs), undefined, () => undefined);
  let bytes = 0;
  for (const f of whole.files.files) bytes += f.body().length;
  const wholeMs = cpu() - t;
  // The benchmark's edit: one paragraph appended to one article.
  const edited = units[Math.floor(n / 2)];
  const after = articlePostings(edited.article, `${edited.body.plainText}\nThe benchmark changed this article (search) to time an incremental rebuild.\n`, edited.fields, site.config).postings;
  const before = digests.get(edited.article.slug)!;
  digests.set(edited.article.slug, { text: { search: after }, searchKey: hashOf(after.words, after.weights) });
  t = cpu();
  const docs2 = indexedDocs(searchSite, digests as never);
  const patched = makeSearchIndex(docs2, facetNames(searchSite, docs2), whole.memo, (slug) => (slug === edited.article.slug ? { key: before.searchKey, postings: before.text.search } : undefined));
  const patchMs = cpu() - t;
  const fresh = new Set(whole.files.files.map((f) => f.url));
  t = cpu();
  const saved = serialize(patched.memo);
  deserialize(saved);
  const memoMs = cpu() - t;
  console.log(`site search at ${units.length} articles + ${site.terms.length} terms (CPU time, one thread):`);
  console.log(`  postings of every article: ${s(postingsMs)}, replacing similarity's word scan of ${s(replaced)} (${fallback} bodies still scanned for it): net ${s(postingsMs - replaced)}`);
  console.log(`  index made whole: ${s(wholeMs)} (${whole.files.files.length} files, ${(bytes / 1e6).toFixed(1)} MB)`);
  console.log(`  index after one article's edit: ${s(patchMs)} (${patched.memo.how}; ${patched.files.files.filter((f) => !fresh.has(f.url)).length} files new)`);
  console.log(`  memo: ${(saved.length / 1e6).toFixed(1)} MB, serialized and read back in ${s(memoMs)}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
