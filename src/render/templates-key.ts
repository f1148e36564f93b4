/** A hash of legalsite's own page templates and the code they present with, so a cached page is
 * never reused after a template changes. Computed once per process. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { hashOf } from '../build-cache.js';
import { packageRoot, packageVersion } from '../package-root.js';

let key: string | undefined;

export function templatesKey(): string {
  if (key) return key;
  const root = packageRoot();
  const files = fg.sync(['templates/**/*.{ts,tsx}', 'src/render/*.tsx', 'src/constants.ts'], { cwd: root }).sort();
  key = hashOf(packageVersion(), ...files.flatMap((f) => [f, readFileSync(path.join(root, f))]));
  return key;
}
