/**
 * The browser entry points esbuild bundles: islands (React, hydrated) and small plain modules.
 * Paths are relative to templates/. Pages name the entries they load in PAGE_SCRIPTS.
 */
export const CLIENT_ENTRIES = {
  tracker: 'client/tracker.ts',
  'article-actions': 'client/article-actions.ts',
  'search-shortcut': 'client/search-shortcut.ts',
  'page-actions': 'client/page-actions.ts',
  'not-found': 'client/not-found.ts',
  redirect: 'client/redirect.ts',
  ArticleFilters: 'islands/ArticleFilters/client.tsx',
  'glossary-search': 'client/glossary-search.ts',
  'site-search': 'client/site-search.ts',
  AnalyticsDashboard: 'islands/AnalyticsDashboard/client.tsx',
  IntegrationHub: 'islands/IntegrationHub/client.tsx',
} as const;

export type ClientEntry = keyof typeof CLIENT_ENTRIES;

/** Loaded on every page: the analytics tracker and the search shortcut (tiny, no React). */
export const GLOBAL_SCRIPTS: ClientEntry[] = ['tracker', 'search-shortcut'];
