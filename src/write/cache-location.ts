/**
 * Where the build cache of a content folder lives: node_modules/.cache/legalsite (or
 * .legalsite-cache/ where there is no node_modules), one folder per content folder, named by a hash
 * of its absolute path. Loads nothing but Node's own modules (hash.ts imports only
 * node:crypto): the launcher (bin/legalsite.js) asks it before the CLI is loaded.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { hashOf } from '../hash.js';

/** The cache folder of `contentDir` (relative to `cwd`). */
export function cacheFile(cwd: string, contentDir: string): string {
  const base = existsSync(path.join(cwd, 'node_modules')) ? path.join(cwd, 'node_modules', '.cache', 'legalsite') : path.join(cwd, '.legalsite-cache');
  return path.join(base, hashOf(path.resolve(cwd, contentDir)).slice(0, 16));
}
