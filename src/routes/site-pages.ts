/**
 * The HTML pages of the core site: home, articles list and pages, glossary and term pages, the
 * Markdown pages and the 404 page (spec §2). Decides URLs, titles, descriptions and JSON-LD.
 */
import { FILTER_CHIPS, GLOSSARY_STRUCTURED_TERMS, STRUCTURED_LIST_ITEMS } from '../constants.js';
import type { ArticleMeta } from '../model.js';
import type { BuiltSite, OrderedSite } from '../pipeline.js';
import { articleLd, breadcrumbLd, definedTermLd, definedTermSetLd, faqLd, itemListLd, websiteLd } from '../structured-data.js';
import type { ArticlePageProps } from '../../templates/pages/ArticlePage.js';
import type { TermPageProps } from '../../templates/pages/TermPage.js';
import { makeMeta } from './meta.js';
import { inlineText } from '../passes/article-fields.js';
import type { HtmlRoute } from './types.js';
import { articleCard, termData, termIndex } from './view-data.js';

/** `articlePages`: the articles' pages (articlePageRoutes), made before the rest, placed in order. */
export function sitePageRoutes(site: BuiltSite, articlePages: HtmlRoute[], extras: { termPage: (slug: string) => Pick<TermPageProps, 'backlinks' | 'related'> }): HtmlRoute[] {
  const { config } = site;
  const routes: HtmlRoute[] = [];
  const bySlug = new Map(site.articles.map((a) => [a.slug, a]));
  const terms = termIndex(site);
  const newest = site.articles.reduce((d, a) => (a.dateModified > d ? a.dateModified : d), '');

  routes.push({
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
  });

  const filterOptions = [...new Set([...site.articles.map((a) => a.jurisdiction), ...site.articles.flatMap((a) => a.tags)])];
  routes.push({
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
  });

  routes.push(...articlePages);

  const termNewest = site.terms.reduce((d, t) => (t.lastModified > d ? t.lastModified : d), '');
  routes.push({
    kind: 'html',
    url: '/glossary',
    template: 'glossary',
    lastmod: termNewest,
    props: {
      total: site.terms.length,
      letters: site.letterGroups.map((g) => g.letter),
      groups: site.letterGroups.map((g) => ({ letter: g.letter, terms: g.slugs.map((s) => termData(site, terms.get(s)!)) })),
      faq: config.glossaryFaq,
    },
    meta: makeMeta(config, {
      title: 'Glossary',
      description: `${site.terms.length} legal, evidence and e-discovery terms defined in plain language, with data fields and related terms.`,
      url: '/glossary',
      jsonLd: [definedTermSetLd(config, site.terms.slice(0, GLOSSARY_STRUCTURED_TERMS)), breadcrumbLd(config, [{ label: 'Home', href: '/' }, { label: 'Glossary', href: '/glossary' }])],
    }),
  });

  for (const t of site.terms) {
    const crumbs = [{ label: 'Home', href: '/' }, { label: 'Glossary', href: '/glossary' }, { label: t.title, href: `/glossary/${t.slug}` }];
    routes.push({
      kind: 'html',
      url: `/glossary/${t.slug}`,
      template: 'term',
      lastmod: t.lastModified,
      content: { type: 'glossary', slug: t.slug },
      props: { crumbs, term: termData(site, t), ...extras.termPage(t.slug), url: `${config.baseUrl}/glossary/${t.slug}`, editorialEmail: config.editorialEmail },
      meta: makeMeta(config, {
        title: t.title,
        description: truncate(t.definition, 160),
        url: `/glossary/${t.slug}`,
        keywords: [t.title, ...t.alsoCalled, ...t.tags],
        jsonLd: [{ '@context': 'https://schema.org', ...definedTermLd(config, t) }, breadcrumbLd(config, crumbs)],
      }),
    });
  }

  for (const page of site.source.pages) {
    routes.push({
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
    });
  }

  routes.push({
    kind: 'html',
    url: '/404',
    template: 'not-found',
    unlisted: true,
    props: {},
    meta: makeMeta(config, { title: 'Page Not Found', description: 'The page you were looking for could not be found.', url: '/404', noindex: true }),
  });
  return routes;
}

/** Every article's page. They need only the site's orders, so they are rendered while the
 * site-wide passes run. */
export function articlePageRoutes(site: OrderedSite): HtmlRoute[] {
  const lookups = { bySlug: new Map(site.articles.map((x) => [x.slug, x])), terms: termIndex(site) };
  return site.articles.map((a) => articlePageRoute(site, a, lookups));
}

/** The page of one article; `lookups` are the site's indexes, passed in when building every page. */
export function articlePageRoute(site: OrderedSite, a: ArticleMeta, lookups = { bySlug: new Map(site.articles.map((x) => [x.slug, x])), terms: termIndex(site) }): HtmlRoute {
  const { config } = site;
  const { bySlug, terms } = lookups;
  const body = site.bodies.get(a.slug)!;
  const fields = site.fields.get(a.slug)!;
  const stats = site.stats.get(a.slug)!;
  const crumbs = [{ label: 'Home', href: '/' }, { label: 'Articles', href: '/articles' }, { label: a.title, href: `/articles/${a.slug}` }];
  const props: ArticlePageProps = {
    crumbs,
    slug: a.slug,
    title: a.title,
    summary: a.summary,
    author: a.author,
    reviewedBy: a.reviewedBy,
    datePublished: a.datePublished,
    dateModified: a.dateModified,
    jurisdiction: a.jurisdiction,
    tags: a.tags,
    readingTime: stats.readingTime,
    answer: fields.answer && { slug: a.slug, title: fields.answer.title, pointsHtml: fields.answer.pointsHtml, citation: fields.answer.citation },
    takeawaysHtml: fields.takeawaysHtml,
    // Filled in where the body is (route.articleBody).
    bodyHtml: '',
    headings: body.headings,
    faq: fields.faq,
    references: a.references,
    seeAlso: a.seeAlso.map((ref) => {
      const [kind, slug] = ref.split('/');
      const label = kind === 'glossary' ? terms.get(slug)?.title : bySlug.get(slug)?.title;
      return { href: `/${ref}`, label: label ?? slug };
    }),
    downloads: a.downloads,
    editorialNoteHtml: fields.editorialNoteHtml,
    ...site.neighbours.get(a.slug),
    licenseName: config.license.name,
    licenseUrl: config.license.url,
    copyData: {
      slug: a.slug,
      title: a.title,
      url: `${config.baseUrl}/articles/${a.slug}`,
      product: config.name,
      dateModified: a.dateModified,
      jurisdiction: a.jurisdiction,
      tags: a.tags,
      points: fields.answer?.points ?? [],
      takeaways: a.keyTakeaways.map(inlineText),
      sources: a.references.map((r) => ({ title: r.source ? `${r.title}, ${r.source}` : r.title, url: r.url, pinpoint: r.pinpoint })),
      license: config.license.name,
    },
    editorialEmail: config.editorialEmail,
  };
  const jsonLd: object[] = [articleLd(config, a, stats.wordCount), breadcrumbLd(config, crumbs)];
  if (fields.faq.length) jsonLd.push(faqLd(fields.faq));
  return {
    kind: 'html',
    url: `/articles/${a.slug}`,
    template: 'article',
    lastmod: a.dateModified,
    content: { type: 'article', slug: a.slug },
    articleBody: a.slug,
    props,
    meta: makeMeta(config, { title: a.title, description: a.description, url: `/articles/${a.slug}`, keywords: a.tags, ogType: 'article', jsonLd }),
  };
}

/** The first sentence of a definition, for compact previews. */
export function firstSentence(text: string): string {
  const m = /^.+?[.!?](?=\s+[A-Z]|$)/s.exec(text.trim());
  return m ? m[0] : text.trim();
}

/** Cuts at a word boundary and adds an ellipsis, for meta descriptions. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 0 ? cut.lastIndexOf(' ') : cut.length).replace(/[,;:.]$/, '')}…`;
}
