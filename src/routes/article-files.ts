/**
 * The files of one article: its JSON mirror, its answer block (when it has an answer) and its
 * Markdown mirror (spec §3, §7). They depend on the article alone, so they are made where its body
 * was rendered (src/engine/shard.ts); the main thread knows them by URL (articleFileUrls).
 */
import { PRIVILEGE_LOG_ARTICLE } from '../constants.js';
import type { SiteConfig } from '../model.js';
import { type ArticleParts, buildAnswerJson, buildArticleJson } from '../passes/json-mirrors.js';
import { articleMarkdown } from '../passes/markdown-mirrors.js';
import { json } from './machine-files.js';
import type { FileRoute } from './types.js';

export const MARKDOWN_TYPE = 'text/markdown; charset=utf-8';

/** The Markdown mirror's URL; llms-full.txt is these files in list order. */
export const articleMarkdownUrl = (slug: string) => `/articles/${slug}.md`;

export const articleJsonUrl = (slug: string) => `/articles/${slug}.json`;
export const articleAnswerUrl = (slug: string) => `/articles/${slug}.answer.json`;

/** Spec §7: the privilege-log page loads its article file from this fixed path; it is the same
 * JSON as the article's mirror. */
export const contentFileUrl = (slug: string) => (slug === PRIVILEGE_LOG_ARTICLE ? `/content/articles/${slug}.json` : undefined);

export function articleFileUrls(slug: string, hasAnswer: boolean): string[] {
  const contentFile = contentFileUrl(slug);
  return [articleJsonUrl(slug), ...(hasAnswer ? [articleAnswerUrl(slug)] : []), articleMarkdownUrl(slug), ...(contentFile ? [contentFile] : [])];
}

export function articleFileRoutes(parts: ArticleParts, config: SiteConfig): FileRoute[] {
  const { slug } = parts.article;
  const answer = buildAnswerJson(parts, config);
  const file = buildArticleJson(parts, config);
  const contentFile = contentFileUrl(slug);
  return [
    json(articleJsonUrl(slug), file),
    ...(answer ? [json(articleAnswerUrl(slug), answer)] : []),
    { kind: 'file', url: articleMarkdownUrl(slug), body: articleMarkdown(parts.article, parts.fields, parts.stats, config), type: MARKDOWN_TYPE },
    ...(contentFile ? [json(contentFile, file)] : []),
  ];
}
