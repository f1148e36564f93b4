/**
 * Lists dist/ as the objects a publish would store: each file's object key, sha256, Content-Type and
 * Cache-Control; host configuration files (`_headers`, host-files.ts) are not objects. Bodies are not kept in memory; uploads read each file again when they send it.
 * An object at an address `_redirects` lists (a renamed article's or term's former address, issue 17)
 * also gets that redirect as its S3 website redirect: a website endpoint answers it with a 301; a
 * REST endpoint (CloudFront with origin access control) still serves its body, the redirect page or
 * the mirror's copy.
 * Reads: the output folder. Writes: nothing.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { UsageError } from '../diagnostics/diagnostic.js';
import { cacheControlFor, contentTypeFor } from './content-types.js';
import { isHostConfigFile } from './host-files.js';
import { objectKeyFor } from './object-keys.js';
import { runPool } from './pool.js';
import { LAST_PUBLISHED_PATH, PUBLISH_MANIFEST_KEY } from './publish-manifest.js';
import { parseRedirectsFile } from '../routes/redirects.js';
import { PUBLISHED_URL } from '../build/published.js';
import { publishedFrom } from '../passes/published.js';

/** One file of dist/ as it would be stored. */
export interface LocalObject {
  /** Path inside dist/, forward slashes. */
  file: string;
  /** Object key relative to the prefix. */
  key: string;
  sha256: string;
  contentType: string;
  cacheControl: string;
  /** Where an S3 website endpoint redirects the key, for a former address. */
  websiteRedirect?: string;
}

/** Reads and hashes every file of `outDir` (sorted by key); throws a UsageError if there is no dist/,
 * if it holds a link or a special file (listFiles), or a file the build did not make (madeByTheBuild). */
export async function readLocalObjects(outDir: string, label = outDir): Promise<LocalObject[]> {
  if (!existsSync(outDir) || !statSync(outDir).isDirectory()) {
    throw new UsageError(`output folder not found: ${label} (run \`legalsite build\` first, or pass --out DIR)`);
  }
  const files = (await listFiles(outDir, label)).filter((f) => f !== LAST_PUBLISHED_PATH && f !== PUBLISH_MANIFEST_KEY && !isHostConfigFile(f)).sort();
  const made = madeByTheBuild(outDir, label);
  const strays = files.filter((f) => !made(f));
  if (strays.length) {
    const one = strays.length === 1;
    throw new UsageError(`${shownFiles(label, strays)} ${one ? 'is a file' : 'are files'} the build did not make (${PUBLISHED_URL} does not list ${one ? 'it' : 'them'}); nothing was uploaded or deleted. Remove ${one ? 'it' : 'them'}, or run \`legalsite build\` (which removes what it did not make), then publish. A file the site needs goes in the content folder.`);
  }
  const redirects = readRedirects(outDir);
  const objects = await runPool(files, 32, async (file): Promise<LocalObject> => {
    const key = objectKeyFor(file);
    const websiteRedirect = redirects.get(urlOfKey(key))?.to;
    return {
      file,
      key,
      sha256: createHash('sha256').update(await readFile(path.join(outDir, file))).digest('hex'),
      contentType: contentTypeFor(file),
      cacheControl: cacheControlFor(file),
      ...(websiteRedirect ? { websiteRedirect } : {}),
    };
  });
  const byKey = new Map<string, string>();
  for (const o of objects) {
    const other = byKey.get(o.key);
    if (other) throw new UsageError(`${label}/${other} and ${label}/${o.file} would both be published as "${o.key}"; remove one of them`);
    byKey.set(o.key, o.file);
  }
  return objects.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/**
 * The regular files under `outDir`. A link is never followed: one to a file or folder outside would
 * publish what it leads to (a key, a home folder), and no build writes one, so a link or a special
 * file (a FIFO, a socket, a device) anywhere in the folder refuses the whole publish, naming it.
 */
async function listFiles(outDir: string, label: string): Promise<string[]> {
  const entries = await fg('**/*', { cwd: outDir, dot: true, onlyFiles: false, followSymbolicLinks: false, objectMode: true });
  const odd = entries.filter((e) => !e.dirent.isFile() && !e.dirent.isDirectory()).map((e) => e.path).sort();
  if (odd.length) {
    throw new UsageError(`${shownFiles(label, odd)} ${odd.length === 1 ? 'is a link or a special file' : 'are links or special files'}, which no build writes; nothing was uploaded or deleted. Remove ${odd.length === 1 ? 'it' : 'them'}, or run \`legalsite build\` (which writes the folder afresh), then publish.`);
  }
  return entries.filter((e) => e.dirent.isFile()).map((e) => e.path);
}

/** Whether the build that wrote `outDir` made a file, by its path: a page (`x.html`) its published
 * manifest lists as a page, any other file as a file, either as a redirect. That is the whole of
 * what a publish may upload. */
function madeByTheBuild(outDir: string, label: string): (file: string) => boolean {
  let manifest: ReturnType<typeof publishedFrom>;
  try {
    manifest = publishedFrom(JSON.parse(readFileSync(path.join(outDir, PUBLISHED_URL.slice(1)), 'utf8')));
  } catch {
    manifest = 'could not be read';
  }
  if (typeof manifest === 'string') throw new UsageError(`${label} is not a complete legalsite build (${label}${PUBLISHED_URL} ${manifest}); nothing was uploaded or deleted. Run \`legalsite build\` and publish the folder it wrote (--out DIR).`);
  const pages = new Set(Object.keys(manifest.pages));
  const others = new Set(manifest.files);
  const redirects = manifest.redirects;
  return (file) => {
    const url = file.endsWith('.html') ? urlOfKey(objectKeyFor(file)) : `/${file}`;
    return (file.endsWith('.html') ? pages : others).has(url) || Object.hasOwn(redirects, url);
  };
}

/** Up to three paths, and how many more. */
const shownFiles = (label: string, files: string[]) => files.slice(0, 3).map((f) => `${label}/${f}`).join(', ') + (files.length > 3 ? ` and ${files.length - 3} more` : '');

/** The redirects the build wrote to `_redirects` (none when there is no such file). */
function readRedirects(outDir: string): Map<string, { to: string }> {
  const file = path.join(outDir, '_redirects');
  return existsSync(file) ? parseRedirectsFile(readFileSync(file, 'utf8')) : new Map();
}

/** The site address an object key answers (object-keys.ts in reverse). */
const urlOfKey = (key: string) => (key === 'index.html' ? '/' : key === '404.html' ? '/404' : `/${key}`);
