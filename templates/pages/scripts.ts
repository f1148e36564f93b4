/**
 * The browser entries each page type loads besides the global ones (templates/client/entries.ts).
 * Apart from the page components, so code that only needs to know a page's scripts (the build's
 * JavaScript budget) does not load React and the templates.
 */
import type { ClientEntry } from '../client/entries.js';
import type { TemplateName } from './index.js';

/** Page types that load their own scripts alone: a redirect page is left at once, so neither the
 * analytics tracker nor the search shortcut should run on it. */
export const OWN_SCRIPTS_ONLY: ReadonlySet<TemplateName> = new Set(['redirect']);

export const PAGE_SCRIPTS: Partial<Record<TemplateName, ClientEntry[]>> = {
  articles: ['ArticleFilters'],
  glossary: ['glossary-search'],
  search: ['site-search'],
  article: ['article-actions', 'page-actions'],
  term: ['page-actions'],
  'not-found': ['not-found'],
  redirect: ['redirect'],
  analytics: ['AnalyticsDashboard'],
  integrations: ['IntegrationHub'],
};
