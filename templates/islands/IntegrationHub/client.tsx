import { hydrateIslands } from '../hydrate.js';
import { IntegrationHub } from './IntegrationHub.js';

hydrateIslands('IntegrationHub', IntegrationHub);
