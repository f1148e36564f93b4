/**
 * The files of one article: its JSON mirror, its answer block (when it has an answer) and its
 * Markdown mirror (spec §3, §7). They depend on the article alone, so they are made where its body
 * was rendered (src/engine/shard.ts); the main thread knows them by URL (articleFileUrls).
 */
import type { SiteConfig } from '../model.js';
import { type ArticleParts, buildAnswerJson, buildArticleJson } from '../passes/json-mirrors.js';
import { articleMarkdown } from '../passes/markdown-mirrors.js';
import { json } from './machine-files.js';
import type { FileRoute } from './types.js';

export const MARKDOWN_TYPE = 'text/markdown; charset=utf-8';

/** The Markdown mirror's URL; llms-full.txt is these files in list order. */
export const articleMarkdownUrl = (slug: string) => `/articles/${slug}.md`;

export function articleFileUrls(slug: string, hasAnswer: boolean): string[] {
  return [`/articles/${slug}.json`, ...(hasAnswer ? [`/articles/${slug}.answer.json`] : []), articleMarkdownUrl(slug)];
}

export function articleFileRoutes(parts: ArticleParts, config: SiteConfig): FileRoute[] {
  const [jsonUrl, ...rest] = articleFileUrls(parts.article.slug, Boolean(parts.fields.answer));
  const answer = buildAnswerJson(parts, config);
  const routes = [json(jsonUrl, buildArticleJson(parts, config))];
  if (answer) routes.push(json(rest[0], answer));
  routes.push({ kind: 'file', url: articleMarkdownUrl(parts.article.slug), body: articleMarkdown(parts.article, parts.fields, parts.stats, config), type: MARKDOWN_TYPE });
  return routes;
}
