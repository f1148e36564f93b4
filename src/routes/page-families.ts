/**
 * The three large families of pages: each article's page, each term's page and each item's
 * recommendations page (spec §2). Their routes are built where they are rendered (a shard,
 * src/engine), from the small inputs the main thread lists them with (PageRef): an article's page
 * with its body, from its neighbours and see-also titles; a recommendations page from the
 * recommendations context every shard receives once. So the pages' props never travel between threads.
 * URLs are decided here, once, for both the refs and the routes.
 */
import type { ArticleFields } from '../passes/article-fields.js';
import type { ArticleMeta, ArticleStats, Heading, SiteConfig, Term } from '../model.js';
import type { Recommendations } from '../model/recommendations.js';
import { type RecContext, type RecNode, recommendationsFingerprint, recommendationsFor } from '../passes/recommendations.js';
import type { Neighbours } from '../passes/site-order.js';
import { PRIVILEGE_LOG_ARTICLE } from '../constants.js';
import { articleLd, breadcrumbLd, definedTermLd, faqLd, highwireTags } from '../structured-data.js';
import { CHANGE_KIND_LABELS, changeLog } from '../passes/change-log.js';
import { articleCitationText } from '../../templates/client/lib/formats.js';
import type { ArticlePageProps, LinkedItem } from '../../templates/types.js';
import { articleJsonUrl, articleMarkdownUrl, CITATION_FILES } from './article-files.js';
import { makeMeta } from './meta.js';
import type { FamilyInput, HtmlRoute, KeyedInput, PageRef } from './types.js';
import { hashOf } from '../hash.js';
import { termData } from './view-data.js';

/** Related content shown on a term page (spec §9: related default 5). */
export const RELATED_ON_TERM_PAGE = 5;

/** What a shard has to build family routes with. */
export interface FamilyContext {
  config: SiteConfig;
  recs?: RecContext;
}

/** An article and what its own passes made of it. */
export interface ArticleParts {
  article: ArticleMeta;
  body: { headings: Heading[]; html: string; pageHtml: string };
  fields: ArticleFields;
  stats: ArticleStats;
}

/**
 * A fingerprint of everything a term's or an item's recommendations page is made from (its route
 * is a pure function of these): the family input and the recommendations' inputs, by version.
 * With the site config and the render context (the caller's), it decides whether the page changed
 * without making it.
 */
export function familyFingerprint(input: FamilyInput, recs: RecContext): string {
  if (input.family === 'article') throw new Error('an article page is fingerprinted with its body (shard.ts)');
  const rec = recommendationsFingerprint(recs, input.node);
  // A term page does not show its item's index, which moves when articles come and go.
  return input.family === 'recommendations' ? `recommendations:${rec}` : `term:${rec}:${JSON.stringify({ ...input, node: undefined })}`;
}

/** As familyFingerprint, for a page whose input is named by its key (PageRef.keyed). */
export function keyedFamilyFingerprint(keyed: KeyedInput, recs: RecContext): string {
  return `${keyed.family}-key:${recommendationsFingerprint(recs, keyed.node)}:${keyed.key}`;
}

/** A term's or an item's recommendations page (an article's page is made with its body). */
export function buildFamilyRoute(input: FamilyInput, ctx: FamilyContext): HtmlRoute {
  if (input.family === 'article') throw new Error('an article page is made with its body (loadArticles)');
  const recs = ctx.recs!;
  const rec = recommendationsFor(recs, input.node);
  if (input.family === 'recommendations') return recommendationPageRoute(ctx.config, recs.nodes[input.node], rec);
  const titles = new Map(input.titles);
  return termPageRoute(ctx.config, input.term, (slug) => titles.get(slug), { backlinks: input.backlinks, related: relatedOnTermPage(input, rec) });
}

// Articles

const articleUrl = (slug: string) => `/articles/${slug}`;

export function articlePageRef(a: ArticleMeta, neighbours: Neighbours, title: (ref: string) => string | undefined): PageRef {
  return { kind: 'page', url: articleUrl(a.slug), template: 'article', lastmod: a.dateModified, input: { family: 'article', neighbours, titles: knownTitles(a.seeAlso, title) } };
}

/** The page of one article; `title` resolves a see-also reference ("glossary/x", "articles/y"). */
export function articlePageRoute(config: SiteConfig, parts: ArticleParts, neighbours: Neighbours, title: (ref: string) => string | undefined): HtmlRoute {
  const { article: a, fields, stats } = parts;
  const props = articlePageProps(config, parts, neighbours, title);
  const jsonLd: object[] = [articleLd(config, a, stats.wordCount, parts.body.html), breadcrumbLd(config, props.crumbs)];
  if (fields.faq.length) jsonLd.push(faqLd(fields.faq));
  return {
    kind: 'html',
    url: articleUrl(a.slug),
    template: 'article',
    lastmod: a.dateModified,
    content: { type: 'article', slug: a.slug },
    props,
    meta: {
      ...makeMeta(config, { title: a.title, description: a.description, url: articleUrl(a.slug), keywords: a.tags, ogType: 'article', jsonLd }),
      // The machine versions of the page, for crawlers and language models that look for them.
      alternates: [
        { type: 'text/markdown', href: articleMarkdownUrl(a.slug), title: `${a.title} (Markdown)` },
        { type: 'application/json', href: articleJsonUrl(a.slug), title: `${a.title} (JSON)` },
      ],
      citation: highwireTags(config, a),
    },
  };
}

function articlePageProps(config: SiteConfig, parts: ArticleParts, neighbours: Neighbours, title: (ref: string) => string | undefined): ArticlePageProps {
  const { article: a, body, fields, stats } = parts;
  const copyData = articleCopyData(config, parts);
  return {
    crumbs: [{ label: 'Home', href: '/' }, { label: 'Articles', href: '/articles' }, { label: a.title, href: articleUrl(a.slug) }],
    slug: a.slug,
    formerSlugs: a.formerSlugs,
    title: a.title,
    summary: a.summary,
    author: a.author,
    reviewedBy: a.reviewedBy,
    datePublished: a.datePublished,
    dateModified: a.dateModified,
    lawStatedAt: a.lawStatedAt,
    jurisdiction: a.jurisdiction,
    tags: a.tags,
    readingTime: stats.readingTime,
    answer: fields.answer && { slug: a.slug, title: fields.answer.title, pointsHtml: fields.answer.pointsHtml, citation: fields.answer.citation },
    takeawaysHtml: fields.takeawaysHtml,
    bodyHtml: body.pageHtml,
    headings: body.headings,
    faq: fields.faq,
    references: a.references,
    referencesTitle: a.slug === PRIVILEGE_LOG_ARTICLE ? 'Citations' : 'References',
    seeAlso: a.seeAlso.map((ref) => ({ href: `/${ref}`, label: title(ref) ?? ref.split('/')[1] })),
    // An article whose body has its own Downloads section gets no second one.
    downloads: body.headings.some(isDownloadsHeading) ? [] : a.downloads,
    editorialNoteHtml: fields.editorialNoteHtml,
    ...neighbours,
    licenseName: config.license.name,
    licenseUrl: config.license.url,
    copyData,
    editorialEmail: config.editorialEmail,
    changes: changeLog(a).map((c) => ({ ...c, label: CHANGE_KIND_LABELS[c.kind] })),
    cite: { text: articleCitationText(copyData), files: CITATION_FILES.map((f) => ({ href: `${articleUrl(a.slug)}${f.suffix}`, label: f.label, type: f.type.split(';')[0] })) },
  };
}

/** What the copy buttons and ¶ links copy (spec §9 formats). */
function articleCopyData(config: SiteConfig, { article: a, fields }: ArticleParts): ArticlePageProps['copyData'] {
  return {
    slug: a.slug,
    title: a.title,
    url: `${config.baseUrl}${articleUrl(a.slug)}`,
    product: config.name,
    dateModified: a.dateModified,
    jurisdiction: a.jurisdiction,
    tags: a.tags,
    points: fields.answer?.points ?? [],
    takeaways: fields.takeaways,
    sources: a.references.map((r) => ({ title: r.source ? `${r.title}, ${r.source}` : r.title, url: r.url, pinpoint: r.pinpoint })),
    license: config.license.name,
  };
}

const isDownloadsHeading = (h: Heading) => h.level === 2 && h.text.trim().toLowerCase() === 'downloads';

// Terms

const termUrl = (slug: string) => `/glossary/${slug}`;

/** `node`: the term's item in the recommendations context; `relations`: what refers to it and what
 * shares tags with it (term-extras.ts); `title` resolves a term slug. */
export function termPageRef(t: Term, node: number, relations: () => { backlinks: LinkedItem[]; sharedTags: LinkedItem[] }, title: (slug: string) => string | undefined, backlinksKey?: string): PageRef {
  const titles = knownTitles([...t.contrastWith, ...t.seeAlso], title);
  let input: FamilyInput | undefined;
  return {
    kind: 'page',
    url: termUrl(t.slug),
    template: 'term',
    lastmod: t.lastModified,
    // The relations are made only when the input is read: a rebuild reads it only for the pages
    // whose fingerprint changed (engine/emit-site.ts).
    get input(): FamilyInput {
      return (input ??= { family: 'term', term: t, node, ...relations(), titles });
    },
    // The term, its titles and the backlinks' key say what the input holds, but for `node` (which
    // the page does not show): the relations are those of the backlinks.
    ...(backlinksKey === undefined ? {} : { keyed: { family: 'term', node, key: hashOf('term-input', backlinksKey, JSON.stringify(t), JSON.stringify(titles)) } }),
  };
}

export function termPageRoute(config: SiteConfig, t: Term, title: (slug: string) => string | undefined, extras: { backlinks: LinkedItem[]; related: LinkedItem[] }): HtmlRoute {
  const crumbs = [{ label: 'Home', href: '/' }, { label: 'Glossary', href: '/glossary' }, { label: t.title, href: termUrl(t.slug) }];
  return {
    kind: 'html',
    url: termUrl(t.slug),
    template: 'term',
    lastmod: t.lastModified,
    content: { type: 'glossary', slug: t.slug },
    props: { crumbs, term: termData(t, title), ...extras, url: `${config.baseUrl}${termUrl(t.slug)}`, editorialEmail: config.editorialEmail },
    meta: makeMeta(config, {
      title: t.title,
      description: truncate(t.definition, 160),
      url: termUrl(t.slug),
      keywords: [t.title, ...t.alsoCalled, ...t.tags],
      jsonLd: [{ '@context': 'https://schema.org', ...definedTermLd(config, t) }, breadcrumbLd(config, crumbs)],
    }),
  };
}

/** A term page's "Related content": the items sharing the most tags with it (that do not already
 * refer to it), then its first similar and related items, none listed twice. */
function relatedOnTermPage(input: { backlinks: LinkedItem[]; sharedTags: LinkedItem[] }, rec: Recommendations): LinkedItem[] {
  const recommended = [...rec.similar, ...rec.related].map((r): LinkedItem => ({
    href: r.item.type === 'term' ? termUrl(r.item.slug) : articleUrl(r.item.slug),
    title: r.item.title,
    type: r.item.type,
  }));
  const shown = new Set(input.backlinks.map((b) => b.href));
  const out: LinkedItem[] = [];
  for (const item of [...input.sharedTags, ...recommended]) {
    if (out.length === RELATED_ON_TERM_PAGE) break;
    if (shown.has(item.href)) continue;
    out.push(item);
    shown.add(item.href);
  }
  return out;
}

// Recommendations

const recommendationUrl = (node: Pick<RecNode, 'type' | 'slug'>) => `/recommendations/${node.type === 'term' ? 'term' : 'article'}/${node.slug}`;

export function recommendationPageRef(node: RecNode, index: number): PageRef {
  return { kind: 'page', url: recommendationUrl(node), template: 'recommendations', lastmod: node.lastModified, input: { family: 'recommendations', node: index } };
}

export function recommendationPageRoute(config: SiteConfig, node: RecNode, rec: Recommendations): HtmlRoute {
  const url = recommendationUrl(node);
  const crumbs = [{ label: 'Home', href: '/' }, { label: 'Recommendations', href: '/content-recommendations' }, { label: node.title, href: url }];
  const description = node.type === 'term' ? `Similar and related content, difficulty and a learning pathway for the term “${node.title}”.` : `Similar and related content, difficulty and a learning pathway for “${node.title}”.`;
  return { kind: 'html', url, template: 'recommendations', lastmod: node.lastModified, props: { crumbs, rec }, meta: makeMeta(config, { title: `Recommendations: ${node.title}`, description, url, jsonLd: [breadcrumbLd(config, crumbs)] }) };
}

/** The references `title` knows, with their titles: what a page needs to show them. */
function knownTitles(refs: string[], title: (ref: string) => string | undefined): [ref: string, title: string][] {
  return refs.flatMap((ref): [string, string][] => {
    const t = title(ref);
    return t === undefined ? [] : [[ref, t]];
  });
}

/** Cuts at a word boundary and adds an ellipsis, for meta descriptions. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 0 ? cut.lastIndexOf(' ') : cut.length).replace(/[,;:.]$/, '')}…`;
}
