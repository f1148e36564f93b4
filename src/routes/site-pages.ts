/**
 * The HTML pages of the core site: home, articles list, glossary, the Markdown pages and the 404
 * page (spec §2), and the references to the article, term and recommendation pages, which are built
 * where they are rendered (page-families.ts). Decides URLs, titles, descriptions and JSON-LD.
 */
import { FILTER_CHIPS, GLOSSARY_STRUCTURED_TERMS, type OutputLimits, STRUCTURED_LIST_ITEMS } from '../constants.js';
import type { BuiltSite, GraphSite, OrderedSite } from '../pipeline.js';
import { breadcrumbLd, definedTermSetLd, itemListLd, websiteLd } from '../structured-data.js';
import { glossaryLetterRoutes } from './glossary-pages.js';
import { articleListRoutes } from './list-pages.js';
import { makeMeta } from './meta.js';
import { articlePageRef, recommendationPageRef, termPageRef } from './page-families.js';
import { nodeKey } from '../passes/backlinks.js';
import { termRelations } from './term-extras.js';
import type { HtmlRoute, PageRef } from './types.js';
import { articleCard, termData, termIndex } from './view-data.js';

/** `families`: the pages built where they are rendered (articlePageRefs, graphPageRefs), listed before
 * the rest, placed in order. The articles list and the glossary are the spec's single pages while
 * the site fits one page (`limits`), and numbered or per-letter pages past that. */
export function sitePageRoutes(site: BuiltSite, families: FamilyRefs, limits: OutputLimits): (HtmlRoute | PageRef)[] {
  const newest = site.articles.reduce((d, a) => (a.dateModified > d ? a.dateModified : d), '');
  return [
    homeRoute(site, newest),
    ...(site.articles.length > limits.listPageItems ? articleListRoutes(site, newest, limits.listPageItems) : [articlesRoute(site, newest)]),
    ...families.articles,
    ...(site.terms.length > limits.glossaryPageTerms ? glossaryLetterRoutes(site, limits.glossaryPageTerms) : [glossaryRoute(site)]),
    ...families.terms,
    ...contentPageRoutes(site),
    notFoundRoute(site),
  ];
}

/** The home page (`/`): the site's name and tagline, the latest articles and sample terms of site.yaml. */
function homeRoute(site: BuiltSite, newest: string): HtmlRoute {
  const { config } = site;
  const bySlug = new Map(site.articles.map((a) => [a.slug, a]));
  const terms = termIndex(site);
  return {
    kind: 'html',
    url: '/',
    template: 'home',
    lastmod: newest,
    props: {
      name: config.name,
      tagline: config.tagline,
      description: config.description,
      latest: config.home.latestArticles.map((s) => articleCard(site, bySlug.get(s)!)),
      sampleTerms: config.home.sampleTerms.map((s) => ({ slug: s, title: terms.get(s)!.title, definition: firstSentence(terms.get(s)!.definition) })),
    },
    meta: makeMeta(config, { title: config.name, description: config.description, url: '/', jsonLd: [websiteLd(config)] }),
  };
}

/** The articles list (`/articles`): every article's card and the filters (jurisdictions, then tags). */
function articlesRoute(site: BuiltSite, newest: string): HtmlRoute {
  const { config } = site;
  const filterOptions = [...new Set([...site.articles.map((a) => a.jurisdiction), ...site.articles.flatMap((a) => a.tags)])];
  return {
    kind: 'html',
    url: '/articles',
    template: 'articles',
    lastmod: newest,
    props: { articles: site.articles.map((a) => articleCard(site, a)), chips: filterOptions.slice(0, FILTER_CHIPS), allFilters: filterOptions },
    meta: makeMeta(config, {
      title: 'Articles',
      description: `Articles on fact-first legal practice from ${config.name}: chronologies, evidence, privilege logs, disclosure and AI tools.`,
      url: '/articles',
      jsonLd: [
        breadcrumbLd(config, [{ label: 'Home', href: '/' }, { label: 'Articles', href: '/articles' }]),
        itemListLd(config, 'Articles', site.articles.slice(0, STRUCTURED_LIST_ITEMS).map((a) => ({ url: `/articles/${a.slug}`, name: a.title }))),
      ],
    }),
  };
}

/** The glossary (`/glossary`): every term by letter, and the glossary's FAQ. */
function glossaryRoute(site: BuiltSite): HtmlRoute {
  const { config } = site;
  const terms = termIndex(site);
  const termTitle = (slug: string) => terms.get(slug)?.title;
  const termNewest = site.terms.reduce((d, t) => (t.lastModified > d ? t.lastModified : d), '');
  return {
    kind: 'html',
    url: '/glossary',
    template: 'glossary',
    lastmod: termNewest,
    props: {
      total: site.terms.length,
      letters: site.letterGroups.map((g) => g.letter),
      groups: site.letterGroups.map((g) => ({ letter: g.letter, terms: g.slugs.map((s) => termData(terms.get(s)!, termTitle)) })),
      faq: config.glossaryFaq,
    },
    meta: makeMeta(config, {
      title: 'Glossary',
      description: `${site.terms.length} legal, evidence and e-discovery terms defined in plain language, with data fields and related terms.`,
      url: '/glossary',
      jsonLd: [definedTermSetLd(config, site.terms.slice(0, GLOSSARY_STRUCTURED_TERMS)), breadcrumbLd(config, [{ label: 'Home', href: '/' }, { label: 'Glossary', href: '/glossary' }])],
    }),
  };
}

/** One page per Markdown file of content/pages (`/{name}`). */
function contentPageRoutes(site: BuiltSite): HtmlRoute[] {
  const { config } = site;
  return site.source.pages.map((page) => ({
    kind: 'html',
    url: `/${page.name}`,
    template: 'content',
    lastmod: page.dateModified,
    props: { title: page.title, dateModified: page.dateModified, bodyHtml: site.pageBodies.get(page.name)!.html },
    meta: makeMeta(config, {
      title: page.title,
      description: page.description,
      url: `/${page.name}`,
      jsonLd: [breadcrumbLd(config, [{ label: 'Home', href: '/' }, { label: page.title, href: `/${page.name}` }])],
    }),
  }));
}

/** The 404 page: unlisted and not indexed. */
function notFoundRoute(site: BuiltSite): HtmlRoute {
  return {
    kind: 'html',
    url: '/404',
    template: 'not-found',
    unlisted: true,
    props: {},
    meta: makeMeta(site.config, { title: 'Page Not Found', description: 'The page you were looking for could not be found.', url: '/404', noindex: true }),
  };
}

/** The pages built where they are rendered (page-families.ts), in site order. */
export interface FamilyRefs {
  articles: PageRef[];
  terms: PageRef[];
  recommendations: PageRef[];
}

/** Every article's page. They need only the site's orders, so each is rendered with its article's
 * body, before the site-wide passes run. */
export function articlePageRefs(site: Pick<OrderedSite, 'articles' | 'terms' | 'neighbours'>): PageRef[] {
  const title = seeAlsoTitles(site);
  return site.articles.map((a) => articlePageRef(a, site.neighbours.get(a.slug)!, title));
}

/** The title of an article's see-also reference ("glossary/{slug}" or "articles/{slug}"), if it exists. */
export function seeAlsoTitles(site: Pick<OrderedSite, 'articles' | 'terms'>): (ref: string) => string | undefined {
  const articles = new Map(site.articles.map((a) => [a.slug, a.title]));
  const terms = termIndex(site);
  return (ref) => {
    const [kind, slug] = ref.split('/');
    return kind === 'glossary' ? terms.get(slug)?.title : articles.get(slug);
  };
}

/** Every term's page and every item's recommendations page: they need the graph passes. */
export function graphPageRefs(site: GraphSite): Pick<FamilyRefs, 'terms' | 'recommendations'> {
  const terms = termIndex(site);
  const termTitle = (slug: string) => terms.get(slug)?.title;
  const nodeOf = new Map(site.recommendations.nodes.map((n, i) => [n.key, i]));
  return {
    terms: site.terms.map((t) => termPageRef(t, nodeOf.get(nodeKey('glossary', t.slug))!, () => termRelations(site, t.slug), termTitle, site.backlinks.key)),
    recommendations: site.recommendations.nodes.map((node, i) => recommendationPageRef(node, i)),
  };
}

/** The first sentence of a definition, for compact previews. */
export function firstSentence(text: string): string {
  const m = /^.+?[.!?](?=\s+[A-Z]|$)/s.exec(text.trim());
  return m ? m[0] : text.trim();
}
