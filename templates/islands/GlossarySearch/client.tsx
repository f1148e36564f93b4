import { hydrateIslands } from '../hydrate.js';
import { GlossarySearch } from './GlossarySearch.js';

hydrateIslands('GlossarySearch', GlossarySearch);
