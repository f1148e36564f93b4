/** The feeds as feed readers read them (@rowanmanning/feed-parser): Atom's categories carry their
 * term, an entry's updated date is when it last changed and its published date when it appeared,
 * and plain-text titles and summaries come out as written, never as markup. */
import { parseFeed } from '@rowanmanning/feed-parser';
import { parseFragment } from 'parse5';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildFeedItems } from '../../src/passes/feed-items.js';
import { feedFileRoutes } from '../../src/routes/feeds.js';
import { makeArticle, makeConfig, makeTerm } from '../helpers/make-site.js';

const test = suite('feeds');
const config = makeConfig();
const TITLE = 'R&D <Tools> & "Smart" quotes';
const SUMMARY = 'Summary with <b>tags</b>, AT&T and 3 < 4.';
const articles = [
  makeArticle({ slug: 'corrected', title: TITLE, summary: SUMMARY, datePublished: '2025-03-01', dateModified: '2026-11-29', tags: ['evidence', 'privilege'] }),
  makeArticle({ slug: 'older', datePublished: '2025-01-01', dateModified: '2025-01-01', tags: ['evidence'] }),
];
const terms = [makeTerm({ slug: 'hash', title: 'Hash <value>', definition: 'A fixed-length digest & more.', lastModified: '2025-02-01', tags: ['forensics'] })];
const routes = feedFileRoutes({ config, feeds: buildFeedItems(articles, terms, config) });
const feedAt = (url: string) => {
  const route = routes.find((r) => r.url === url)!;
  return { xml: String(route.body), feed: parseFeed(String(route.body)) };
};
const day = (d: Date | null | undefined) => d?.toISOString().slice(0, 10);

/** What a reader shows for each `<tag …><![CDATA[…]]>` of `xml` declared HTML: the HTML's text. */
function shownAsHtml(xml: string, tag: string): string[] {
  const texts: string[] = [];
  for (const [, html] of xml.matchAll(new RegExp(`<${tag}(?: type="html")?><!\\[CDATA\\[([\\s\\S]*?)\\]\\]></${tag}>`, 'g'))) {
    const fragment = parseFragment(html);
    const text = (n: { nodeName: string; value?: string; childNodes?: unknown[] }): string => (n.nodeName === '#text' ? n.value! : (n.childNodes ?? []).map((c) => text(c as never)).join(''));
    texts.push(text(fragment as never));
  }
  return texts;
}

test('Atom: every category has its term; updated is the last change, published the first appearance', () => {
  const { xml, feed } = feedAt('/feeds/atom.xml');
  assert.not.match(xml, /<category(?![^>]*\bterm=)[^>]*>/, 'no category without a term');
  const corrected = feed.items.find((i) => i.url?.endsWith('/articles/corrected'))!;
  assert.equal(corrected.categories.map((c) => c.term), ['evidence', 'privilege']);
  assert.is(day(corrected.updated), '2026-11-29');
  assert.is(day(corrected.published), '2025-03-01');
  assert.is(day(feed.updated), '2026-11-29', "the feed's date is its newest change");
});

test('Atom: a term, which records when it last changed and not when it appeared, has no published date', () => {
  const { xml, feed } = feedAt('/feeds/atom.xml');
  const term = feed.items.find((i) => i.url?.endsWith('/glossary/hash'))!;
  assert.is(day(term.updated), '2025-02-01');
  assert.is(term.published, null, 'an edited term would read as new');
  const entry = xml.slice(xml.indexOf('/glossary/hash'));
  assert.not.match(entry.slice(0, entry.indexOf('</entry>')), /<published>/);
  const rss = feedAt('/feeds/glossary.xml').feed.items.find((i) => i.url?.endsWith('/glossary/hash'))!;
  assert.is(day(rss.published), '2025-02-01', "RSS's pubDate is the term's one date");
});

test('Atom: titles and summaries declared HTML read as the plain text written', () => {
  const { xml } = feedAt('/feeds/atom.xml');
  const titles = shownAsHtml(xml, 'title');
  assert.ok(titles.includes(TITLE), titles.join(' | '));
  assert.ok(titles.includes('Hash <value> (glossary)'), titles.join(' | '));
  assert.ok(shownAsHtml(xml, 'summary').includes(SUMMARY));
});

test("RSS: pubDate stays the publication date; the description, HTML by custom, reads as written", () => {
  const { xml, feed } = feedAt('/feeds/articles.xml');
  const corrected = feed.items.find((i) => i.url?.endsWith('/articles/corrected'))!;
  assert.is(day(corrected.published), '2025-03-01');
  assert.ok(shownAsHtml(xml, 'description').includes(SUMMARY));
  assert.match(xml, /<title><!\[CDATA\[R&D <Tools> & "Smart" quotes\]\]><\/title>/, 'an RSS title is plain text, as written');
});

test.run();
