/**
 * A hash of legalsite itself: its version and every file of its code, templates and styles (path,
 * size and modification time, cheap to check). Part of every fingerprint and cache key, so nothing
 * made by one version of the code is ever reused by another. Computed once per process.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { hashOf } from './hash.js';
import { packageRoot, packageVersion } from './package-root.js';

let key: string | undefined;

export function toolKey(): string {
  if (key) return key;
  const root = packageRoot();
  const files = fg.sync(['lib/**/*', 'src/**/*', 'templates/**/*', 'package.json'], { cwd: root, onlyFiles: true }).sort();
  key = hashOf(
    packageVersion(),
    ...files.map((f) => {
      const st = statSync(path.join(root, f));
      return `${f}:${st.size}:${st.mtimeMs}`;
    }),
  );
  return key;
}
