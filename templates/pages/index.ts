/** The page-template registry: routes name a template, the renderer looks it up here. A name (not a
 * function) keeps routes serialisable for worker threads. */
import { ArticlePage } from './ArticlePage.js';
import { ArticlesPage } from './ArticlesPage.js';
import { ContentPage } from './ContentPage.js';
import { GlossaryPage } from './GlossaryPage.js';
import { HomePage } from './HomePage.js';
import { NotFoundPage } from './NotFoundPage.js';
import { TermPage } from './TermPage.js';

export const PAGE_TEMPLATES = {
  home: HomePage,
  articles: ArticlesPage,
  article: ArticlePage,
  glossary: GlossaryPage,
  term: TermPage,
  content: ContentPage,
  'not-found': NotFoundPage,
} as const;

export type TemplateName = keyof typeof PAGE_TEMPLATES;
