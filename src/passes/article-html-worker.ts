/**
 * An article-body worker: builds the term matcher from the glossary once, then renders batches of
 * article bodies with the same renderArticleBody as the main thread.
 */
import type { Article, Term } from '../model.js';
import { serveBatches } from '../parallel/worker-pool.js';
import { type ArticleBody, renderArticleBody } from './article-html.js';
import { buildTermMatcher } from './term-matcher.js';

export type BodySource = Pick<Article, 'slug' | 'body' | 'bodyLine'>;

serveBatches<Term[], BodySource, ArticleBody>((terms) => {
  const matcher = buildTermMatcher(terms);
  const titles = new Map(terms.map((t) => [t.slug, t.title]));
  return (article) => renderArticleBody(article, matcher, (slug) => titles.get(slug) ?? slug);
});
