/**
 * Publish guard (issue 16): `publish` uploads, and with --prune deletes, only from a folder that a
 * legalsite build wrote completely. An empty folder, a typo in --out or some other project's folder
 * would otherwise replace or (with --prune) wipe the live site.
 * Reads: the output folder. Writes: nothing.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { UsageError } from '../diagnostics/diagnostic.js';
import { OUTPUT_MARKER } from '../write/output-guard.js';
import { lockHolder } from '../write/output-lock.js';
import { unfinishedCommitBeside } from '../write/output-recovery.js';
import { CONTENT_MANIFEST_PATH } from './publish-manifest.js';

/** Files every `legalsite build` writes, whatever the content: its marker (output-guard.ts), the home
 * and 404 pages, the crawling files and the content manifest. */
export const BUILD_FILES: readonly string[] = [OUTPUT_MARKER, 'index.html', '404.html', 'robots.txt', 'sitemap.xml', CONTENT_MANIFEST_PATH];

/**
 * Throws a UsageError (exit 2) unless `outDir` holds a complete legalsite build: every file of
 * BUILD_FILES (the build's marker among them, so `publish` and the build's output guard agree on
 * which folders legalsite made), and a content manifest that legalsite wrote; and no build is writing
 * it or was cut short while moving files into it.
 */
export function assertCompleteBuild(outDir: string, label: string): void {
  if (!existsSync(outDir) || !statSync(outDir).isDirectory()) {
    throw new UsageError(`output folder not found: ${label} (run \`legalsite build\` first, or pass --out DIR)`);
  }
  const holder = lockHolder(outDir);
  if (holder !== undefined) throw new UsageError(`another legalsite command (process ${holder}), a build or a publish, is using ${label} now; nothing was uploaded or deleted. Wait for it to finish, then publish.`);
  const cut = unfinishedCommitBeside(outDir);
  if (cut) throw new UsageError(`the last build into ${label} was cut short (${cut} is beside it), so it may hold a mix of two builds; nothing was uploaded or deleted. Run \`legalsite build\` to put it right, then publish.`);
  const missing = BUILD_FILES.filter((f) => !isFile(path.join(outDir, f)));
  const refuse = (why: string) =>
    new UsageError(`${label} is not a complete legalsite build (${why}); nothing was uploaded or deleted. Run \`legalsite build\` and publish the folder it wrote (--out DIR).`);
  if (missing.length === BUILD_FILES.length) throw refuse('it has none of the files a build writes');
  if (missing.length) throw refuse(`missing ${missing.join(', ')}`);
  if (!isContentManifest(path.join(outDir, CONTENT_MANIFEST_PATH))) throw refuse(`${CONTENT_MANIFEST_PATH} is not a manifest legalsite wrote`);
}

const isFile = (file: string) => existsSync(file) && statSync(file).isFile();

function isContentManifest(file: string): boolean {
  try {
    const data = JSON.parse(readFileSync(file, 'utf8'));
    return data?.version === 1 && typeof data.entities === 'object' && data.entities !== null && !Array.isArray(data.entities);
  } catch {
    return false;
  }
}
