/** Maps model entities to the plain props templates present (cards, term entries). */
import type { ArticleMeta, Term } from '../model.js';
import type { OrderedSite } from '../pipeline.js';
import type { ArticleCardData, TermData } from '../../templates/types.js';

export function articleCard(site: OrderedSite, a: ArticleMeta): ArticleCardData {
  return {
    slug: a.slug,
    title: a.title,
    summary: a.summary,
    jurisdiction: a.jurisdiction,
    tags: a.tags,
    datePublished: a.datePublished,
    dateModified: a.dateModified,
    readingTime: site.stats.get(a.slug)!.readingTime,
  };
}

/** `title` resolves the slugs of the terms it points at. */
export function termData(t: Term, title: (slug: string) => string | undefined): TermData {
  const ref = (slug: string) => ({ slug, title: title(slug) ?? slug });
  return {
    slug: t.slug,
    formerSlugs: t.formerSlugs,
    title: t.title,
    jurisdiction: t.jurisdiction,
    tags: t.tags,
    definition: t.definition,
    alsoCalled: t.alsoCalled,
    contrastWith: t.contrastWith.map(ref),
    seeAlso: t.seeAlso.map(ref),
    dataFields: t.dataFields,
    lastModified: t.lastModified,
  };
}

const indexes = new WeakMap<{ terms: Term[] }, Map<string, Term>>();
/** Terms by slug, built once per site (keyed weakly so rebuilt sites never share it). */
export function termIndex(site: { terms: Term[] }): Map<string, Term> {
  let index = indexes.get(site);
  if (!index) indexes.set(site, (index = new Map(site.terms.map((t) => [t.slug, t]))));
  return index;
}
