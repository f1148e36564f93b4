/**
 * The browser entries each page type loads besides the global ones (templates/client/entries.ts).
 * Apart from the page components, so code that only needs to know a page's scripts (the build's
 * JavaScript budget) does not load React and the templates.
 */
import type { ClientEntry } from '../client/entries.js';
import type { TemplateName } from './index.js';

export const PAGE_SCRIPTS: Partial<Record<TemplateName, ClientEntry[]>> = {
  articles: ['ArticleFilters'],
  glossary: ['glossary-search'],
  search: ['site-search'],
  article: ['article-actions', 'page-actions'],
  term: ['page-actions'],
  'not-found': ['not-found'],
  analytics: ['AnalyticsDashboard'],
  integrations: ['IntegrationHub'],
};
