/**
 * The search index is written directly in MiniSearch's serialisation format. It must hold exactly what
 * MiniSearch's own addAll() would (terms listed in sorted order rather than in the order of
 * MiniSearch's radix tree), and the browser's MiniSearch must find the same documents with the same
 * scores in it.
 */
import MiniSearch from 'minisearch';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { build } from '../../src/build.js';
import { serializeIndex, searchDocs } from '../../src/passes/search-index.js';
import { SEARCH_OPTIONS, type SearchDoc } from '../../src/search-options.js';
import { ROOT } from '../helpers/sites.js';

const test = suite('search index');

function compareWithMiniSearch(docs: SearchDoc[], queries: string[]) {
  const reference = new MiniSearch<SearchDoc>(SEARCH_OPTIONS);
  reference.addAll(docs);
  const expected = JSON.parse(JSON.stringify(reference));
  const actual = JSON.parse(serializeIndex(docs));
  const byTerm = (entries: [string, unknown][]) => [...entries].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  assert.equal(byTerm(actual.index), byTerm(expected.index), 'the same terms and postings');
  assert.equal({ ...actual, index: [] }, { ...expected, index: [] }, 'the same documents, field lengths and averages');
  const loaded = MiniSearch.loadJSON<SearchDoc>(serializeIndex(docs), SEARCH_OPTIONS);
  const results = (ms: MiniSearch<SearchDoc>, q: string, options: object) => ms.search(q, options).map((r) => ({ id: r.id as string, score: r.score })).sort((a, b) => (a.id < b.id ? -1 : 1));
  for (const q of queries) {
    for (const options of [{}, { prefix: true }, { fuzzy: 0.2 }, { prefix: true, fuzzy: 0.2, boost: { title: 4, tags: 3, summary: 2 } }]) {
      const got = results(loaded, q, options);
      const want = results(reference, q, options);
      assert.equal(got.map((r) => r.id), want.map((r) => r.id), `${q} ${JSON.stringify(options)}: the same documents`);
      // Prefix and fuzzy scores sum over matching terms, which the two indexes visit in another
      // order: equal up to floating-point rounding.
      got.forEach((r, i) => assert.ok(Math.abs(r.score - want[i].score) <= 1e-9 * Math.abs(want[i].score), `${q}: score of ${r.id} ${r.score} vs ${want[i].score}`));
    }
  }
}

test('the shipped site: what MiniSearch holds and finds', async () => {
  const result = await build({ contentDir: 'content', outDir: 'dist', cwd: ROOT, write: false });
  const site = result.site!;
  const docs = searchDocs(site.articles, site.text, site.terms, site.source.datasets);
  compareWithMiniSearch(docs, ['privilege', 'priv', 'chain of custody', 'hash value', 'AI', 'disclosure schedule', 'chronolgy', 'work-product']);
  const written = result.files.find((f) => f.path === 'search-index.json')!;
  assert.is(String(written.body), serializeIndex(docs));
});

test('odd texts: punctuation at the edges, empty fields, repeated and mixed-case words, Unicode', () => {
  const docs: SearchDoc[] = [
    { id: 'a', type: 'article', title: '“Quoted” — title!', tags: '', summary: 'Repeat repeat REPEAT, naïve café.', body: '...leading and trailing...', url: '/a', excerpt: 'x' },
    { id: 'b', type: 'term', title: 'Straße Σίσυφος', tags: 'x y x', summary: '', body: 'e-mail, 3.5 hours; attorney’s work', url: '/b', excerpt: 'y' },
    { id: 'c', type: 'dataset', title: 'Repeat', tags: 'repeat', summary: 'repeat', body: 'repeat', url: '/c', excerpt: 'z' },
    // ASCII-only text takes a faster split: every ASCII character between words, separator or not.
    { id: 'd', type: 'article', title: 'All\tASCII', tags: 'ascii', summary: Array.from({ length: 128 }, (_, c) => `w${c}${String.fromCharCode(c)}`).join(''), body: 'a$b+c<d=e>f^g`h|i~j', url: '/d', excerpt: 'w' },
  ];
  compareWithMiniSearch(docs, ['repeat', 'rep', 'cafe', 'café', 'straße', 'mail', 'work', 'w65a', 'a$b', 'ascii']);
});

test.run();
