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

/** Reserved element ids on article pages; body headings never take them. */
export const ARTICLE_RESERVED_IDS = ['answer', 'key-takeaways', 'faq', 'references', 'main', 'see-also', 'downloads', 'cite-this', 'changes'];
