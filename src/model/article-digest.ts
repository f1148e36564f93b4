/**
 * What the main thread keeps of each article (src/engine renders it where its file is loaded): its
 * fields, what its body links to, its stats and text features, and hashes of them. The site-wide
 * passes (src/pipeline.ts) read these; the engine makes, sends and caches them.
 */
import type { ArticleMeta, ArticleStats, TermMention, TextFeatures } from '../model.js';

/** A link in a Markdown body (passes/markdown.ts), for the link check. */
export interface BodyLink {
  href: string;
  /** Line in the source file. */
  line: number;
  /** Column of the target in that line, where it is written there (not a reference link's). */
  column?: number;
  /** For a link in a front-matter field (an FAQ answer, a key takeaway), that field's path: its line
   * is found when the link is reported (validate/links.ts), `line` is then 0. */
  path?: (string | number)[];
}

/** What the main thread keeps of a rendered body: the glossary terms it mentions and its links. */
export interface BodyDigest {
  mentions: TermMention[];
  /** A hash of `mentions`, for fingerprints of what is made from every article's mentions. */
  mentionsKey: string;
  links: BodyLink[];
}

/** One article as the site-wide passes read it. Small enough to keep for 10,000 articles, to send
 * between threads and to keep in the build cache. */
export interface ArticleDigest {
  article: ArticleMeta;
  body: BodyDigest;
  stats: ArticleStats;
  text: TextFeatures;
  /** The manifest's hash of the whole article, body included (passes/manifest.ts). */
  manifestHash: string;
  /** A hash of `article` (the fields): a site file made from every article's fields (and nothing
   * else of them) is fingerprinted by these instead of by its bytes. */
  metaKey: string;
  /** A hash of `text.search`, the article's words in the site search. */
  searchKey: string;
  /** Its pinpoint record (the id file's lines for it): the key of the one it was made with, the key
   * of the one it made, and those lines when they differ (the id file is then out of date). */
  pins: { in: string; out: string; lines?: string; former?: string; moved?: string[] };
}
