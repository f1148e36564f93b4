/**
 * What the main thread and the shards say to each other (shard.ts, shard-pool.ts): jobs, results,
 * the keys both sides take, and the error a shard reports for a file that changed. Kept apart from
 * shard.ts so the main thread, which renders nothing when shards run on worker threads, does not
 * load the rendering stack (React, the templates, markdown-it: a tenth of a second at start-up).
 */
import { hashOf } from '../hash.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { ArticleMeta, SiteConfig } from '../model.js';
import type { ArticleDigest, BodyLink } from '../model/article-digest.js';
import type { PublishedPage } from '../passes/published.js';
import type { Neighbours } from '../passes/site-order.js';
import type { LinkTerm } from '../passes/term-matcher.js';
import type { FamilyInput, HtmlRoute, KeyedInput } from '../routes/types.js';
import { toolKey } from '../tool-key.js';
import type { Chrome } from '../../templates/types.js';

/** What the pool sends a shard thread when it closes: the shard ends itself, which lets it save its
 * compiled code on the way out (parallel/code-cache.ts). */
export const END = 'end';
/** How long a closing pool waits for a shard to end before stopping it (one busy with a call). */
export const END_WAIT_MS = 2000;

export interface ShardSetup {
  config: SiteConfig;
  /** Every glossary term's names and link rules: what bodies are linked against. */
  glossary: LinkTerm[];
  /** Changes when legalsite itself changes, so a unit made by other code is never reused. */
  salt: string;
}

/** The setup's key: a unit's key includes it. */
export const setupKeyOf = (setup: ShardSetup) => hashOf(JSON.stringify(setup));

/** A unit's key: everything an article's outputs are made from but the rest of the site. */
export const unitKeyOf = (setupKey: string, rel: string, text: string) => hashOf(setupKey, rel, text);

/** Where outputs go: written into `dir`, or (without one) returned with their bytes. */
export interface Sink {
  dir?: string;
  /** Return each output's bytes as well (tests, `check`). */
  keep?: boolean;
  /** Return each written file's size and modification time, for the records the next build checks
   * the output folder by: taken here, by the threads that write, rather than by the main thread
   * after the commit (85,000 stat calls at 10,000 articles). */
  record?: boolean;
}

export interface Emitted {
  url: string;
  /** Path inside the output folder. */
  path: string;
  body?: string | Uint8Array;
  /** What the page was made from (when asked to remember). */
  fingerprint?: string;
  /** The output folder already holds this page as it would be made (its `prev` fingerprint). */
  unchanged?: boolean;
  /** Sent only its input's key, the page changed: send it again with its input. */
  needsInput?: boolean;
  /** A page made now: its element ids (html/page-ids.ts) as the published manifest lists them. */
  anchors?: PublishedPage;
  /** Written with `Sink.record`: the file's size and modification time once written. */
  size?: number;
  mtimeMs?: number;
}

export interface FileJob {
  abs: string;
  /** The path diagnostics name (relative to the working directory). */
  rel: string;
}

export interface FrontMatterResult {
  rel: string;
  key: string;
  /** The article's fields (absent when the file has problems). */
  meta?: ArticleMeta;
  diagnostics: Diagnostic[];
  /** When the file has problems: what the site-wide checks can still read of it. */
  rejected?: RejectedArticle;
}

/** An article file with problems of its own, as the site-wide checks see it: its sound fields
 * (validate/salvage.ts) and its body's links, never built. */
export interface RejectedArticle {
  meta: ArticleMeta;
  /** Its slug is only a guess (salvage.ts). */
  slugGuessed: boolean;
  links: BodyLink[];
}

/** What an article's page needs of the rest of the site. */
export interface ArticlePageInput {
  neighbours: Neighbours;
  /** Titles of its see-also targets ("glossary/x", "articles/y"). */
  titles: [ref: string, title: string][];
  /** The page's fingerprint (articlePageFingerprint). */
  fingerprint: string;
}

export interface ArticleJob extends FileJob {
  /** Make the article's own files (JSON, Markdown): with its digest (false when only the digest is
   * wanted: a failed build's link check), or without (its digest reused from the build cache).
   * Default: when the digest is made. */
  files?: boolean;
  /** The article's key: its text's (textKey) with its pinpoint record's. */
  key: string;
  /** The unit key of its text step 1 gave, or the one the build cache knows: the text must still have it. */
  textKey: string;
  /** Its lines in the id file (load/pinpoints-file.ts), when it has a record. */
  pins?: string;
  /** The lines of its former slugs' own records, when it has a record of its own too (FoundPins.former). */
  formerPins?: string[];
  /** Render the body and report its digest; false when the digest is known (a page-only job: an
   * unchanged article whose page changed; or one whose files are to be made again). */
  digest: boolean;
  /** The unit key the output folder's copies of the article's own files were made with, when they
   * are intact: with the same key, they are left as they are. */
  prevKey?: string;
  /** Make the article's page too. */
  page?: ArticlePageInput;
}

export interface ArticleResult {
  rel: string;
  key: string;
  digest?: ArticleDigest;
  /** The article's own files (article-files.ts). */
  files: Emitted[];
  /** The files were left as they are (the key was the job's prevKey). */
  unchanged?: boolean;
  page?: Emitted;
}

/** A page to make: its route, or the input to build it from (page-families.ts), with its URL and path. */
export interface PageJob {
  route?: HtmlRoute;
  input?: FamilyInput;
  /** The input's key (PageRef.keyed): the page is fingerprinted by it. Sent alone (no input), the
   * shard answers `needsInput` for a page whose fingerprint is not `prev`. */
  keyed?: KeyedInput;
  url?: string;
  path?: string;
  /** The fingerprint of the page the output folder holds, when it is intact: the same → not made. */
  prev?: string;
  /** The page's fingerprint, when the main thread took it (HtmlRoute.inputs). */
  fingerprint?: string;
}

/** An article page's fingerprint: its route is a pure function of its unit, neighbours and titles. */
export const articlePageFingerprint = (context: string, key: string, page: Pick<ArticlePageInput, 'neighbours' | 'titles'>) =>
  hashOf(context, 'article-page', key, JSON.stringify(page.neighbours), JSON.stringify(page.titles));

/** What every page is rendered with besides its route: templates, chrome, scripts. */
export const renderContextOf = (chrome: Chrome, entries: unknown) => hashOf(toolKey(), JSON.stringify(chrome), JSON.stringify(entries));

/** A file changed between the time the build read it and the time it rendered it. */
export class ContentChangedError extends Error {
  constructor(readonly file: string) {
    super(`${file} changed while the site was being built; run the build again`);
    this.name = 'ContentChangedError';
  }
}
