/** Props shared by templates; routes.ts builds them, templates only present them. */
import type { Download, Heading, Reference } from '../src/model.js';
import type { ArticleCopyData } from './client/lib/formats.js';

export interface Chrome {
  siteName: string;
  tagline: string;
  publisherName: string;
  publisherUrl?: string;
  licenseName: string;
  licenseUrl: string;
  chronologyBuilderUrl: string;
  cssHref: string;
  /** The Content-Security-Policy every page declares in a `<meta http-equiv>` (src/security.ts). */
  contentSecurityPolicy: string;
  language: string;
  /** The site's legal and about pages that exist, for the footer. */
  pageLinks: { href: string; label: string }[];
}

export interface PageMeta {
  /** The full <title>. */
  title: string;
  description: string;
  canonical: string;
  keywords: string[];
  ogType: 'website' | 'article';
  siteName: string;
  jsonLd: object[];
  noindex?: boolean;
  /** Other versions of this page (`<link rel="alternate">`): an article's Markdown and JSON mirrors,
   * a feed page's feed. Listed before the site-wide feed, so feed readers find the page's own first. */
  alternates?: { type: string; href: string; title?: string }[];
  /** Bibliographic `<meta name="citation_…">` tags (Highwire Press, read by Google Scholar and
   * reference managers), in order; names may repeat. */
  citation?: [name: string, content: string][];
  /** A redirect page's new address: the head gets a meta refresh to it for readers without
   * JavaScript (the page's script goes there first, with the fragment). */
  refreshTo?: string;
  /** The previous and next page of a list split into numbered pages (`<link rel="prev|next">`). */
  prev?: string;
  next?: string;
}

/** The numbered-page navigation of a list split into pages (src/routes/pagination.ts). */
export interface PagerData {
  /** The navigation's accessible name, e.g. "Pages of articles". */
  label: string;
  page: number;
  pages: number;
  prev?: string;
  next?: string;
  /** The page numbers shown, in order; null where numbers are left out. */
  links: ({ page: number; href: string } | null)[];
}

/** Which items of a list a page holds ("Articles 101–200 of 10,000"). */
export interface PageRange {
  first: number;
  last: number;
  total: number;
}

/** A letter of the glossary's A–Z index once it has a page per letter (no href: no terms). */
export interface GlossaryLetterLink {
  letter: string;
  href?: string;
  count: number;
  /** The letter of the page it is shown on. */
  current?: boolean;
}

/** A filter a list page offers when search covers the whole site: a link to /search with it. */
export interface FilterLink {
  label: string;
  href: string;
}

export interface ArticleCardData {
  slug: string;
  title: string;
  summary: string;
  jurisdiction: string;
  tags: string[];
  datePublished: string;
  dateModified: string;
  readingTime: string;
}

export interface TermData {
  slug: string;
  /** The slugs it was published under before (its anchors on the glossary's lists are kept). */
  formerSlugs: readonly string[];
  title: string;
  jurisdiction: string;
  tags: string[];
  definition: string;
  alsoCalled: string[];
  contrastWith: { slug: string; title: string }[];
  seeAlso: { slug: string; title: string }[];
  dataFields: string[];
  lastModified: string;
}

export interface Crumb {
  label: string;
  href?: string;
}

/** The scripts a page loads (src/render/page-scripts.ts). */
export interface PageScripts {
  /** Module scripts to run, in order. */
  scripts: string[];
  /** Chunks they import, preloaded so they download in parallel. */
  preloads: string[];
}

/** A machine-readable entry point of the site, as /api and /for-ai-systems list it (routes/endpoints.ts). */
export interface Endpoint {
  url: string;
  format: string;
  description: string;
}

/** A page or term a page links to, with why (a term page's backlinks and related content). */
export interface LinkedItem {
  href: string;
  title: string;
  type: 'article' | 'term';
  context?: string;
  relationship?: string;
}

/** The answer box of an article page (components/AnswerBox.tsx). */
export interface AnswerBoxData {
  slug: string;
  title: string;
  pointsHtml: string[];
  citation?: string;
}

/** One entry of an article's "Changes" (components/ChangeLog.tsx), newest first. */
export interface ChangeItem {
  id: string;
  date: string;
  kind: string;
  /** "Correction", "Update", "Change in the law". */
  label: string;
  summary: string;
}

/** An article's "Cite this" block (components/CiteThis.tsx). */
export interface CiteData {
  /** The citation of the whole article, in the spec's format. */
  text: string;
  /** Its citation files: BibTeX, RIS, CSL-JSON. */
  files: { href: string; label: string; type: string }[];
}

/** An article's page (pages/ArticlePage.tsx), made by src/routes/page-families.ts. */
export interface ArticlePageProps {
  crumbs: Crumb[];
  slug: string;
  /** The slugs it was published under before (its anchors there are kept). */
  formerSlugs: readonly string[];
  title: string;
  summary: string;
  author: string;
  reviewedBy?: string;
  datePublished: string;
  dateModified: string;
  /** "Law stated as at {date}", when the article gives the date. */
  lawStatedAt?: string;
  jurisdiction: string;
  tags: string[];
  readingTime: string;
  answer?: AnswerBoxData;
  takeawaysHtml: string[];
  bodyHtml: string;
  headings: Heading[];
  faq: { id: string; q: string; aHtml: string }[];
  references: Reference[];
  /** "References", or "Citations" where the spec names the section so. */
  referencesTitle: string;
  seeAlso: { href: string; label: string }[];
  downloads: Download[];
  editorialNoteHtml?: string;
  prev?: { slug: string; title: string };
  next?: { slug: string; title: string };
  licenseName: string;
  licenseUrl: string;
  /** What the copy buttons copy (spec §9 formats), read by the article-actions script. */
  copyData: ArticleCopyData;
  editorialEmail: string;
  changes: ChangeItem[];
  cite: CiteData;
}
