/**
 * The spec's business constants, each with the section that fixes it (site-spec.md §9 unless noted).
 */
import type { Jurisdiction } from './model.js';

/** §3: glossary jurisdictions, and England and Wales (issue 20: "United Kingdom" only for UK-wide
 * law); articles use the same set. */
export const JURISDICTIONS: readonly Jurisdiction[] = ['Global', 'United States', 'United Kingdom', 'England and Wales', 'Australia'];

/** §9: reading time = words / 200, rounded up. */
export const WORDS_PER_MINUTE = 200;

/** §9: tag limits on cards, the article header, answer cards and filter chips. */
export const CARD_TAGS = 2;
export const ARTICLE_HEADER_TAGS = 4;
export const ANSWER_CARD_TAGS = 5;
export const FILTER_CHIPS = 7;
/** §9: structured-data lists and the glossary's DefinedTermSet. */
export const STRUCTURED_LIST_ITEMS = 10;
export const GLOSSARY_STRUCTURED_TERMS = 50;

/** §9 and §5: auto-linking links a term at most twice per article, at its first occurrences. */
export const MAX_LINKS_PER_TERM = 2;

/** §1: shown on every page. */
export const EDUCATIONAL_NOTE = 'Educational material only. Not legal advice.';

/** §3: default author and glossary lastModified. */
export const DEFAULT_AUTHOR = 'Editorial Team';
export const DEFAULT_LANGUAGE = 'en-US';

/** §2: the answer box. */
export const ANSWER_DEFAULT_TITLE = 'Answer (Summary)';

/** §2: the 404 page. */
export const NOT_FOUND_TEXT =
  "Sorry, we couldn't find the page you're looking for. It might have been moved, deleted, or you entered the wrong URL.";

/** §2, §7: the privilege-log article, whose page heads its references "Citations" and whose article
 * file is also served at /content/articles/{slug}.json (the calls table's fixed content file). */
export const PRIVILEGE_LOG_ARTICLE = 'privilege-logs-bases-samples';

/** Files a build writes for static hosts, never served as pages or files of the site: Netlify and
 * Cloudflare Pages read `_headers` and `_redirects`, GitHub Pages `.nojekyll` (publish/host-files.ts). */
export const HOST_CONFIG_NAMES: readonly string[] = ['_headers', '_redirects', '.nojekyll'];

/** The footer's chronology-builder link when site.yaml sets none (the spec's placeholder link). */
export const DEFAULT_CHRONOLOGY_BUILDER_URL = '/about';

/** Reserved element ids on article pages; body headings never take them. */
export const ARTICLE_RESERVED_IDS = ['answer', 'key-takeaways', 'faq', 'references', 'main', 'see-also', 'downloads', 'cite-this', 'changes'];

/**
 * What one page or file may hold before it is split (issue 18; DESIGN.md "Everything a reader or
 * crawler downloads is bounded"). A site within every limit is built exactly as the spec describes:
 * one /articles page, one /glossary page, single files. Tests lower them (BuildOptions.limits) to
 * split a small site; the figures the limits were chosen by are in docs/performance-log.md.
 */
export interface OutputLimits {
  /** Cards on one page of /articles and /answers. A card is 1.1 to 1.6 KB of HTML (generated and
   * shipped articles), so 100 cards make a page of 120 to 170 KB: a third of the page budget, with
   * room for summaries three times as long. */
  listPageItems: number;
  /** Terms /glossary holds before it becomes an A–Z index with a page per letter, and the most one
   * letter page holds. A shipped term is 2.2 KB of HTML (its searchable text is on the page twice),
   * so 200 make 440 KB, within the budget; the shipped glossary (195 terms) stays one page. */
  glossaryPageTerms: number;
  /** Links to recommendation pages one page of /content-recommendations holds, about 110 bytes
   * each: 2,000 make 220 KB. The single page (every topic's articles, then every article and term)
   * while its links fit, else pages of that many; then each topic shows `recommendationTopicPreview`
   * articles and a search for the rest. */
  recommendationLinksPerPage: number;
  recommendationTopicPreview: number;
  /** Nodes of /api/knowledge-graph.json before it becomes an index of parts, and the most nodes and
   * edges (those pointing at its nodes) in one part: a node is about 0.4 KB, an edge 0.2 KB, so a
   * part is at most about 2.4 MB (a term one edge points at from every article is a part of its own). */
  graphPartNodes: number;
  graphPartEdges: number;
  /** Articles llms.txt lists itself, about 400 bytes a line: 100 keep it under 50 KB. Past that it
   * lists files of at most `llmsLinksPerFile` articles each (about 65 KB). */
  llmsTxtArticles: number;
  llmsLinksPerFile: number;
  /** Words of article text in one part of the full text; llms-full.txt is one file while the whole
   * site's articles fit in one part. 100,000 words are about 0.7 MB of Markdown. */
  llmsFullPartWords: number;
  /** Articles /for-ai-systems/index.json lists itself, about 520 bytes each: 500 keep it near 260
   * KB. Past that it names lists of at most that many, /for-ai-systems/articles-{n}.json. */
  aiIndexArticles: number;
  /** The sitemap protocol's limits for one file (sitemaps.org): 50,000 URLs and 50 MB
   * (52,428,800 bytes) uncompressed. Past either, a sitemap becomes an index of numbered files. */
  sitemapUrls: number;
  sitemapBytes: number;
}

export const OUTPUT_LIMITS: Readonly<OutputLimits> = {
  listPageItems: 100,
  glossaryPageTerms: 200,
  recommendationLinksPerPage: 2000,
  recommendationTopicPreview: 10,
  graphPartNodes: 1000,
  graphPartEdges: 10_000,
  llmsTxtArticles: 100,
  llmsLinksPerFile: 200,
  llmsFullPartWords: 100_000,
  aiIndexArticles: 500,
  sitemapUrls: 50_000,
  sitemapBytes: 52_428_800,
};

/** DESIGN.md "Everything a reader or crawler downloads is bounded": the most bytes one HTML page and
 * llms.txt may take at 10,000 articles (tests and `npm run bench` check them). */
export const HTML_PAGE_BUDGET_BYTES = 500_000;
export const LLMS_TXT_BUDGET_BYTES = 50_000;
