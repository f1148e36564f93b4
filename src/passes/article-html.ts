/**
 * Renders each article body: Markdown to HTML once, read once as flat markup (html/markup.ts: what
 * parse5 would make of it, without the tree), then the markup passes in this order (heading ids,
 * cite anchors, glossary links, table wrappers), written once; then, for the page alone, a ¶ link
 * at the end of each paragraph (paragraph-links.ts), written again as the page's HTML.
 * Reads: an article, the term matcher, term titles. Writes: its ArticleHtml.
 * Spec §2 (article page), §5 (auto-linking). Needs: term-matcher.
 */
import { ARTICLE_RESERVED_IDS } from '../constants.js';
import type { Article, ArticleHtml } from '../model.js';
import { markupText, readMarkup, writeMarkup } from '../html/markup.js';
import { addCiteAnchors } from './article-html/cite-anchors.js';
import { type AutoLink, linkGlossaryTerms } from './article-html/glossary-links.js';
import { addHeadingIds } from './article-html/heading-ids.js';
import { addParagraphLinks } from './article-html/paragraph-links.js';
import { wrapTables } from './article-html/wrap-tables.js';
import type { BodyLink } from '../model/article-digest.js';
import { renderMarkdown } from './markdown.js';
import { createSlugger } from './slugify.js';
import type { TermMatcher } from './term-matcher.js';

export interface ArticleBody extends ArticleHtml {
  /** The body as the article's page shows it: `html` with each paragraph's ¶ link. `html` itself
   * (the JSON mirror's bodyHtml) and `plainText` never hold them. */
  pageHtml: string;
  links: BodyLink[];
  /** Every auto-link with its sentence (with its source line under `sourceLines`). */
  autoLinks: AutoLink[];
}

/** Renders one article's body; pure over its inputs, so serve can re-run it for one file.
 * `sourceLines`: note each auto-link's source line (for `check --list-links`; the HTML then carries
 * source-line attributes and is not for publishing). */
export function renderArticleBody(article: Pick<Article, 'slug' | 'body' | 'bodyLine'>, matcher: TermMatcher, termTitle: (slug: string) => string, opts: { sourceLines?: boolean } = {}): ArticleBody {
  const { html, links } = renderMarkdown(article.body, article.bodyLine, opts);
  const read = readMarkup(html);
  const headings = addHeadingIds(read, createSlugger(ARTICLE_RESERVED_IDS));
  addCiteAnchors(read, article.slug);
  const { markup: linked, mentions, autoLinks } = linkGlossaryTerms(read, matcher, termTitle);
  const markup = wrapTables(linked);
  return { html: writeMarkup(markup), pageHtml: writeMarkup(addParagraphLinks(markup)), headings, mentions, plainText: markupText(markup), links, autoLinks };
}
