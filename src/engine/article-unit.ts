/**
 * Everything that depends on one article file alone, computed on whichever thread holds the file
 * (src/engine/shard.ts): the article parsed and checked, its body rendered (article-html), its
 * fields, reading time and text features, and the digest of it that the site-wide passes read.
 * The body HTML and plain text stay with the unit; the main thread keeps only the digest.
 * Reads: one article's text, the site config, the glossary matcher. Writes: ArticleUnit.
 */
import { hashOf } from '../hash.js';
import type { Article, ArticleStats } from '../model.js';
import type { ArticleDigest } from '../model/article-digest.js';
import { type ArticleBody, renderArticleBody } from '../passes/article-html.js';
import { type ArticleFields, renderArticleFields } from '../passes/article-fields.js';
import { articleManifestHash } from '../passes/manifest.js';
import { readingStats } from '../passes/reading-time.js';
import type { TermMatcher } from '../passes/term-matcher.js';
import { textFeatures } from '../passes/text-features.js';

export interface ArticleUnit {
  article: Article;
  body: ArticleBody;
  fields: ArticleFields;
  stats: ArticleStats;
}



export interface GlossaryLinks {
  matcher: TermMatcher;
  termTitle: (slug: string) => string;
}

export function articleUnit(article: Article, glossary: GlossaryLinks): ArticleUnit {
  const body = renderArticleBody(article, glossary.matcher, glossary.termTitle);
  const fields = renderArticleFields(article);
  return { article, body, fields, stats: readingStats(body, fields) };
}

export function digestArticle(unit: ArticleUnit): ArticleDigest {
  const { body: _body, ...article } = unit.article;
  const { mentions } = unit.body;
  // The links of the body, then those of the fields that hold Markdown: all are checked alike.
  const links = [...unit.body.links, ...unit.fields.links];
  const text = textFeatures(unit.body.plainText);
  return {
    article,
    body: { mentions, mentionsKey: hashOf(JSON.stringify(mentions)), links },
    stats: unit.stats,
    text,
    manifestHash: articleManifestHash(unit.article),
    metaKey: hashOf(JSON.stringify(article)),
    searchKey: hashOf(text.searchText),
  };
}
