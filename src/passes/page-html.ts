/**
 * Renders the Markdown pages (about, privacy, terms, legal-disclaimer …) with heading ids, after
 * substituting the documented variables ({{editorialEmail}}, {{siteName}}, {{publisher}}).
 * Reads: pages, config. Writes: HTML and headings per page name, body links for the link check.
 */
import type { Heading, Page, SiteConfig } from '../model.js';
import { readMarkup, writeMarkup } from '../html/markup.js';
import { addHeadingIds } from './article-html/heading-ids.js';
import { wrapTables } from './article-html/wrap-tables.js';
import type { BodyLink } from '../model/article-digest.js';
import { renderMarkdown } from './markdown.js';
import { createSlugger } from './slugify.js';

export interface PageBody {
  html: string;
  headings: Heading[];
  links: BodyLink[];
}

export function substituteVariables(text: string, config: SiteConfig): string {
  const values: Record<string, string> = {
    editorialEmail: `<${config.editorialEmail}>`,
    siteName: config.name,
    publisher: config.publisher.name,
  };
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);
}

export function renderPageBodies(pages: Page[], config: SiteConfig): Map<string, PageBody> {
  return new Map(
    pages.map((p) => {
      const { html, links } = renderMarkdown(substituteVariables(p.body, config), p.bodyLine);
      const markup = readMarkup(html);
      const headings = addHeadingIds(markup, createSlugger(['main']));
      return [p.name, { html: writeMarkup(wrapTables(markup)), headings, links }];
    }),
  );
}
