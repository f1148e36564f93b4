import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildFeedItems, newestFirst } from '../../src/passes/feed-items.js';
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

test('a feed item carries title, link, description, dates, guid, author and categories', () => {
  const [item] = buildFeedItems([makeArticle({ slug: 'x', title: 'X', summary: 'About X.', author: 'Editorial', tags: ['evidence'], datePublished: '2025-08-25', dateModified: '2026-01-05' })], [], config).articles;
  assert.equal(item, {
    title: 'X', link: 'https://test.example.org/articles/x', description: 'About X.', pubDate: '2025-08-25', published: '2025-08-25', updated: '2026-01-05',
    guid: 'https://test.example.org/articles/x', author: 'Editorial', category: ['evidence'],
  });
  // A term records only when it last changed: no date of first appearance (Atom's published).
  const [term] = buildFeedItems([], [makeTerm({ slug: 't', lastModified: '2025-08-26' })], config).glossary;
  assert.is(term.pubDate, '2025-08-26');
  assert.is(term.published, undefined);
});

test('a renamed article, term or corrected article keeps the id its item was first published with', () => {
  const feeds = buildFeedItems(
    [makeArticle({ slug: 'privilege-logs', formerSlugs: ['privilege-log-basics', 'privilege-log-guide'], datePublished: '2025-08-25', changes: [{ date: '2025-09-01', kind: 'correction', summary: 'Fixed a date.' }] })],
    [makeTerm({ slug: 'hearsay-rule', formerSlugs: ['hearsay'], lastModified: '2025-08-26' })],
    config,
  );
  const [article] = feeds.articles;
  assert.is(article.guid, 'https://test.example.org/articles/privilege-log-basics', 'the first address it was published under (former slugs are listed oldest first)');
  assert.is(article.link, 'https://test.example.org/articles/privilege-logs', 'linked at its address now');
  assert.is(feeds.glossary[0].guid, 'https://test.example.org/glossary/hearsay');
  assert.is(feeds.glossary[0].link, 'https://test.example.org/glossary/hearsay-rule');
  assert.equal(feeds.corrections.map((c) => [c.guid, c.link]), [['https://test.example.org/articles/privilege-log-basics#change-2025-09-01', 'https://test.example.org/articles/privilege-logs#change-2025-09-01']]);
});

test('the feeds are what sorting every item (newest first, then by title, then as given) and keeping the first gives, ties included', () => {
  let seed = 7;
  const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) % n);
  for (let round = 0; round < 40; round++) {
    // Few dates and few titles, so most items tie with others on both.
    const articles = Array.from({ length: random(120) }, (_, i) => makeArticle({ slug: `a${i}`, title: `T${random(4)}`, datePublished: day(random(6)) }));
    const terms = Array.from({ length: random(80) }, (_, i) => makeTerm({ slug: `t${i}`, title: `T${random(4)}`, lastModified: day(random(6)) }));
    const feeds = buildFeedItems(articles, terms, config);
    // The items as they were made before: every one, sorted whole (Array.prototype.sort is stable).
    const item = (pubDate: string, title: string, link: string) => ({ pubDate, title, link });
    const articleItems = articles.map((a) => item(a.datePublished, a.title, `https://test.example.org/articles/${a.slug}`));
    const termItems = terms.map((t) => item(t.lastModified, `${t.title} (glossary)`, `https://test.example.org/glossary/${t.slug}`));
    const sorted = (list: ReturnType<typeof item>[]) => [...list].sort((a, b) => b.pubDate.localeCompare(a.pubDate) || a.title.localeCompare(b.title)).map((f) => f.link);
    assert.equal(feeds.combined.map((f) => f.link), sorted([...articleItems, ...termItems]).slice(0, 50), `combined, round ${round}`);
    assert.equal(feeds.articles.map((f) => f.link), sorted(articleItems).slice(0, 25), `articles, round ${round}`);
    assert.equal(feeds.glossary.map((f) => f.link), sorted(termItems).slice(0, 25), `glossary, round ${round}`);
  }
  assert.equal(newestFirst([{ d: '1' }], 0, (x) => x.d, () => ''), []);
});

test.run();
