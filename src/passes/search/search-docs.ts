/**
 * The documents of the site search in their numbering: articles oldest first (the reverse of the
 * site's order, so a new article usually takes the next number and the others keep theirs), terms
 * in the glossary's order, datasets as listed. Each with its postings (an article's from its digest,
 * made where its body was rendered), a hash of them, and its facets.
 * Reads: the ordered site, the articles' digests, terms, datasets. Writes: IndexedDocs, FacetNames.
 */
import { hashOf } from '../../hash.js';
import type { ArticleMeta, Dataset, SiteConfig, Term } from '../../model.js';
import type { ArticleDigest } from '../../model/article-digest.js';
import type { DocPostings } from '../../search/format.js';
import type { FacetNames, IndexedDoc, IndexedDocs } from './index-files.js';
import { datasetPostings, termPostings } from './postings.js';

export interface SearchSite {
  config: Pick<SiteConfig, 'tags' | 'tagNames'>;
  /** In the site's order (newest first). */
  articles: readonly ArticleMeta[];
  terms: readonly Term[];
  datasets: readonly Dataset[];
}

/** A term's or dataset's postings made before, by the hash of what they are made from. */
export type KnownPostings = ReadonlyMap<string, { postings: DocPostings; key: string }>;

/**
 * Every document of the index, in its numbering. An article's postings come from its digest (read
 * only if asked for); a term's or dataset's are made here, unless `known` has them from the same
 * fields (each document's `source`).
 */
export function indexedDocs(site: SearchSite, digests: ReadonlyMap<string, Pick<ArticleDigest, 'text' | 'searchKey'>>, known?: KnownPostings): IndexedDocs {
  const articles = [...site.articles].reverse().map((a): IndexedDoc => {
    const digest = digests.get(a.slug)!;
    return { slug: a.slug, postings: () => digest.text.search, key: digest.searchKey, jurisdictions: [a.jurisdiction], tags: a.tags };
  });
  const made = (source: string, make: () => DocPostings) => {
    const before = known?.get(source);
    if (before) return before;
    const postings = make();
    return { postings, key: hashOf(postings.words, postings.weights) };
  };
  const terms = site.terms.map((t): IndexedDoc => {
    const source = hashOf('term', JSON.stringify([t.title, t.alsoCalled, t.tags.map((tag) => [tag, site.config.tagNames?.[tag]]), t.jurisdiction, t.definition, t.dataFields]));
    const { postings, key } = made(source, () => termPostings(t, site.config));
    const passages = [t.definition, ...(t.alsoCalled.length ? [`Also called: ${t.alsoCalled.join(', ')}`] : []), ...(t.dataFields.length ? [`Data fields: ${t.dataFields.join(', ')}`] : [])];
    return { slug: t.slug, postings: () => postings, key, source, jurisdictions: t.jurisdictions, tags: t.tags, shown: { title: t.title, passages } };
  });
  const datasets = site.datasets.map((d): IndexedDoc => {
    const source = hashOf('dataset', JSON.stringify([d.title, d.keywords, d.description, d.fields]));
    const { postings, key } = made(source, () => datasetPostings(d));
    const passages = [d.description, ...d.fields.map((f) => `${f.name}: ${f.description}`)];
    return { slug: d.slug, postings: () => postings, key, source, jurisdictions: [], tags: [], shown: { title: d.title, passages } };
  });
  return { article: articles, term: terms, dataset: datasets };
}

/** The facet values in use: jurisdictions sorted; tags in site.yaml's order, with their names. */
export function facetNames(site: SearchSite, docs: IndexedDocs): FacetNames {
  const used = new Set<string>();
  for (const d of [...docs.article, ...docs.term, ...docs.dataset]) for (const j of d.jurisdictions) used.add(j);
  return {
    jurisdictions: [...used].sort(),
    tags: Object.keys(site.config.tags).map((slug): [string, string] => [slug, site.config.tagNames?.[slug] ?? slug]),
  };
}
