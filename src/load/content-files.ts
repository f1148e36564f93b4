/**
 * Lists the content folder's files, confined to it: a file reached through a link that leaves the
 * content folder (to /etc/shadow, /proc/self/environ, a CI secret), a link to a folder, a device, a
 * FIFO or a socket is never read, and is reported where it stands, so nothing outside the content
 * folder can be copied into the site. Links inside the content folder to its own files are followed.
 * Reads: the content folder's listing and links. Writes: nothing.
 */
import { lstatSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { type Diagnostic, diagnostic } from '../diagnostics/diagnostic.js';

/** The regular files under `contentDir` matching `pattern` (absolute, sorted); the rest reported. */
export function listContentFiles(contentDir: string, pattern: string, rel: (abs: string) => string, diagnostics: Diagnostic[]): string[] {
  const linkedOut = linkedOutFolder(contentDir, pattern);
  if (linkedOut) {
    const reported = linkedOut.problem(rel(linkedOut.abs));
    // Several patterns list from one folder (templates/index.yaml, templates/**/*): said once.
    if (!diagnostics.some((d) => d.rule === reported.rule && d.file === reported.file)) diagnostics.push(reported);
    return [];
  }
  const entries = fg.sync(pattern, { cwd: contentDir, absolute: true, onlyFiles: false, followSymbolicLinks: false, objectMode: true });
  const files: string[] = [];
  for (const { path: abs, dirent } of entries) {
    if (dirent.isDirectory()) continue;
    const problem = dirent.isFile() ? undefined : confinementProblem(abs, contentDir);
    if (problem) diagnostics.push(problem(rel(abs)));
    else files.push(abs);
  }
  return files.sort();
}

/** Markdown files a build does not read, by their extension: `.markdown`, `.mdown`, `.mkd`, `.mkdn`,
 * `.mdx`, or `.md` in capitals (`.MD`). Each was skipped without a word: an article written and
 * never published. Its path is in the content folder (`articles/x.MD`), not hidden. */
export const UNREAD_MARKDOWN = /^(articles|pages)\/[^/.][^/]*\.(?:markdown|mdown|mkdn?|mdx|md)$/i;

/** The error of a Markdown file that would not be read (UNREAD_MARKDOWN), or undefined. */
export function unreadMarkdownProblem(contentPath: string, file: string): Diagnostic | undefined {
  const m = UNREAD_MARKDOWN.exec(contentPath);
  if (!m || contentPath.endsWith('.md')) return undefined;
  const name = path.posix.basename(contentPath).replace(/\.[^.]+$/, '.md');
  const what = m[1] === 'articles' ? 'an article' : 'a page';
  return diagnostic('invalid-file-name', { file }, '', `is not read, so it would not be published: legalsite reads ${what} only from a file whose name ends in .md (in lowercase)`, `Rename it to ${name}.`);
}

/** The errors of the Markdown files under `contentDir`'s `folder` (articles, pages) that a build
 * would not read, found by listing the folder again (when no scan of the content folder lists it). */
export function unreadMarkdownFiles(contentDir: string, folder: 'articles' | 'pages', rel: (abs: string) => string): Diagnostic[] {
  // A folder that is a file, or cannot be read, is reported where the files are listed.
  const found = fg.sync(`${folder}/*.{markdown,mdown,mkd,mkdn,mdx,md}`, { cwd: contentDir, caseSensitiveMatch: false, onlyFiles: true, followSymbolicLinks: false, suppressErrors: true });
  return found.sort().flatMap((p) => unreadMarkdownProblem(p, rel(path.join(contentDir, p))) ?? []);
}

/** Why the file at `abs` (a link, or not a regular file) must not be read, or undefined if it may. */
export function confinementProblem(abs: string, contentDir: string): ((file: string) => Diagnostic) | undefined {
  let real: string;
  try {
    real = realpathSync.native(abs);
  } catch {
    return (file) => diagnostic('unreadable-file', { file }, '', 'is a link to a file that does not exist', 'Remove the link, or point it at a file in the content folder.');
  }
  const root = realpathSync.native(contentDir);
  if (real !== root && !real.startsWith(root + path.sep)) {
    return (file) => diagnostic('outside-content', { file }, '', `is a link to ${real}, outside the content folder; it was not read`);
  }
  const st = statSync(real);
  if (st.isFile()) return undefined;
  const folder = lstatSync(abs).isSymbolicLink() ? 'a link to a folder (links to folders are not followed)' : 'a folder';
  const kind = st.isDirectory() ? folder : st.isFIFO() ? 'a named pipe (FIFO)' : st.isSocket() ? 'a socket' : st.isCharacterDevice() || st.isBlockDevice() ? 'a device' : 'not a regular file';
  return (file) => diagnostic('not-a-file', { file }, '', `is ${kind}, not a regular file; it was not read`);
}

/**
 * The folder `pattern` lists from (or one above it) when it is a link leading out of the content
 * folder, with its problem. fast-glob, told not to follow links, still walks from the folder a
 * pattern names: with content/templates a link to a home folder, every file under it was listed as
 * a regular file and copied into the site.
 */
function linkedOutFolder(contentDir: string, pattern: string): { abs: string; problem: (file: string) => Diagnostic } | undefined {
  let abs = contentDir;
  for (const part of pattern.split('/').slice(0, -1)) {
    if (/[*?[\]{}()!+@]/.test(part)) break;
    abs = path.join(abs, part);
    let link: boolean;
    try {
      link = lstatSync(abs).isSymbolicLink();
    } catch {
      return undefined;
    }
    const problem = link ? confinementProblem(abs, contentDir) : undefined;
    // A link to a folder inside the content folder is followed, as a link to one of its files is.
    if (problem && problem('').rule === 'outside-content') return { abs, problem: (file) => ({ ...problem(file), hint: 'Copy the folder into the content folder instead of linking to it.' }) };
    // A file where the folder should be (content/articles made by `echo … > content/articles`):
    // the content's mistake, said at its path, not a failure of the environment.
    if (!link && !lstatSync(abs).isDirectory()) return { abs, problem: (file) => notAFolder(file, part) };
  }
  return undefined;
}

/** A file where a folder of the content folder (articles, glossary, …) should be. */
export const notAFolder = (file: string, name: string): Diagnostic => diagnostic('not-a-file', { file }, '', 'is a file, not a folder', `Make ${name}/ a folder and put the files in it.`);
