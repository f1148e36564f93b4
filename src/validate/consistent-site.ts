/**
 * The part of a site with errors that is consistent: every check of semantics.ts holds on it. A
 * failed build runs the passes over it only to find its remaining errors (broken links), which need
 * the site's every URL: duplicates are dropped (the first file of a slug keeps it), references to
 * what does not exist are left out, unknown tags and jurisdictions and impossible date orders are
 * set aside. The result is a site that could be valid content, so the passes meet nothing they were
 * not written for. Nothing of it is ever written. Reads: a SiteSource. Writes: a SiteSource.
 */
import { JURISDICTIONS } from '../constants.js';
import type { SiteSource } from '../model.js';

export function consistentSite(site: SiteSource): SiteSource {
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
    .map((d) => ({ ...d, dateModified: d.dateModified < d.datePublished ? d.datePublished : d.dateModified, distributions: d.distributions.filter((x) => templateHrefs.has(x.url)) }))
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
      dateModified: a.dateModified < a.datePublished ? a.datePublished : a.dateModified,
      seeAlso: a.seeAlso.filter(resolves),
      downloads: a.downloads.filter((d) => templateHrefs.has(d.href)),
    })),
    terms: terms.map((t) => ({
      ...t,
      tags: t.tags.filter(knownTag),
      jurisdiction: jurisdiction(t.jurisdiction),
      seeAlso: t.seeAlso.filter((s) => s !== t.slug && termSlugs.has(s)),
      contrastWith: t.contrastWith.filter((s) => s !== t.slug && termSlugs.has(s)),
    })),
    datasets,
    templates: site.templates.map((t) => ({ ...t, usedBy: t.usedBy.filter((s) => articleSlugs.has(s)) })),
  };
}

function firstOfEachSlug<T extends { slug: string }>(items: T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(item.slug) && Boolean(seen.add(item.slug)));
}
