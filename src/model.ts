/**
 * The Site model: one typed object holding everything the build knows.
 * Loaders fill the source fields (config, articles, terms, datasets, pages, templates); passes add the
 * derived fields of `DerivedSite`. Nothing else is global. Spec: site-spec.md §3 (entities).
 */

import type { DocPostings } from './search/format.js';

/** Where a value came from, so diagnostics can point at it. */
export interface SourceRef {
  /** Path relative to the working directory, as an editor would type it. */
  file: string;
}

export interface SiteConfig {
  name: string;
  tagline: string;
  description: string;
  baseUrl: string;
  language: string;
  publisher: { name: string; url?: string };
  editorialEmail: string;
  license: { name: string; url: string };
  chronologyBuilderUrl: string;
  keywords: string[];
  indexnow: { key: string; endpoints: string[] };
  /** Build-side webhooks for `legalsite notify`: events to send, and the environment variables holding
   * the signing secrets, in order (several during a rotation; the first also signs `sha256=`). */
  webhooks: { url: string; events: string[]; secretEnv?: string[] }[];
  home: { latestArticles: string[]; sampleTerms: string[] };
  glossaryFaq: { question: string; href: string }[];
  /** The site's AI-use preferences, stated in robots.txt as Content Signals (contentsignals.org):
   * search indexing, input to AI answers, AI training. All allowed by default (the content is CC BY 4.0). */
  contentSignals: { search: boolean; aiInput: boolean; aiTrain: boolean };
  /** Known tags and what each covers; the description feeds topic clusters. */
  tags: Record<string, string>;
  /** Display names site.yaml gives tags (`ai: { name: AI, description: … }`), for topic clusters. */
  tagNames?: Record<string, string>;
}

/** 'United Kingdom' is for law that is UK-wide; the law of England and Wales (Scots law differs) is
 * 'England and Wales'. */
export type Jurisdiction = 'Global' | 'United States' | 'United Kingdom' | 'England and Wales' | 'Australia';

export interface AnswerObject {
  title: string;
  content: string[];
  citation: string;
}

export interface FaqItem {
  id: string;
  q: string;
  a: string;
}

export interface Reference {
  id: string;
  title: string;
  url?: string;
  source?: string;
  pinpoint?: string;
}

export interface Download {
  href: string;
  title: string;
  description?: string;
}

/** What kind of change an article's change entry records: a mistake put right, new or revised
 * material, or a change in the law it states. */
export type ChangeKind = 'correction' | 'update' | 'legal-change';

/** One dated entry of an article's `changes:` (its publication log). */
export interface ChangeEntry {
  date: string;
  kind: ChangeKind;
  /** One line. */
  summary: string;
}

export interface Article extends SourceRef {
  slug: string;
  title: string;
  summary: string;
  description: string;
  author: string;
  reviewedBy?: string;
  datePublished: string;
  dateModified: string;
  tags: string[];
  jurisdiction: Jurisdiction;
  schemaType: 'Article' | 'TechArticle' | 'HowTo';
  answer?: string[] | AnswerObject;
  keyTakeaways: string[];
  faq: FaqItem[];
  references: Reference[];
  seeAlso: string[];
  downloads: Download[];
  editorialNote?: string;
  /** Slugs it was published under before (their addresses redirect here). */
  formerSlugs: string[];
  /** Its corrections, updates and legal changes, as written (passes/change-log.ts orders them). */
  changes: ChangeEntry[];
  /** The date as at which it states the law ("Law stated as at …"), when the editor gives one. */
  lawStatedAt?: string;
  /** Markdown body, and the file line its first line sits on. */
  body: string;
  bodyLine: number;
}

/** An article as the site-wide passes see it: every field but the Markdown body, which stays with
 * the thread that rendered it (src/engine). */
export type ArticleMeta = Omit<Article, 'body'>;

export interface Term extends SourceRef {
  slug: string;
  /** Slugs it was published under before (their addresses redirect here). */
  formerSlugs: string[];
  title: string;
  /** The jurisdictions whose law the definition states, as a label ("England and Wales, Australia"). */
  jurisdiction: string;
  /** The same, one by one (a term may name several). */
  jurisdictions: Jurisdiction[];
  tags: string[];
  definition: string;
  /** Other names; each is auto-linked like the title. */
  alsoCalled: string[];
  /** Phrasings that never link to this term (the words around the title that give it another sense). */
  noLink: string[];
  /** When not empty, the only phrasings that link to this term (its title and aliases alone do not). */
  linkOnly: string[];
  contrastWith: string[];
  seeAlso: string[];
  dataFields: string[];
  lastModified: string;
}

export interface DatasetField {
  name: string;
  type: string;
  required: boolean;
  description: string;
}

export interface Distribution {
  format: string;
  url: string;
  title?: string;
}

export interface Dataset extends SourceRef {
  slug: string;
  title: string;
  description: string;
  datePublished: string;
  dateModified: string;
  keywords: string[];
  fields: DatasetField[];
  distributions: Distribution[];
}

export interface Page extends SourceRef {
  name: string;
  title: string;
  description: string;
  dateModified: string;
  body: string;
  bodyLine: number;
}

export interface TemplateFile extends SourceRef {
  /** File name under /templates/. */
  name: string;
  title: string;
  description: string;
  usedBy: string[];
  /** The bytes to publish; generated files (the checklist PDF) are filled by a pass. */
  body?: Uint8Array;
  /** For generated files: the Markdown text they are made from. */
  source?: string;
}

/** Everything loaded from `content/`, before any pass runs. */
export interface SiteSource {
  contentDir: string;
  config: SiteConfig;
  configFile: string;
  articles: ArticleMeta[];
  terms: Term[];
  datasets: Dataset[];
  pages: Page[];
  templates: TemplateFile[];
}

export interface Heading {
  id: string;
  text: string;
  level: number;
}

/** A glossary term an article body links to: auto-linked, or linked by the editor. */
export interface TermMention {
  termSlug: string;
  /** The sentence of its first link, as plain text (cut around the link when very long). */
  context: string;
  /** How the first of its links was made: by the auto-linker, or written by the editor. */
  via: 'auto' | 'link';
}

/** What the article-html pass makes of one article. */
export interface ArticleHtml {
  html: string;
  headings: Heading[];
  mentions: TermMention[];
  plainText: string;
}

/** What the site-wide passes need of an article's plain text (passes/text-features.ts). */
export interface TextFeatures {
  /** The distinct words (similarity.ts), joined by spaces. */
  words: string;
  /** Length in characters. */
  textLength: number;
  /** Distinct technical words, counted up to 3 (difficulty.ts). */
  technicalWords: number;
  /** Its words for the site search (passes/search/postings.ts): body, fields and all. */
  search: DocPostings;
}

export interface ArticleStats {
  wordCount: number;
  /** "N min", as in the index JSON; pages show "N min read". */
  readingTime: string;
  minutes: number;
}

export interface PageHtml {
  html: string;
}
