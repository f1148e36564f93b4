/**
 * The part of a site with errors that is consistent: every check of semantics.ts holds on it. A
 * failed build runs the passes over it only to find its remaining errors (broken links), which need
 * the site's every URL: duplicates are dropped (the first file of a slug keeps it), references to
 * what does not exist are left out, unknown tags and jurisdictions, impossible date orders and dates in the
 * future are set aside, and a name two terms link by is kept by the term it links to. The result is a site that could be valid content, so the passes meet nothing they were
 * not written for. Nothing of it is ever written. Reads: a SiteSource. Writes: a SiteSource.
 */
import { JURISDICTIONS } from '../constants.js';
import type { SiteSource, Term } from '../model.js';
import { datesNow } from './dates.js';
import { checkSharedNames } from './link-rules.js';

export function consistentSite(site: SiteSource): SiteSource {
  // A date in the future is taken as the latest a file may give; the order of two dates is kept.
  const { latest } = datesNow();
  const day = (date: string) => (date > latest ? latest : date);
  const ordered = <T extends { datePublished: string; dateModified: string }>(x: T) => ({ datePublished: day(x.datePublished), dateModified: day(x.dateModified < x.datePublished ? x.datePublished : x.dateModified) });
  const articles = firstOfEachSlug(site.articles);
  const terms = firstOfEachSlug(site.terms);
  const articleSlugs = new Set(articles.map((a) => a.slug));
  const termSlugs = new Set(terms.map((t) => t.slug));
  const templateHrefs = new Set(site.templates.map((t) => `/templates/${t.name}`));
  const knownTag = (tag: string) => Boolean(site.config.tags[tag]);
  const jurisdiction = <J extends string>(value: J) => (JURISDICTIONS.includes(value as never) ? value : 'Global');
  const resolves = (ref: string) => {
    const [kind, slug] = ref.split('/');
    return kind === 'glossary' ? termSlugs.has(slug) : kind === 'articles' ? articleSlugs.has(slug) : false;
  };
  const datasets = firstOfEachSlug(site.datasets)
    .map((d) => ({ ...d, ...ordered(d), distributions: d.distributions.filter((x) => templateHrefs.has(x.url)) }))
    // A dataset needs a distribution (its schema says so).
    .filter((d) => d.distributions.length > 0);
  return {
    ...site,
    config: {
      ...site.config,
      home: { latestArticles: site.config.home.latestArticles.filter((s) => articleSlugs.has(s)), sampleTerms: site.config.home.sampleTerms.filter((s) => termSlugs.has(s)) },
    },
    articles: articles.map((a) => ({
      ...a,
      tags: a.tags.filter(knownTag),
      jurisdiction: jurisdiction(a.jurisdiction),
      ...ordered(a),
      ...(a.lawStatedAt === undefined ? {} : { lawStatedAt: day(a.lawStatedAt) }),
      seeAlso: a.seeAlso.filter(resolves),
      downloads: a.downloads.filter((d) => templateHrefs.has(d.href)),
    })),
    terms: withoutSharedNames(terms).map((t) => ({
      ...t,
      lastModified: day(t.lastModified),
      tags: t.tags.filter(knownTag),
      jurisdiction: jurisdiction(t.jurisdiction),
      seeAlso: t.seeAlso.filter((s) => s !== t.slug && termSlugs.has(s)),
      contrastWith: t.contrastWith.filter((s) => s !== t.slug && termSlugs.has(s)),
    })),
    datasets,
    pages: site.pages.map((p) => ({ ...p, dateModified: day(p.dateModified) })),
    templates: site.templates.map((t) => ({ ...t, usedBy: t.usedBy.filter((s) => articleSlugs.has(s)) })),
  };
}

function firstOfEachSlug<T extends { slug: string }>(items: T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(item.slug) && Boolean(seen.add(item.slug)));
}

/** `terms` with each name another term links by taken from the term it never links to (a title so
 * taken is made unique with the slug: it linked to the other term all the same). */
function withoutSharedNames(terms: Term[]): Term[] {
  const lost = new Map<Term, Set<string>>();
  checkSharedNames(terms, (term, path) => {
    const t = term as Term;
    lost.set(t, (lost.get(t) ?? new Set()).add(path.join('.')));
  });
  if (lost.size === 0) return terms;
  return terms.map((t) => {
    const paths = lost.get(t);
    if (!paths) return t;
    const keep = (field: string) => (_: string, i: number) => !paths.has(`${field}.${i}`);
    return { ...t, title: paths.has('title') ? `${t.title} [${t.slug}]` : t.title, alsoCalled: t.alsoCalled.filter(keep('alsoCalled')), linkOnly: t.linkOnly.filter(keep('linkOnly')) };
  });
}
