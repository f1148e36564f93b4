import { hydrateIslands } from '../hydrate.js';
import { ArticleFilters } from './ArticleFilters.js';

hydrateIslands('ArticleFilters', ArticleFilters);
