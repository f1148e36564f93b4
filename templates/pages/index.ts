/** The page-template registry: routes name a template, the renderer looks it up here. A name (not a
 * function) keeps routes serialisable for worker threads. */
import { ArticlePage } from './ArticlePage.js';
import { ArticlesPage } from './ArticlesPage.js';
import { ArticleListPage } from './ArticleListPage.js';
import { ContentPage } from './ContentPage.js';
import { GlossaryPage } from './GlossaryPage.js';
import { GlossaryIndexPage } from './GlossaryIndexPage.js';
import { GlossaryLetterPage } from './GlossaryLetterPage.js';
import { HomePage } from './HomePage.js';
import { NotFoundPage } from './NotFoundPage.js';
import { TermPage } from './TermPage.js';
import { AnswersPage } from './AnswersPage.js';
import { ApiPage } from './ApiPage.js';
import { ContentRecommendationsPage } from './ContentRecommendationsPage.js';
import { DatasetPage } from './DatasetPage.js';
import { DatasetsPage } from './DatasetsPage.js';
import { ForAiPage } from './ForAiPage.js';
import { RecommendationsPage } from './RecommendationsPage.js';
import { TemplatesPage } from './TemplatesPage.js';
import { SearchPage } from './SearchPage.js';
import { AnalyticsPage } from './AnalyticsPage.js';
import { IntegrationsPage } from './IntegrationsPage.js';
import { FeedPage } from './FeedPage.js';
import { RedirectPage } from './RedirectPage.js';

export const PAGE_TEMPLATES = {
  home: HomePage,
  articles: ArticlesPage,
  'article-list': ArticleListPage,
  article: ArticlePage,
  glossary: GlossaryPage,
  'glossary-index': GlossaryIndexPage,
  'glossary-letter': GlossaryLetterPage,
  term: TermPage,
  content: ContentPage,
  'not-found': NotFoundPage,
  answers: AnswersPage,
  api: ApiPage,
  'content-recommendations': ContentRecommendationsPage,
  dataset: DatasetPage,
  datasets: DatasetsPage,
  'for-ai': ForAiPage,
  recommendations: RecommendationsPage,
  templates: TemplatesPage,
  search: SearchPage,
  analytics: AnalyticsPage,
  integrations: IntegrationsPage,
  feed: FeedPage,
  redirect: RedirectPage,
} as const;

export type TemplateName = keyof typeof PAGE_TEMPLATES;
