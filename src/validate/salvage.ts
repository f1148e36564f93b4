/**
 * What the site-wide checks can still read of a file that failed its own checks, so that one run
 * reports every error of every file: an article with an empty title still has its unknown tags and
 * dangling see-also links reported, and the slug it would have keeps other files' links to it from
 * being reported as dangling. A field with a problem of its own is left out (its problem is already
 * reported); every other field has passed its schema, so it has the type the checks expect.
 * Nothing salvaged is ever built: it is read by semantics.ts and by the failed build's link check.
 * Reads: parsed YAML data and its diagnostics. Writes: entities for checks only.
 */
import path from 'node:path';
import { DEFAULT_AUTHOR, DEFAULT_CHRONOLOGY_BUILDER_URL, DEFAULT_LANGUAGE } from '../constants.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { RejectedFile } from '../load/rejected-file.js';
import type { ArticleMeta, Dataset, Jurisdiction, Page, SiteConfig, SiteSource, Term } from '../model.js';
import { slugify } from '../passes/slugify.js';
import { SLUG_PATTERN } from './file-slugs.js';
import type { SchemaId } from './schema-validator.js';

type Data = Record<string, unknown>;

/** The top-level fields of `data` that no diagnostic is about. */
export function soundFields(data: unknown, problems: Diagnostic[]): Data {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return {};
  const faulty = new Set(problems.map((d) => /^[^.[]*/.exec(d.field)![0]));
  return Object.fromEntries(Object.entries(data).filter(([key]) => !faulty.has(key)));
}

/** The entries of a list file (templates/index.yaml) that no diagnostic is about; the others are
 * left as holes, so every entry keeps its index (and its position in the file). */
export function soundEntries(data: unknown, problems: Diagnostic[]): unknown[] {
  if (!Array.isArray(data)) return [];
  const faulty = new Set(problems.map((d) => /^\[(\d+)\]/.exec(d.field)?.[1]).filter((i) => i !== undefined).map(Number));
  return data.map((entry, i) => (faulty.has(i) || entry === null || typeof entry !== 'object' ? undefined : entry));
}

const text = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : fallback);
const list = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** An entity salvaged for the site-wide checks, and whether its slug is only a guess (its file name,
 * when the slug it declares or derives could not be read): a guess is good enough to keep links to it
 * from being reported as dangling, not to report it as a duplicate. */
export interface Salvaged<T> {
  entity: T;
  slugGuessed: boolean;
}

/** Whether `data` says its own slug (by a sound `field`) or, with no such field and no problem
 * about one, leaves no doubt about it. */
function slugKnown(data: unknown, problems: Diagnostic[], field: string): boolean {
  if (data === null || typeof data !== 'object') return false;
  return !problems.some((d) => d.field === field || d.field.startsWith(`${field}.`));
}

/** An article for the site-wide checks. `stem`: its file name without extension. */
/** The slug a file's name gives, or the one its rename would (the file-name error suggests it:
 * validate/file-slugs.ts): links and `seeAlso` to the address the file is meant to have are then not
 * reported as well, with a "did you mean" of the misspelt name that would break them all. */
const slugOfName = (stem: string) => (SLUG_PATTERN.test(stem) ? stem : slugify(stem) || stem);

export function salvageArticle(data: unknown, problems: Diagnostic[], file: string, stem: string): Salvaged<ArticleMeta> {
  const d = soundFields(data, problems);
  const datePublished = text(d.datePublished);
  return { slugGuessed: !slugKnown(data, problems, 'slug'), entity: {
    file,
    slug: text(d.slug, slugOfName(stem)),
    title: text(d.title),
    summary: text(d.summary),
    description: text(d.description, text(d.summary)),
    author: text(d.author, DEFAULT_AUTHOR),
    datePublished,
    dateModified: text(d.dateModified, datePublished),
    tags: list(d.tags),
    jurisdiction: text(d.jurisdiction, 'Global') as Jurisdiction,
    schemaType: 'Article',
    keyTakeaways: [],
    faq: [],
    references: [],
    seeAlso: list(d.seeAlso),
    downloads: list(d.downloads),
    formerSlugs: list(d.formerSlugs),
    changes: [],
    bodyLine: 1,
  } };
}

/** A glossary term for the site-wide checks; its slug is the one it would have (from its title),
 * else its file name, the likeliest target of links to it. */
export function salvageTerm(data: unknown, problems: Diagnostic[], file: string, stem: string): Salvaged<Term> {
  const d = soundFields(data, problems);
  const title = text(d.title);
  const derived = title ? slugify(title) : '';
  const declared = typeof d.slug === 'string';
  const slugGuessed = !declared && !(slugKnown(data, problems, 'slug') && SLUG.test(derived));
  return { slugGuessed, entity: {
    file,
    slug: text(d.slug, SLUG.test(derived) ? derived : stem),
    formerSlugs: list(d.formerSlugs),
    title,
    ...salvageJurisdictions(d.jurisdiction),
    tags: list(d.tags),
    definition: text(d.definition),
    alsoCalled: [],
    noLink: [],
    linkOnly: [],
    contrastWith: list(d.contrastWith),
    seeAlso: list(d.seeAlso),
    dataFields: [],
    lastModified: text(d.lastModified),
  } };
}

/** A term's one jurisdiction or list of them, as far as they are strings. */
function salvageJurisdictions(value: unknown): { jurisdiction: string; jurisdictions: Jurisdiction[] } {
  const jurisdictions = (Array.isArray(value) ? list(value) : [text(value, 'Global')]) as Jurisdiction[];
  return { jurisdiction: jurisdictions.join(', '), jurisdictions };
}

/** A dataset for the site-wide checks. */
export function salvageDataset(data: unknown, problems: Diagnostic[], file: string, stem: string): Salvaged<Dataset> {
  const d = soundFields(data, problems);
  const datePublished = text(d.datePublished);
  return { slugGuessed: !slugKnown(data, problems, 'slug'), entity: {
    file,
    slug: text(d.slug, slugOfName(stem)),
    title: text(d.title),
    description: text(d.description),
    datePublished,
    dateModified: text(d.dateModified, datePublished),
    keywords: [],
    fields: [],
    distributions: list(d.distributions),
  } };
}

/** A page for the failed build's link check (its body's links), never rendered. */
export function salvagePage(data: unknown, problems: Diagnostic[], file: string, name: string, body: string, bodyLine: number): Page {
  const d = soundFields(data, problems);
  return { file, name, title: text(d.title), description: text(d.description), dateModified: text(d.dateModified), body, bodyLine };
}

/**
 * A stand-in for a site.yaml that failed its checks (or is missing), so the other files can still be
 * checked against it: its sound fields, and neutral values for the rest. `tagsKnown` is false when
 * its `tags` could not be read: then no tag can be said to be unknown.
 */
export function salvageConfig(data: unknown, problems: Diagnostic[]): { config: SiteConfig; tagsKnown: boolean } {
  const d = soundFields(data, problems);
  const tags = d.tags !== null && typeof d.tags === 'object' && !Array.isArray(d.tags) ? (d.tags as Record<string, string>) : undefined;
  const home = (d.home ?? {}) as Data;
  const publisher = (d.publisher ?? {}) as Data;
  const license = (d.license ?? {}) as Data;
  return {
    tagsKnown: tags !== undefined,
    config: {
      name: text(d.name, 'Site'),
      tagline: text(d.tagline),
      description: text(d.description),
      // Never written anywhere: a failed build writes nothing. A reserved name (RFC 2606) all the same.
      baseUrl: text(d.baseUrl, 'https://site.invalid').replace(/\/+$/, ''),
      language: text(d.language, DEFAULT_LANGUAGE),
      publisher: { name: text(publisher.name), ...(typeof publisher.url === 'string' ? { url: publisher.url } : {}) },
      editorialEmail: text(d.editorialEmail),
      license: { name: text(license.name, 'CC BY 4.0'), url: text(license.url, 'https://creativecommons.org/licenses/by/4.0/') },
      chronologyBuilderUrl: text(d.chronologyBuilderUrl, DEFAULT_CHRONOLOGY_BUILDER_URL),
      // Never published either: a failed build writes no robots.txt.
      contentSignals: { search: true, aiInput: true, aiTrain: true },
      keywords: list(d.keywords),
      indexnow: { key: '', endpoints: [] },
      webhooks: [],
      home: { latestArticles: list(home.latestArticles), sampleTerms: list(home.sampleTerms) },
      glossaryFaq: list(d.glossaryFaq),
      tags: tags ?? {},
    },
  };
}

/**
 * The site as the site-wide checks see it: its valid entities and what can be salvaged of the files
 * with errors (`rejected`: the loader's; `articles`: the shards', salvaged where they were read), in
 * file order, as semantics.ts reports a duplicate at the later file. Returns the files whose slug is
 * only a guess, for checkSemantics' `guessedSlugs`.
 */
export function checkableSite(site: SiteSource, rejected: RejectedFile[], articles: Salvaged<ArticleMeta>[]): { site: SiteSource; guessedSlugs: Set<string> } {
  const guessedSlugs = new Set<string>();
  const take = <T extends { file: string }>(salvaged: Salvaged<T>[]) =>
    salvaged.map(({ entity, slugGuessed }) => {
      if (slugGuessed) guessedSlugs.add(entity.file);
      return entity;
    });
  const of = (schema: SchemaId) => rejected.filter((r) => r.schema === schema);
  const stem = (file: string) => path.basename(file).replace(/\.[^.]+$/, '');
  const byFile = <T extends { file: string }>(items: T[]) => items.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  return {
    guessedSlugs,
    site: {
      ...site,
      articles: byFile([...site.articles, ...take(articles)]),
      terms: byFile([...site.terms, ...take(of('term').map((r) => salvageTerm(r.data, r.problems, r.file, stem(r.file))))]),
      datasets: byFile([...site.datasets, ...take(of('dataset').map((r) => salvageDataset(r.data, r.problems, r.file, stem(r.file))))]),
    },
  };
}
