/** The article index and exports made row by row (routes/article-rows.ts) are byte for byte the
 * formats they stand for: the index as JSON.stringify(buildArticlesIndex(…), null, 2), the JSONL as
 * one JSON.stringify per line, the CSV as csvTable writes it; with awkward text, and with none, one
 * and several articles. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { ArticleMeta, ArticleStats, SiteConfig } from '../../src/model.js';
import type { OrderedSite } from '../../src/pipeline.js';
import { hasAnswer } from '../../src/passes/article-fields.js';
import { articleIndexItem, buildArticlesIndex } from '../../src/passes/json-mirrors.js';
import { articleExportRoutes, articlesIndexRoute, rowsText } from '../../src/routes/article-rows.js';
import { csvTable } from '../../src/routes/csv.js';
import { fileBody } from '../../src/routes/types.js';

const test = suite('article rows');

const AWKWARD = ['plain', 'a "quoted", comma', 'line\nbreak\r\nand return', 'separators\u2028\u2029', 'emoji 😀 and — dash', '    0', 'tab\there', ''];

function siteOf(count: number): OrderedSite {
  const articles = Array.from({ length: count }, (_, i) => {
    const text = AWKWARD[i % AWKWARD.length];
    return {
      slug: `article-${i}`,
      title: `Title ${i}: ${text}`,
      summary: i % 3 === 0 ? undefined : `Summary ${text}`,
      description: text,
      author: i % 2 ? 'A. Author' : undefined,
      datePublished: '2025-01-0' + ((i % 9) + 1),
      dateModified: '2025-02-0' + ((i % 9) + 1),
      tags: i % 4 === 0 ? [] : ['privilege', text],
      jurisdiction: 'England and Wales',
      schemaType: 'Article',
      answer: i % 2 === 0 ? [`An answer ${text}`] : undefined,
    } as unknown as ArticleMeta;
  });
  const stats = new Map<string, ArticleStats>(articles.map((a, i) => [a.slug, { wordCount: 100 * i, readingTime: `${i + 1} min`, minutes: i + 1 }]));
  const config = { name: 'A "site" — name\n', license: { url: 'https://creativecommons.org/licenses/by/4.0/' } } as unknown as SiteConfig;
  return { articles, stats, metaKeys: new Map(articles.map((a) => [a.slug, `key-${a.slug}`])), config } as unknown as OrderedSite;
}

const body = (route: { body: unknown }) => fileBody(route as never) as string;

for (const count of [0, 1, 2, 17]) {
  test(`${count} articles: the index, JSONL and CSV are the formats they stand for`, () => {
    const site = siteOf(count);
    const items = site.articles.map((a) => articleIndexItem(a, site.stats.get(a.slug)!, hasAnswer(a)));
    const index = articlesIndexRoute(site);
    const [jsonl, csv] = articleExportRoutes(site);
    const expected = {
      index: `${JSON.stringify(buildArticlesIndex(site.articles, { config: site.config, stats: site.stats }), null, 2)}\n`,
      jsonl: `${items.map((r) => JSON.stringify(r)).join('\n')}\n`,
      csv: items.length ? csvTable(Object.keys(items[0]), items.map((r) => Object.values(r).map((v) => (Array.isArray(v) ? v.join('; ') : v)))) : '',
    };
    assert.is(body(index), expected.index);
    assert.is(body(jsonl), expected.jsonl);
    assert.is(body(csv), expected.csv);
    // With rows, the rows stand for the same text; with none, the file has no rows to reuse.
    for (const [route, text] of [[index, expected.index], [jsonl, expected.jsonl], [csv, expected.csv]] as const) {
      if (count === 0) assert.is(route.rows, undefined);
      else assert.is(rowsText(route.rows!), text);
    }
  });
}

test('a row key changes with every field and stat its row shows, and only with them', () => {
  const site = siteOf(3);
  const before = articlesIndexRoute(site).rows!.keys;
  // A later build's site: new maps (the keys are worked out once per build's site, by its metaKeys).
  const metaKeys = new Map(site.metaKeys).set('article-1', 'key-changed');
  const stats = new Map(site.stats).set('article-2', { ...site.stats.get('article-2')!, wordCount: 1 });
  const after = articlesIndexRoute({ ...site, metaKeys, stats }).rows!.keys;
  assert.is(after[0], before[0]);
  assert.is.not(after[1], before[1]);
  assert.is.not(after[2], before[2]);
});

test.run();
