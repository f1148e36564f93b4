import { hydrateIslands } from '../hydrate.js';
import { AnalyticsDashboard } from './AnalyticsDashboard.js';

hydrateIslands('AnalyticsDashboard', AnalyticsDashboard);
