/**
 * An article's own files, as the main thread works them out from its fields (articleOwnFiles: what a
 * rebuild keeps in place for an unchanged article, and checks are still intact), against the files
 * a shard makes for it (articleFileRoutes): the same addresses, in the same places.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { PRIVILEGE_LOG_ARTICLE } from '../../src/constants.js';
import { articleUnit } from '../../src/engine/article-unit.js';
import { buildTermMatcher } from '../../src/passes/term-matcher.js';
import { articleFileRoutes, articleOwnFiles } from '../../src/routes/article-files.js';
import { outputPath } from '../../src/routes/types.js';
import type { Article } from '../../src/model.js';
import { makeArticle, makeConfig } from '../helpers/make-site.js';

const test = suite('article files');
const glossary = { matcher: buildTermMatcher([]), termTitle: (slug: string) => slug };

const made = (article: Article) => articleFileRoutes(articleUnit(article, glossary), makeConfig()).map((r) => ({ url: r.url, path: outputPath(r) }));

for (const [name, article] of [
  ['a plain article', makeArticle({ slug: 'plain', body: 'One paragraph.' })],
  ['an article with an answer', makeArticle({ slug: 'answered', body: 'One paragraph.', answer: ['A short answer.'] })],
  ['a renamed article with an answer', makeArticle({ slug: 'renamed', body: 'One paragraph.', answer: ['A short answer.'], formerSlugs: ['old-name', 'older-name'] })],
  ['the privilege-log article (its fixed content file)', makeArticle({ slug: PRIVILEGE_LOG_ARTICLE, body: 'One paragraph.' })],
] as const) {
  test(`${name}: the files worked out from its fields are the files made for it`, () => {
    const files = made(article);
    assert.equal(articleOwnFiles(article), files);
    assert.ok(files.length >= 5, 'its JSON and Markdown mirrors and three citation files at least');
  });
}

test.run();
