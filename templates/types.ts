/** Props shared by templates; routes.ts builds them, templates only present them. */

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
