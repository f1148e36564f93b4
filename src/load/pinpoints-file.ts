/**
 * Reads the id file, content/pinpoints.jsonl: the record of every article's published paragraph and
 * heading ids (passes/pinpoints/record-format.ts has the format). Every line is checked here, so a
 * damaged file (a bad merge, a hand edit) is a content error naming its line, and never silently
 * renumbers an article. Each article's lines are kept as text, parsed where the article is rendered.
 * Reads: the id file. Writes: nothing.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Diagnostic, diagnostic } from '../diagnostics/diagnostic.js';
import { hashOf } from '../hash.js';
import type { ArticleMeta } from '../model.js';
import { headerLine, parseArticlePins, PINPOINTS_FILE, type PinsChunk, splitPinsFile } from '../passes/pinpoints/record-format.js';

/** The id file as read. */
export interface PinsFile {
  /** Its path as diagnostics name it (relative to the working directory). */
  file: string;
  abs: string;
  /** Its text, or undefined when there is no file yet. */
  text?: string;
  /** Each article's lines, by the slug they are recorded under. */
  chunks: Map<string, PinsChunk>;
  /** The text is exactly as legalsite writes it (header, order, layout); if not, a build rewrites it. */
  canonical: boolean;
  diagnostics: Diagnostic[];
}

/** An article's record as found: the slug it is recorded under (its own, or a former slug's), its
 * lines and their key (pinsKeyOf). */
export interface FoundPins {
  slug: string;
  text: string;
  key: string;
}

/** The key of an article's record lines: part of everything made from the article (unit keys). */
export const pinsKeyOf = (text: string | undefined) => (text === undefined ? '' : hashOf('pinpoints', text));

/** Reads the id file of `contentAbs` (none yet is no error: the first build writes it). */
export function readPinsFile(contentAbs: string, rel: (abs: string) => string): PinsFile {
  const abs = path.join(contentAbs, PINPOINTS_FILE);
  const file = rel(abs);
  let text: string;
  try {
    text = readFileSync(abs, 'utf8');
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    const diagnostics = missing ? [] : [diagnostic('unreadable-file', { file }, '', 'could not be read')];
    return { file, abs, chunks: new Map(), canonical: missing, diagnostics };
  }
  const { chunks, problems } = splitPinsFile(text);
  for (const chunk of chunks.values()) problems.push(...parseArticlePins(chunk).problems);
  const diagnostics = problems.map((p) => diagnostic('invalid-pinpoints', { file, line: p.line }, '', p.message));
  return { file, abs, text, chunks, canonical: diagnostics.length === 0 && isCanonical(text, chunks), diagnostics };
}

/** The file has legalsite's first line, its articles in order, one newline at the end, nothing else. */
function isCanonical(text: string, chunks: Map<string, PinsChunk>): boolean {
  const slugs = [...chunks.keys()];
  const sorted = slugs.every((s, i) => i === 0 || slugs[i - 1] < s);
  const length = headerLine().length + 1 + [...chunks.values()].reduce((n, c) => n + c.text.length + 1, 0);
  return sorted && text.startsWith(`${headerLine()}\n`) && text.length === length && !text.includes('\n\n');
}

/** Finds each article's record, with its key worked out once. */
export function pinsLookup(pins: PinsFile): (article: Pick<ArticleMeta, 'slug' | 'formerSlugs'>) => FoundPins | undefined {
  const keys = new Map<string, string>();
  const found = (slug: string): FoundPins | undefined => {
    const chunk = pins.chunks.get(slug);
    if (!chunk) return undefined;
    let key = keys.get(slug);
    if (key === undefined) keys.set(slug, (key = pinsKeyOf(chunk.text)));
    return { slug, text: chunk.text, key };
  };
  // A renamed article's record is still under its former slug until a build moves it.
  return (a) => found(a.slug) ?? a.formerSlugs.map(found).find((f) => f !== undefined);
}
