/**
 * Renders each article body: Markdown to HTML once, read once as flat markup (html/markup.ts: what
 * parse5 would make of it, without the tree), then the markup passes in this order (pinpoint ids of
 * paragraphs and headings, glossary links, table wrappers, tombstones of removed paragraphs), written
 * once; then, for the page alone, a ¶ link at the end of each paragraph (paragraph-links.ts), written
 * again as the page's HTML. The plain text (word counts, search, similarity) is taken before the
 * tombstones and ¶ links go in, so nothing counts them.
 * Reads: an article, its pinpoint record, the term matcher, term titles. Writes: its ArticleHtml.
 * Spec §2 (article page), §5 (auto-linking). Needs: term-matcher.
 */
import type { Article, ArticleHtml } from '../model.js';
import type { ArticlePins } from '../model/pinpoints.js';
import { markupText, readMarkup, writeMarkup } from '../html/markup.js';
import { type AutoLink, linkGlossaryTerms } from './article-html/glossary-links.js';
import { addParagraphLinks } from './article-html/paragraph-links.js';
import { addPinpointIds, addTombstones, type PublishedParagraph } from './article-html/pinpoint-ids.js';
import { wrapTables } from './article-html/wrap-tables.js';
import type { Tombstone } from './pinpoints/assign.js';
import type { BodyLink } from '../model/article-digest.js';
import { renderMarkdown } from './markdown.js';
import type { TermMatcher } from './term-matcher.js';

export interface ArticleBody extends ArticleHtml {
  /** The body as the article's page shows it: `html` with each paragraph's ¶ link. `html` (with the
   * tombstones), `mirrorHtml` and `plainText` never hold them. */
  pageHtml: string;
  /** The body without its tombstones (the JSON mirror's bodyHtml lists them apart: `removed`). */
  mirrorHtml: string;
  links: BodyLink[];
  /** Every auto-link with its sentence (with its source line under `sourceLines`). */
  autoLinks: AutoLink[];
  /** Every paragraph with its id, text and hash, in page order. */
  paragraphs: PublishedParagraph[];
  /** The pinpoint record after this body (for the id file). */
  pins: ArticlePins;
  tombstones: Tombstone[];
}

/** Renders one article's body; pure over its inputs, so serve can re-run it for one file.
 * `pins`: the record of its published ids (passes/pinpoints/assign.ts; none gives positional ids).
 * `sourceLines`: note each auto-link's source line (for `check --list-links`; the HTML then carries
 * source-line attributes and is not for publishing). */
export function renderArticleBody(
  article: Pick<Article, 'slug' | 'body' | 'bodyLine' | 'formerSlugs' | 'dateModified'>,
  matcher: TermMatcher,
  termTitle: (slug: string) => string,
  opts: { sourceLines?: boolean; pins?: ArticlePins; formerPins?: readonly ArticlePins[] } = {},
): ArticleBody {
  const { html, links } = renderMarkdown(article.body, article.bodyLine, opts);
  const read = readMarkup(html);
  const input = { slug: article.slug, formerSlugs: article.formerSlugs, record: opts.pins, formerRecords: opts.formerPins, removedOn: article.dateModified };
  const pinpoints = addPinpointIds(read, input);
  const { markup: linked, mentions, autoLinks } = linkGlossaryTerms(read, matcher, termTitle);
  const markup = wrapTables(linked);
  const mirrorHtml = writeMarkup(markup);
  const withTombstones = addTombstones(markup, pinpoints, input);
  return {
    html: withTombstones === markup ? mirrorHtml : writeMarkup(withTombstones),
    pageHtml: writeMarkup(addParagraphLinks(withTombstones)),
    mirrorHtml,
    headings: pinpoints.headings,
    mentions,
    plainText: markupText(markup),
    links,
    autoLinks,
    paragraphs: pinpoints.paragraphs,
    pins: pinpoints.record,
    tombstones: pinpoints.tombstones,
  };
}
