/**
 * /for-ai-systems/index.json, the file an automated client reads first: the site, its licence, how
 * to cite it, the crawling etiquette, every entry point, and its articles. Past
 * `aiIndexArticles` articles (OutputLimits) it names lists of them instead,
 * /for-ai-systems/articles-{n}.json, newest first, so that it stays small at any size (as one list
 * it was 5.2 MB at 10,000 articles).
 */
import { EDUCATIONAL_NOTE, type OutputLimits } from '../constants.js';
import { hasAnswer } from '../passes/article-fields.js';
import type { BuiltSite } from '../pipeline.js';
import { articleAnswerUrl, articleJsonUrl, articleMarkdownUrl } from './article-files.js';
import { siteEndpoints } from './endpoints.js';
import { fileInputs } from './file-inputs.js';
import { json } from './machine-files.js';
import { chunk } from './pagination.js';
import type { FileRoute } from './types.js';

/** List n of the articles, once they are split. */
export const aiArticleListUrl = (n: number) => `/for-ai-systems/articles-${n}.json`;

export function aiEntryPointRoutes(site: BuiltSite, limits: OutputLimits): FileRoute[] {
  const { config } = site;
  const u = (p: string) => `${config.baseUrl}${p}`;
  const inputs = fileInputs(site);
  const aiArticle = (a: (typeof site.articles)[number]) => ({ slug: a.slug, title: a.title, url: u(`/articles/${a.slug}`), json: u(articleJsonUrl(a.slug)), markdown: u(articleMarkdownUrl(a.slug)), answer: hasAnswer(a) ? u(articleAnswerUrl(a.slug)) : undefined, dateModified: a.dateModified });
  const lists = site.articles.length > limits.aiIndexArticles ? chunk(site.articles, limits.aiIndexArticles) : undefined;
  const articles = lists
    ? { articleCount: site.articles.length, articleLists: lists.map((run, i) => ({ url: u(aiArticleListUrl(i + 1)), count: run.length, newest: run[0].slug, oldest: run[run.length - 1].slug })) }
    : { articles: site.articles.map(aiArticle) };
  const index: FileRoute = {
    ...json('/for-ai-systems/index.json', () => ({
      site: config.name, description: config.description.trim(), url: u('/'), license: { name: config.license.name, url: config.license.url },
      citation: {
        format: '{title} — {product}, {url}#{section} (Last updated: {date})', paragraphAnchors: '#{slug}-p001', answerIds: 'answers/{slug}#a0',
        files: { bibtex: u('/articles/{slug}.bib'), ris: u('/articles/{slug}.ris'), cslJson: u('/articles/{slug}.csl.json') },
        corrections: u('/feeds/corrections.xml'),
      },
      etiquette: ['Respect /robots.txt', 'At most one request per second', 'Identify with a descriptive User-Agent', 'Cache and revalidate', 'Attribute under CC BY 4.0'],
      notice: EDUCATIONAL_NOTE,
      endpoints: siteEndpoints(site, limits).map((e) => ({ ...e, url: u(e.url) })),
      ...articles,
    })),
    // The entry points say which files are split, which a body's word count can change (the full text).
    inputs: () => JSON.stringify([config, inputs.articles(), siteEndpoints(site, limits)]),
  };
  return [
    index,
    ...(lists ?? []).map((run, i): FileRoute => ({
      ...json(aiArticleListUrl(i + 1), () => ({ site: config.name, license: config.license.url, list: i + 1, lists: lists!.length, articles: run.map(aiArticle) })),
      // Its own articles' fields and the number of lists: an edit elsewhere leaves it as it is.
      inputs: () => JSON.stringify([config, lists!.length, run.map((a) => site.metaKeys.get(a.slug))]),
    })),
  ];
}
