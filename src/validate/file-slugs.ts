/**
 * A file whose name is its address: an article or dataset without a `slug:` of its own, and every
 * page. Its name must be a slug as a `slug:` field must (lowercase letters, digits, single hyphens),
 * and short enough for every file made from it (`{slug}.answer.json` and the like) to fit a file
 * system's 255-byte names: a name with a space, a capital or a newline was published as an address
 * as it stood, and a name too long failed the build at the disk, as if the output folder were to blame.
 * A glossary term without `slug:` is named by its title, so its title must give a slug, within the same limit.
 * Reads: a file's name, a term's slug. Writes: a diagnostic.
 */
import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import { slugify } from '../passes/slugify.js';

export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
/** The longest slug: `{slug}.answer.json` and its siblings then stay well under 255 bytes. */
export const MAX_SLUG_LENGTH = 200;

/** Why the file `file`, named `name` (without its extension), cannot give its address, or undefined. */
export function fileNameProblem(file: string, name: string, kind: 'article' | 'dataset' | 'page'): Diagnostic | undefined {
  if (SLUG_PATTERN.test(name) && name.length <= MAX_SLUG_LENGTH) return undefined;
  const why = name.length > MAX_SLUG_LENGTH ? `is ${name.length} characters long, more than the ${MAX_SLUG_LENGTH} an address may have` : `${JSON.stringify(name)} is not a slug (lowercase letters, digits and single hyphens)`;
  const suggestion = slugify(name).slice(0, MAX_SLUG_LENGTH).replace(/-+$/, '');
  const rename = suggestion ? `Rename the file to ${suggestion}${file.slice(file.lastIndexOf('.'))}` : 'Rename the file with lowercase letters, digits and hyphens';
  const own = kind === 'page' ? '' : ', or give it a `slug:` of its own';
  return diagnostic('invalid-file-name', { file, line: 1, column: 1 }, '', `the file name ${why}: ${kind === 'article' ? 'an' : 'a'} ${kind}'s file name is its address`, `${rename}${own}.`);
}

/** Why a term's title, whose slug is its address when it has no `slug:`, makes none (a title with no
 * ASCII letter or digit, such as one in Arabic script, would be published at /glossary/) or one too
 * long, or undefined. `titleAt` is asked only for a problem: finding a position parses the file
 * again with `yaml`, some 1.5 ms a term, where the fast path read it. */
export function titleSlugProblem(file: string, titleAt: () => { line: number; column: number }, slug: string): Diagnostic | undefined {
  if (slug === '') return diagnostic('invalid-format', { file, ...titleAt() }, 'title', 'makes no slug: it has no letter a to z or digit, and a term without `slug:` is published under its title', 'Give the term a `slug:` of its own (lowercase letters, digits and hyphens), such as `slug: disclosure`.');
  if (slug.length <= MAX_SLUG_LENGTH) return undefined;
  return diagnostic('invalid-format', { file, ...titleAt() }, 'title', `makes a slug of ${slug.length} characters, more than the ${MAX_SLUG_LENGTH} an address may have (a term without \`slug:\` is published under its title)`, 'Give the term a shorter `slug:` of its own, or shorten the title.');
}
