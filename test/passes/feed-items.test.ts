import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildFeedItems } from '../../src/passes/feed-items.js';
import { makeArticle, makeConfig, makeTerm } from '../helpers/make-site.js';

const test = suite('feed items');

/** The ISO date `n` days after 2025-01-01. */
const day = (n: number) => new Date(Date.UTC(2025, 0, 1 + n)).toISOString().slice(0, 10);
const config = makeConfig({ baseUrl: 'https://test.example.org' });

// 30 articles on even days 0, 2, …, 58 and 30 terms on odd days 1, 3, …, 59; given oldest first.
const articles = Array.from({ length: 30 }, (_, i) => makeArticle({ slug: `a${i}`, title: `Article ${i}`, datePublished: day(2 * i) }));
const terms = Array.from({ length: 30 }, (_, i) => makeTerm({ slug: `t${i}`, title: `Term ${i}`, lastModified: day(2 * i + 1) }));
const feeds = buildFeedItems(articles, terms, config);

test('the combined feed holds the newest 50 items, newest first', () => {
  // 60 items on days 0..59 → the 50 newest are days 59 down to 10:
  // first day 59 (term 29), then day 58 (article 29), …, last day 10 (article 5)
  assert.is(feeds.combined.length, 50);
  assert.is(feeds.combined[0].link, 'https://test.example.org/glossary/t29');
  assert.is(feeds.combined[1].link, 'https://test.example.org/articles/a29');
  assert.is(feeds.combined[49].link, 'https://test.example.org/articles/a5');
  for (let i = 1; i < 50; i++) assert.ok(feeds.combined[i - 1].pubDate > feeds.combined[i].pubDate, `not newest first at ${i}`);
});

test('the articles and glossary feeds hold the newest 25 each', () => {
  // articles: 29 down to 5 (25 items); terms: 29 down to 5
  assert.equal(feeds.articles.map((f) => f.guid), Array.from({ length: 25 }, (_, i) => `https://test.example.org/articles/a${29 - i}`));
  assert.equal(feeds.glossary.map((f) => f.guid), Array.from({ length: 25 }, (_, i) => `https://test.example.org/glossary/t${29 - i}`));
});

test('updated is the newest item date', () => {
  // day 59 after 2025-01-01: January has 31 days (→ day 31 = Feb 1), February 28 (→ day 59 = Mar 1)
  assert.is(feeds.updated, '2025-03-01');
});

test('updated follows the content, whatever the order given', () => {
  const few = buildFeedItems(
    [makeArticle({ slug: 'old', datePublished: '2024-05-01' }), makeArticle({ slug: 'new', datePublished: '2025-08-27' })],
    [makeTerm({ slug: 'term', lastModified: '2025-08-26' })],
    config,
  );
  assert.is(few.updated, '2025-08-27');
  assert.equal(few.combined.map((f) => f.pubDate), ['2025-08-27', '2025-08-26', '2024-05-01']);
});

test('a feed item carries title, link, description, date, guid, author and categories', () => {
  const [item] = buildFeedItems([makeArticle({ slug: 'x', title: 'X', summary: 'About X.', author: 'Editorial', tags: ['evidence'], datePublished: '2025-08-25' })], [], config).articles;
  assert.equal(item, {
    title: 'X', link: 'https://test.example.org/articles/x', description: 'About X.', pubDate: '2025-08-25',
    guid: 'https://test.example.org/articles/x', author: 'Editorial', category: ['evidence'],
  });
});

test.run();
