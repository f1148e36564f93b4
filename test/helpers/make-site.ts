/** Tiny model factories for pass unit tests: every required field has a dull default, tests set only
 * what the behaviour under test reads. */
import type { Article, Dataset, SiteConfig, Term } from '../../src/model.js';

export function makeArticle(partial: Partial<Article> & { slug: string }): Article {
  return {
    file: `content/articles/${partial.slug}.md`,
    title: partial.slug,
    summary: `Summary of ${partial.slug}.`,
    description: `Description of ${partial.slug}.`,
    author: 'Editorial',
    datePublished: '2025-08-25',
    dateModified: '2025-08-25',
    tags: [],
    jurisdiction: 'Global',
    schemaType: 'Article',
    keyTakeaways: [],
    faq: [],
    references: [],
    seeAlso: [],
    downloads: [],
    formerSlugs: [],
    changes: [],
    body: '',
    bodyLine: 1,
    ...partial,
  };
}

export function makeTerm(partial: Partial<Term> & { slug: string }): Term {
  return {
    file: `content/glossary/${partial.slug}.yaml`,
    formerSlugs: [],
    title: partial.slug,
    jurisdiction: 'Global',
    jurisdictions: ['Global'],
    tags: [],
    definition: `Definition of ${partial.slug}.`,
    alsoCalled: [],
    noLink: [],
    linkOnly: [],
    contrastWith: [],
    seeAlso: [],
    dataFields: [],
    lastModified: '2025-08-26',
    ...partial,
  };
}

export function makeDataset(partial: Partial<Dataset> & { slug: string }): Dataset {
  return {
    file: `content/datasets/${partial.slug}.yaml`,
    title: partial.slug,
    description: `Dataset ${partial.slug}.`,
    datePublished: '2025-08-25',
    dateModified: '2025-08-25',
    keywords: [],
    fields: [],
    distributions: [],
    ...partial,
  };
}

export function makeConfig(partial: Partial<SiteConfig> = {}): SiteConfig {
  return {
    name: 'Test Reference',
    tagline: 'Facts, methods, materials.',
    description: 'A tiny site for tests.',
    baseUrl: 'https://test.example.org',
    language: 'en-US',
    publisher: { name: 'Test Publisher' },
    editorialEmail: 'editors@test.example.org',
    license: { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/' },
    chronologyBuilderUrl: '#',
    keywords: [],
    indexnow: { key: 'abcdef0123456789', endpoints: [] },
    home: { latestArticles: [], sampleTerms: [] },
    glossaryFaq: [],
    contentSignals: { search: true, aiInput: true, aiTrain: true },
    tags: {},
    webhooks: [],
    ...partial,
  };
}
