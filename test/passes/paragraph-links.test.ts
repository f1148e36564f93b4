/** The ¶ link at the end of each paragraph (issue 17): a link to the paragraph's own anchor, numbered
 * from its id whatever gave it, in the page's HTML only, never in the text mirrors, search and
 * reading time are made from. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseFragment } from 'parse5';
import type { DefaultTreeAdapterMap } from 'parse5';
import { readMarkup, markupText, writeMarkup, setAttr } from '../../src/html/markup.js';
import { addParagraphLinks } from '../../src/passes/article-html/paragraph-links.js';
import { renderArticleBody } from '../../src/passes/article-html.js';
import { buildTermMatcher } from '../../src/passes/term-matcher.js';
import { articleUnit, digestArticle } from '../../src/engine/article-unit.js';
import { articlePostings } from '../../src/passes/search/postings.js';
import { makeArticle, makeConfig } from '../helpers/make-site.js';

const test = suite('paragraph links');
const matcher = buildTermMatcher([]);
const BODY = 'First paragraph.\n\n## A heading\n\nSecond, with a [link](/about).\n\n- loose item\n\n- another\n\n> Quoted paragraph.';
const render = (body = BODY) => renderArticleBody({ slug: 'demo', body, bodyLine: 1, formerSlugs: [], dateModified: '2025-08-26' }, matcher, (s) => s);

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];
const elements = (html: string) => {
  const out: Element[] = [];
  const visit = (n: Node) => {
    if ('tagName' in n) out.push(n);
    if ('childNodes' in n) n.childNodes.forEach(visit);
  };
  parseFragment(html).childNodes.forEach(visit);
  return out;
};
const attr = (el: Element, name: string) => el.attrs.find((a) => a.name === name)?.value;
const text = (n: Node): string => (n.nodeName === '#text' ? (n as DefaultTreeAdapterMap['textNode']).value : 'childNodes' in n ? n.childNodes.map(text).join('') : '');

test('every paragraph of the page ends with a link to its own anchor, numbered from its id', () => {
  const { pageHtml } = render();
  const paragraphs = elements(pageHtml).filter((el) => el.tagName === 'p');
  assert.is(paragraphs.length, 5);
  paragraphs.forEach((p, i) => {
    const last = p.childNodes.at(-1) as Element;
    assert.is(last.tagName, 'a', `paragraph ${i + 1} ends with its link`);
    assert.is(attr(last, 'href'), `#${attr(p, 'id')}`);
    assert.is(attr(last, 'data-para'), String(i + 1));
    assert.is(text(last), `¶Paragraph ${i + 1}`);
  });
  // Its accessible name is "Paragraph n": the pilcrow is hidden from screen readers.
  assert.match(pageHtml, /<a class="para-link" href="#demo-p002" data-para="2"><span aria-hidden="true">¶<\/span><span class="visually-hidden">Paragraph<\/span> 2<\/a><\/p>/);
});

test('the number is read from whatever id the paragraph has; a paragraph without a numbered id gets no link', () => {
  const markup = readMarkup('<p>Kept.</p>\n<p>Moved.</p>\n<p>Plain.</p>');
  const opens = markup.filter((m) => m.kind === 'open' && m.name === 'p');
  setAttr(opens[0] as never, 'id', 'demo-p014');
  setAttr(opens[1] as never, 'id', 'demo-p003');
  const html = writeMarkup(addParagraphLinks(markup));
  assert.match(html, /<p id="demo-p014">Kept\.<a class="para-link" href="#demo-p014" data-para="14">/);
  assert.match(html, /<p id="demo-p003">Moved\.<a class="para-link" href="#demo-p003" data-para="3">/);
  assert.match(html, /<p>Plain\.<\/p>/);
  assert.not.match(writeMarkup(markup), /para-link/, 'the list it was given is left as it was');
});

test('the mirror HTML, the plain text, search text and reading time never hold the links', () => {
  // The article as a shard makes it (engine/article-unit.ts): its body, then the digest the site's
  // search and lists read.
  const article = makeArticle({ slug: 'demo', body: BODY });
  const unit = articleUnit(article, { matcher, termTitle: (s) => s });
  const { body } = unit;
  assert.not.match(body.html, /para-link|¶/);
  assert.not.match(body.plainText, /¶|Paragraph \d/);
  assert.is(markupText(readMarkup(body.html)), body.plainText);
  const digest = digestArticle(unit, makeConfig());
  // The links' "Paragraph n" would add to the count of a word the body has.
  const search = (text: string) => articlePostings(article, text, unit.fields, makeConfig()).postings;
  assert.equal(digest.text.search, search(body.plainText));
  assert.not.equal(digest.text.search, search(markupText(readMarkup(body.pageHtml))), 'the words of the page with its links');
  // Reading time counts the words a reader reads (headings included), never "¶ Paragraph n": 13 here.
  assert.is(digest.stats.wordCount, 13);
});

test('the page HTML is the mirror HTML plus the links and nothing else', () => {
  const body = render();
  assert.is(body.pageHtml.replace(/<a class="para-link"[^>]*>.*?<\/a>/g, ''), body.html);
});

test.run();
