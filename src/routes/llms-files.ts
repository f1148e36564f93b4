/**
 * Where llms.txt, the full text and the files between them live (passes/llms-txt.ts writes them):
 * - /llms.txt, always: every article on a small site; on one of more than `llmsTxtArticles`
 *   articles, an index of /llms/topics/{topic}.txt and /llms/articles-{n}.txt (`llmsLinksPerFile`
 *   articles each, newest first);
 * - /llms-full.txt: every article's Markdown mirror and the glossary's, joined, while the articles
 *   hold at most `llmsFullPartWords` words; past that an index of /llms-full/part-{n}.txt (runs of
 *   whole articles of at most that many words, newest first) and /glossary.md.
 * Issue 18; DESIGN.md output contract.
 */
import type { OutputLimits } from '../constants.js';
import type { BuiltSite, OrderedSite } from '../pipeline.js';
import { type FullTextPart, llmsArticleList, llmsFullIndex, llmsIndexTxt, llmsTopicTxt, llmsTxt } from '../passes/llms-txt.js';
import { articleMarkdownUrl } from './article-files.js';
import { fileInputs, sharedInputs } from './file-inputs.js';
import { chunk } from './pagination.js';
import type { FileRoute, JoinedRoute } from './types.js';

const TEXT = 'text/plain; charset=utf-8';
const SEPARATOR = '\n\n';
const text = (url: string, body: () => string, inputs?: () => string): FileRoute => ({ kind: 'file', url, body, type: TEXT, ...(inputs ? { inputs } : {}) });

export const llmsListUrl = (n: number) => `/llms/articles-${n}.txt`;
export const llmsTopicUrl = (id: string) => `/llms/topics/${id}.txt`;
export const llmsFullPartUrl = (n: number) => `/llms-full/part-${n}.txt`;

/** Every file the full text is joined from, in order (each article's Markdown, then the glossary's). */
export function llmsFullSources(site: Pick<OrderedSite, 'articles'>): string[] {
  return [...site.articles.map((a) => articleMarkdownUrl(a.slug)), '/glossary.md'];
}

/** Runs of whole articles, in list order, of at most `words` words each (an article longer than
 * that is a run of its own). */
export function fullTextParts(site: Pick<OrderedSite, 'articles' | 'stats'>, words: number): FullTextPart[] {
  const parts: FullTextPart[] = [];
  let part: FullTextPart | undefined;
  for (const a of site.articles) {
    const count = site.stats.get(a.slug)!.wordCount;
    if (!part || (part.articles.length && part.words + count > words)) parts.push((part = { url: llmsFullPartUrl(parts.length + 1), articles: [], words: 0 }));
    part.articles.push(a);
    part.words += count;
  }
  return parts;
}

/** /llms-full.txt (joined, or an index) and its parts (joined from the articles' Markdown mirrors). */
export function llmsFullRoutes(site: Pick<OrderedSite, 'articles' | 'stats' | 'config' | 'terms'>, limits: OutputLimits): (JoinedRoute | FileRoute)[] {
  const parts = fullTextParts(site, limits.llmsFullPartWords);
  if (parts.length <= 1) return [{ kind: 'joined', url: '/llms-full.txt', parts: llmsFullSources(site), separator: SEPARATOR, type: TEXT }];
  return [
    text('/llms-full.txt', () => llmsFullIndex(site.config, parts, site.terms.length, limits.llmsFullPartWords)),
    ...parts.map((p): JoinedRoute => ({ kind: 'joined', url: p.url, parts: p.articles.map((a) => articleMarkdownUrl(a.slug)), separator: SEPARATOR, type: TEXT })),
  ];
}

/** /llms.txt, and on a large site the topic files and article lists it links to. */
export function llmsTxtRoutes(site: BuiltSite, limits: OutputLimits): FileRoute[] {
  const { config } = site;
  const datasets = [...site.source.datasets].sort((a, b) => a.slug.localeCompare(b.slug));
  const inputs = fileInputs(site);
  const articlesInputs = sharedInputs(() => JSON.stringify([config, inputs.articles(), datasets]));
  const termsInputs = sharedInputs(inputs.terms);
  const made = (...more: (string | number | (() => string))[]) => () => JSON.stringify([articlesInputs(), ...more.map((m) => (typeof m === 'function' ? m() : m))]);
  if (site.articles.length <= limits.llmsTxtArticles) return [text('/llms.txt', () => llmsTxt(config, site.articles, datasets, site.terms.length), () => JSON.stringify([config, inputs.articles(), datasets, site.terms.length]))];
  const size = limits.llmsLinksPerFile;
  const lists = chunk(site.articles, size);
  const bySlug = new Map(site.articles.map((a) => [a.slug, a]));
  const parts = fullTextParts(site, limits.llmsFullPartWords).length;
  const listFiles = lists.map((run, i) => ({
    url: llmsListUrl(i + 1), title: `Articles ${i * size + 1} to ${i * size + run.length}`,
    notes: `published ${run[run.length - 1].datePublished} to ${run[0].datePublished}`,
  }));
  const topics = site.clusters.map((c) => ({ url: llmsTopicUrl(c.id), title: c.name, notes: `${c.articles.length} articles, ${c.terms.length} terms${c.description.trim() ? `. ${c.description.trim().split('\n')[0]}` : ''}` }));
  const index = () => llmsIndexTxt(config, { articleCount: site.articles.length, termCount: site.terms.length, datasets, topics, lists: listFiles, fullTextParts: parts });
  return [
    // Its part count follows the articles' word counts, which no field hash holds: made each build (a few kilobytes).
    text('/llms.txt', index),
    ...lists.map((run, i) => text(listFiles[i].url, () => llmsArticleList(config, i + 1, lists.length, run), made(size, i))),
    ...site.clusters.map((c) => text(llmsTopicUrl(c.id), () => llmsTopicTxt(config, c, c.articles.map((a) => bySlug.get(a.slug)!), size), made(termsInputs, size, c.id))),
  ];
}
