/**
 * The site search's files as routes: the manifest at /search-index.json and the index's files under
 * /assets/search/, each fingerprinted by its content hash, so an unchanged one is neither made nor
 * written again (engine/emit-site.ts).
 */
import type { SearchFiles } from '../passes/search/index-files.js';
import { MANIFEST_URL } from '../search/format.js';
import type { FileRoute } from './types.js';

const JSON_TYPE = 'application/json; charset=utf-8';

export function searchFileRoutes(search: SearchFiles): FileRoute[] {
  return [
    { kind: 'file', url: MANIFEST_URL, body: search.manifest, type: JSON_TYPE },
    ...search.files.map((f): FileRoute => ({ kind: 'file', url: f.url, body: f.body, inputs: () => f.hash, type: JSON_TYPE })),
  ];
}
