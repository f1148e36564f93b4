/** Builds the shipped content once per test process into a temp folder (writing dist/ for real), so
 * output tests read real files without each rebuilding the site. */
import path from 'node:path';
import { build, type BuildResult } from '../../src/build.js';
import { ROOT, tempDir } from './sites.js';

let cached: Promise<{ dist: string; result: BuildResult }> | undefined;

export function shippedBuild(): Promise<{ dist: string; result: BuildResult }> {
  cached ??= (async () => {
    const dist = path.join(tempDir(), 'dist');
    // The id file is read, never written: the shipped content's own check (test/content) fails when
    // it is out of date, rather than a test run quietly updating it.
    const result = await build({ contentDir: 'content', outDir: dist, cwd: ROOT, write: true, pinpoints: 'read' });
    if (!result.ok) throw new Error(`the shipped content does not build:\n${result.diagnostics.map((d) => `${d.file}:${d.line} ${d.field} ${d.message}`).join('\n')}`);
    return { dist, result };
  })();
  return cached;
}

/** The file in dist/ that a site URL is served from, by the layout rules of docs/hosting.md. */
export function fileForUrl(dist: string, url: string): string[] {
  const p = decodeURI(new URL(url, 'https://x.invalid').pathname);
  if (p === '/') return [path.join(dist, 'index.html')];
  const rel = p.slice(1);
  return [path.join(dist, rel), path.join(dist, `${rel}.html`), path.join(dist, rel, 'index.html')];
}
