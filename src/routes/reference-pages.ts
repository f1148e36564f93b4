/**
 * Reference and graph pages: /answers, /templates, /datasets, /datasets/{slug}, /for-ai-systems,
 * /api, /content-recommendations, /analytics, /integrations, /search and the feeds' pages (spec §2,
 * §7; feeds.ts); /recommendations/{type}/{slug} are in page-families.ts.
 */
import { JURISDICTIONS, type OutputLimits } from '../constants.js';
import type { Dataset } from '../model.js';
import type { BuiltSite } from '../pipeline.js';
import { hasAnswer } from '../passes/article-fields.js';
import { breadcrumbLd, datasetLd, itemListLd, knowledgeGraphLd } from '../structured-data.js';
import { siteEndpoints } from './endpoints.js';
import { feedPageRoutes } from './feeds.js';
import { answerListRoutes, listPages, listPageMeta } from './list-pages.js';
import { makeMeta } from './meta.js';
import { searchUrl } from './search-links.js';
import type { HtmlRoute, PageRef } from './types.js';
import { articleCard } from './view-data.js';

const FORMAT_NAMES: Record<string, string> = { csv: 'CSV', json: 'JSON', md: 'Markdown', pdf: 'PDF', txt: 'Text' };

/** `recommendationPages`: those pages' refs (graphPageRefs), placed in order. /answers and
 * /content-recommendations go on over numbered pages once they hold more than `limits` allow. */
export function referencePageRoutes(site: BuiltSite, recommendationPages: PageRef[], limits: OutputLimits): (HtmlRoute | PageRef)[] {
  const newest = site.articles.reduce((d, a) => (a.dateModified > d ? a.dateModified : d), '');
  const datasets = [...site.source.datasets].sort((a, b) => a.title.localeCompare(b.title));
  const answered = site.articles.filter(hasAnswer);
  // Every link the single page would hold: each topic's articles, then every article and term.
  const recommendationLinks = site.clusters.reduce((n, c) => n + c.articles.length, site.articles.length + site.terms.length);
  return [
    ...(answered.length > limits.listPageItems ? answerListRoutes(site, answered, newest, limits.listPageItems) : [answersRoute(site, newest)]),
    templatesRoute(site, newest),
    datasetsRoute(site, datasets),
    ...datasets.map((d) => datasetRoute(site, d)),
    forAiRoute(site, newest, limits),
    apiRoute(site, newest, limits),
    ...recommendationPages,
    ...(recommendationLinks > limits.recommendationLinksPerPage ? contentRecommendationsPages(site, newest, limits) : [contentRecommendationsRoute(site, newest)]),
    analyticsRoute(site, newest),
    integrationsRoute(site, newest),
    ...feedPageRoutes(site),
    searchRoute(site),
  ];
}

/** The breadcrumbs of a page one level below home. */
function crumbs(label: string, href: string): { label: string; href: string }[] {
  return [{ label: 'Home', href: '/' }, { label, href }];
}

/** `/answers`: every article with a short answer. */
function answersRoute(site: BuiltSite, newest: string): HtmlRoute {
  const { config } = site;
  const answered = site.articles.filter(hasAnswer);
  return {
    kind: 'html', url: '/answers', template: 'answers', lastmod: newest,
    props: { items: answered.map((a) => articleCard(site, a)) },
    meta: makeMeta(config, {
      title: 'Answers', description: `Structured, citable short answers from ${answered.length} articles, with IDs and JSON downloads.`, url: '/answers',
      jsonLd: [breadcrumbLd(config, crumbs('Answers', '/answers')), itemListLd(config, 'Answers', answered.slice(0, 10).map((a) => ({ url: `/articles/${a.slug}`, name: a.title })))],
    }),
  };
}

/** `/templates`: every downloadable template, with its format, size and the articles that use it. */
function templatesRoute(site: BuiltSite, newest: string): HtmlRoute {
  const { config } = site;
  const articleTitles = new Map(site.articles.map((a) => [a.slug, a.title]));
  const downloads = site.templates.filter((t) => t.body);
  return {
    kind: 'html', url: '/templates', template: 'templates', lastmod: newest,
    props: {
      items: downloads.map((t) => ({
        href: `/templates/${t.name}`, name: t.name, title: t.title, description: t.description, format: FORMAT_NAMES[t.name.split('.').pop()!] ?? 'File', bytes: t.body!.byteLength,
        usedBy: t.usedBy.filter((s) => articleTitles.has(s)).map((s) => ({ href: `/articles/${s}`, title: articleTitles.get(s)! })),
      })),
    },
    meta: makeMeta(config, { title: 'Templates', description: 'Downloadable templates and schemas: privilege logs, chronology fact tables, AI-use logs and vendor due diligence.', url: '/templates', jsonLd: [breadcrumbLd(config, crumbs('Templates', '/templates'))] }),
  };
}

/** `/datasets`: every dataset (`datasets`, sorted by title). */
function datasetsRoute(site: BuiltSite, datasets: Dataset[]): HtmlRoute {
  const { config } = site;
  return {
    kind: 'html', url: '/datasets', template: 'datasets', lastmod: datasets.reduce((d, x) => (x.dateModified > d ? x.dateModified : d), ''),
    props: { items: datasets.map((d) => ({ slug: d.slug, title: d.title, description: d.description, dateModified: d.dateModified, fieldCount: d.fields.length })) },
    meta: makeMeta(config, {
      title: 'Datasets', description: 'Data standards for legal work with JSON Schemas and CSV templates, licensed CC BY 4.0.', url: '/datasets',
      // An empty ItemList is invalid structured data (a site without datasets).
      jsonLd: [breadcrumbLd(config, crumbs('Datasets', '/datasets')), ...(datasets.length ? [itemListLd(config, 'Datasets', datasets.slice(0, 10).map((d) => ({ url: `/datasets/${d.slug}`, name: d.title })))] : [])],
    }),
  };
}

/** `/datasets/{slug}`: one dataset's fields, downloads, licence and citation. */
function datasetRoute(site: BuiltSite, d: Dataset): HtmlRoute {
  const { config } = site;
  const c = [...crumbs('Datasets', '/datasets'), { label: d.title, href: `/datasets/${d.slug}` }];
  return {
    kind: 'html', url: `/datasets/${d.slug}`, template: 'dataset', lastmod: d.dateModified,
    props: {
      crumbs: c, slug: d.slug, url: `${config.baseUrl}/datasets/${d.slug}`, title: d.title, description: d.description, datePublished: d.datePublished, dateModified: d.dateModified,
      licenseName: config.license.name, licenseUrl: config.license.url, fields: d.fields,
      downloads: d.distributions.map((x) => ({ label: x.format === 'application/json' ? 'JSON Schema' : 'CSV Template', href: x.url, format: x.format })),
      citation: `${d.title}. ${config.name} (${config.publisher.name}), ${config.baseUrl}/datasets/${d.slug}. Last modified ${d.dateModified}. ${config.license.name}.`,
    },
    meta: makeMeta(config, { title: d.title, description: d.description.split('. ')[0].slice(0, 160), url: `/datasets/${d.slug}`, jsonLd: [datasetLd(config, d), breadcrumbLd(config, c)] }),
  };
}

/** `/for-ai-systems`: licence, citation example and every machine-readable entry point. */
function forAiRoute(site: BuiltSite, newest: string, limits: OutputLimits): HtmlRoute {
  const { config } = site;
  // The newest article with an answer, whose answer box is the `#answer` the example cites; with
  // none, the newest article, cited as a page.
  const answered = site.articles.find(hasAnswer);
  const example = answered ?? site.articles[0];
  const cited = example && `${config.baseUrl}/articles/${example.slug}${answered ? '#answer' : ''}`;
  return {
    kind: 'html', url: '/for-ai-systems', template: 'for-ai', lastmod: newest,
    props: {
      siteName: config.name, baseUrl: config.baseUrl, licenseName: config.license.name, licenseUrl: config.license.url, endpoints: siteEndpoints(site, limits),
      exampleCitation: example ? `${example.title} — ${config.name}, ${cited} (Last updated: ${example.dateModified})` : config.name,
    },
    meta: makeMeta(config, { title: 'For AI Systems', description: `How AI systems and crawlers can cite, reuse and fetch ${config.name}: licence, etiquette and every machine-readable entry point.`, url: '/for-ai-systems', jsonLd: [breadcrumbLd(config, crumbs('For AI Systems', '/for-ai-systems'))] }),
  };
}

/** `/api`: the site's counts, its endpoints and topic clusters. */
function apiRoute(site: BuiltSite, newest: string, limits: OutputLimits): HtmlRoute {
  const { config } = site;
  return {
    kind: 'html', url: '/api', template: 'api', lastmod: newest,
    props: {
      metrics: { articles: site.articles.length, terms: site.terms.length, topicAreas: site.topTags.length, jurisdictions: JURISDICTIONS.filter((j) => site.articles.some((a) => a.jurisdiction === j) || site.terms.some((t) => t.jurisdictions.includes(j))).length },
      endpoints: siteEndpoints(site, limits),
      clusters: site.clusters,
    },
    meta: makeMeta(config, { title: 'Content API and Knowledge Graph', description: 'Static JSON, CSV, feeds and a knowledge graph of every article and glossary term.', url: '/api', jsonLd: [breadcrumbLd(config, crumbs('API', '/api')), knowledgeGraphLd(config, newest)] }),
  };
}

/** `/content-recommendations`: the recommendation pages of every article and term, by topic. */
function contentRecommendationsRoute(site: BuiltSite, newest: string): HtmlRoute {
  const { config } = site;
  return {
    kind: 'html', url: '/content-recommendations', template: 'content-recommendations', lastmod: newest,
    props: { clusters: site.clusters, articles: site.articles.map((a) => ({ slug: a.slug, title: a.title })), terms: site.terms.map((t) => ({ slug: t.slug, title: t.title })) },
    meta: makeMeta(config, { title: 'Content Recommendations', description: 'Recommendation pages for every article and glossary term, grouped by topic.', url: '/content-recommendations', jsonLd: [breadcrumbLd(config, crumbs('Recommendations', '/content-recommendations'))] }),
  };
}

/** `/content-recommendations` over numbered pages: the topics (first page) show their first articles
 * and a search for all of them; every article's and term's recommendation page is listed, articles
 * first, over the pages. */
function contentRecommendationsPages(site: BuiltSite, newest: string, limits: OutputLimits): HtmlRoute[] {
  const { config } = site;
  const links = [
    ...site.articles.map((a) => ({ kind: 'article' as const, slug: a.slug, title: a.title, dateModified: a.dateModified })),
    ...site.terms.map((t) => ({ kind: 'term' as const, slug: t.slug, title: t.title, dateModified: t.lastModified })),
  ];
  const preview = limits.recommendationTopicPreview;
  const clusters = site.clusters.map((c) => ({
    id: c.id, name: c.name, description: c.description, articles: c.articles.slice(0, preview),
    more: c.articles.length > preview ? { count: c.articles.length, href: searchUrl({ type: 'article', tag: c.id }) } : undefined,
  }));
  return listPages('/content-recommendations', links, limits.recommendationLinksPerPage, 'Content Recommendations', newest).map((page) => ({
    kind: 'html', url: page.url, template: 'content-recommendations', lastmod: page.lastmod,
    props: {
      clusters: page.n === 1 ? clusters : undefined,
      articles: page.items.filter((l) => l.kind === 'article').map(({ slug, title }) => ({ slug, title })),
      terms: page.items.filter((l) => l.kind === 'term').map(({ slug, title }) => ({ slug, title })),
      range: page.range, pager: page.pager,
    },
    meta: listPageMeta(
      config, page, 'Recommendation pages for every article and glossary term, grouped by topic.', { label: 'Recommendations', href: '/content-recommendations' },
      page.items.map((l) => ({ url: `/recommendations/${l.kind}/${l.slug}`, name: l.title })),
    ),
  }));
}

/** `/analytics`: reading analytics recorded in the reader's browser, and webhooks for their automation service. */
function analyticsRoute(site: BuiltSite, newest: string): HtmlRoute {
  const { config } = site;
  return {
    kind: 'html', url: '/analytics', template: 'analytics', lastmod: newest, props: {},
    meta: makeMeta(config, { title: 'Analytics and Automations', description: 'Reading analytics recorded in your browser, and webhooks for your automation service.', url: '/analytics', jsonLd: [breadcrumbLd(config, crumbs('Analytics', '/analytics'))] }),
  };
}

/** `/integrations`: feeds and webhook subscriptions. */
function integrationsRoute(site: BuiltSite, newest: string): HtmlRoute {
  const { config } = site;
  return {
    kind: 'html', url: '/integrations', template: 'integrations', lastmod: newest, props: { baseUrl: config.baseUrl },
    meta: makeMeta(config, { title: 'Integration Hub', description: 'Content feeds and webhook subscriptions for the site.', url: '/integrations', jsonLd: [breadcrumbLd(config, crumbs('Integrations', '/integrations'))] }),
  };
}

/** `/search`: unlisted and not indexed. */
function searchRoute(site: BuiltSite): HtmlRoute {
  const { config } = site;
  return {
    kind: 'html', url: '/search', template: 'search', unlisted: true, props: {},
    meta: makeMeta(config, { title: 'Search', description: `Search the articles, glossary and datasets of ${config.name}.`, url: '/search', noindex: true }),
  };
}
