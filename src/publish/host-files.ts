/**
 * Files in dist/ that configure a static host rather than being part of the site: Netlify and
 * Cloudflare Pages read `_headers` (and `_redirects`) and never serve them; GitHub Pages reads
 * `.nojekyll`. In object storage they would only be public objects that do nothing: `publish` sets
 * each object's headers itself (content-types.ts), and redirects on S3 are object metadata, so
 * publish never uploads these (and --prune removes copies an older publish left). Nor legalsite's
 * own output marker (output-guard.ts), which says only that a build made the folder.
 * Reads: nothing. Writes: nothing.
 */
import { HOST_CONFIG_NAMES } from '../constants.js';
import { OUTPUT_MARKER } from '../write/output-guard.js';

/** Host configuration files, by their path in dist/. */
export const HOST_CONFIG_FILES: ReadonlySet<string> = new Set([...HOST_CONFIG_NAMES, OUTPUT_MARKER]);

/** True for a dist/ path that is host configuration, never an object. */
export const isHostConfigFile = (distPath: string) => HOST_CONFIG_FILES.has(distPath);
