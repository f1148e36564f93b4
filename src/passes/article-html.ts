/**
 * Renders each article body: Markdown to HTML once, parsed once with parse5, then the tree passes in
 * this order (heading ids, cite anchors, glossary links, table wrappers), serialised once.
 * Reads: articles, the term matcher, term titles. Writes: ArticleBody per article slug.
 * Spec §2 (article page), §5 (auto-linking). Needs: term-matcher.
 */
import { ARTICLE_RESERVED_IDS } from '../constants.js';
import type { Article, ArticleHtml, Term } from '../model.js';
import { parseHtmlFragment, serializeHtml, textContent } from '../html/tree.js';
import { addCiteAnchors } from './article-html/cite-anchors.js';
import { linkGlossaryTerms } from './article-html/glossary-links.js';
import { addHeadingIds } from './article-html/heading-ids.js';
import { wrapTables } from './article-html/wrap-tables.js';
import { type BodyLink, renderMarkdown } from './markdown.js';
import { createSlugger } from './slugify.js';
import type { TermMatcher } from './term-matcher.js';
import { hashOf, pruneTo } from '../build-cache.js';
import { mapInWorkers, workerModule } from '../parallel/worker-pool.js';
import type { BodySource } from './article-html-worker.js';

/** Below this many bodies to render, workers cost more to start than they save. */
export const MIN_ARTICLES_FOR_WORKERS = 500;
const BATCH = 50;

export interface BodyRenderOptions {
  memo?: Map<string, ArticleBody>;
  workers?: number;
  minArticlesForWorkers?: number;
}

export interface ArticleBody extends ArticleHtml {
  links: BodyLink[];
}

/** Renders one article's body; pure over its inputs, so serve can re-run it for one file. */
export function renderArticleBody(article: Pick<Article, 'slug' | 'body' | 'bodyLine'>, matcher: TermMatcher, termTitle: (slug: string) => string): ArticleBody {
  const { html, links } = renderMarkdown(article.body, article.bodyLine);
  const tree = parseHtmlFragment(html);
  const headings = addHeadingIds(tree, createSlugger(ARTICLE_RESERVED_IDS));
  addCiteAnchors(tree, article.slug);
  const mentions = linkGlossaryTerms(tree, matcher, termTitle);
  wrapTables(tree);
  return { html: serializeHtml(tree), headings, mentions, plainText: textContent(tree), links };
}

/**
 * Renders every body, on worker threads when there are many; with `memo`, a body whose source and
 * glossary are unchanged is reused.
 */
export async function renderArticleBodies(articles: Article[], terms: Term[], matcher: TermMatcher, options: BodyRenderOptions = {}): Promise<Map<string, ArticleBody>> {
  const { memo } = options;
  const glossaryKey = memo && hashOf(terms.map((t) => `${t.slug}\t${t.title}`).join('\n'));
  const keys = articles.map((a) => (glossaryKey ? hashOf(glossaryKey, a.slug, String(a.bodyLine), a.body) : ''));
  const missing = articles.filter((_, i) => !memo?.has(keys[i]));
  const rendered = await renderMany(missing, terms, matcher, options);
  const fresh = new Map(missing.map((a, i) => [a, rendered[i]]));
  const out = new Map<string, ArticleBody>();
  articles.forEach((a, i) => {
    const body = fresh.get(a) ?? memo!.get(keys[i])!;
    memo?.set(keys[i], body);
    out.set(a.slug, body);
  });
  if (memo) pruneTo(memo, new Set(keys));
  return out;
}

async function renderMany(articles: Article[], terms: Term[], matcher: TermMatcher, options: BodyRenderOptions): Promise<ArticleBody[]> {
  const workers = options.workers ?? 1;
  if (workers <= 1 || articles.length < (options.minArticlesForWorkers ?? MIN_ARTICLES_FOR_WORKERS)) {
    const titles = new Map(terms.map((t) => [t.slug, t.title]));
    return articles.map((a) => renderArticleBody(a, matcher, (slug) => titles.get(slug) ?? slug));
  }
  const sources: BodySource[] = articles.map((a) => ({ slug: a.slug, body: a.body, bodyLine: a.bodyLine }));
  return mapInWorkers(workerModule(import.meta.url, './article-html-worker.ts'), terms, sources, workers, BATCH);
}
