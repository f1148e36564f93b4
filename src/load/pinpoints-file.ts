/**
 * Reads the id file, content/pinpoints.jsonl: the record of every article's published paragraph and
 * heading ids (passes/pinpoints/record-format.ts has the format). Every line is checked, so a
 * damaged file (a bad merge, a hand edit) is a content error naming its line, and never silently
 * renumbers an article. What a build needs of it is an index: each article's lines (where they are
 * in the file, by bytes) and their key; their text is read only for the articles rendered.
 * A file unchanged since the build that last read or wrote it (its stat, as git tells a changed
 * file) is not read again: its index comes from that build (the memo, kept in the build cache). At
 * 10,000 articles the file is tens of megabytes, and reading it whole was a second of every rebuild.
 * Reads: the id file. Writes: nothing.
 */
import { closeSync, lstatSync, openSync, readSync } from 'node:fs';
import { readContentBytes } from './content-read.js';
import path from 'node:path';
import { type Diagnostic, diagnostic } from '../diagnostics/diagnostic.js';
import { type FileStat, statOf, unchangedSince } from '../file-stat.js';
import { hashOf } from '../hash.js';
import { confinementProblem } from './content-files.js';
import type { ArticleMeta } from '../model.js';
import { headerLine, parseArticlePins, PINPOINTS_FILE, type PinsChunk, splitPinsBytes } from '../passes/pinpoints/record-format.js';

/** Where an article's lines are in the file, and their key (pinsKeyOf). */
export interface PinsSpan {
  offset: number;
  length: number;
  key: string;
  /** The article's "issued" as its lines say (unknown in a memo an older version saved). */
  issued?: number;
}

/** What a build remembers of the id file it read or wrote, to skip reading it while it is unchanged. */
export interface PinsMemo {
  stat: FileStat;
  /** When the stat was taken (ms since the epoch). */
  readAt: number;
  /** A hash of the file's bytes: a file whose stat cannot be trusted (written just before it was
   * looked at, or touched since) is read, but not parsed again when its bytes are the same. */
  hash: string;
  canonical: boolean;
  spans: [slug: string, offset: number, length: number, key: string, issued?: number][];
}

/** The id file as read. */
export interface PinsFile {
  /** Its path as diagnostics name it (relative to the working directory). */
  file: string;
  abs: string;
  exists: boolean;
  /** Each article's lines, by the slug they are recorded under. */
  spans: Map<string, PinsSpan>;
  /** The text is exactly as legalsite writes it (first line, order, layout); if not, a build rewrites it. */
  canonical: boolean;
  diagnostics: Diagnostic[];
  /** Its bytes, when it was read whole. */
  bytes?: Buffer;
  /** For the next build, when the file has no problems. */
  memo?: PinsMemo;
}

/** An article's record as found: the slug it is recorded under (its own, or a former slug's), the
 * key of its lines, and its lines (read when asked for). */
export interface FoundPins {
  slug: string;
  key: string;
  text(): string;
  /** Records of the article's former slugs other than this one, when it has a record of its own
   * (renamed, built, then given its old slug; or having taken in another article): its paragraphs'
   * ids under those slugs are matched against them (passes/article-html/pinpoint-ids.ts). */
  former?: FoundPins[];
}

/** The key of the former slugs' records an article was rendered with (ArticleDigest.pins.former). */
export const formerPinsKey = (texts: readonly string[]) => (texts.length ? hashOf('former-pinpoints', ...texts) : '');

/** The key of an article's record lines: part of everything made from the article (unit keys). */
export const pinsKeyOf = (text: string | undefined) => (text === undefined ? '' : hashOf('pinpoints', text));

/** Reads the id file of `contentAbs`, or takes its index from `memo` when the file is unchanged:
 * by its stat, or by the hash of its bytes (`hashed`: taken by the build's first step, with the stat
 * it was taken at). */
export function readPinsFile(contentAbs: string, rel: (abs: string) => string, memo?: PinsMemo, hashed?: { stat: FileStat; hash: string; takenAt: number }): PinsFile {
  const abs = path.join(contentAbs, PINPOINTS_FILE);
  const file = rel(abs);
  // As every content file (content-files.ts): a link out of the content folder, a link to a folder
  // or a special file is an error at its path, never read (nor replaced by the file a build writes).
  const odd = !isRegularFile(abs) && confinementProblem(abs, contentAbs);
  if (odd) return { file, abs, exists: true, spans: new Map(), canonical: false, diagnostics: [odd(file)] };
  const stat = statOf(abs);
  if (!stat) return { file, abs, exists: false, spans: new Map(), canonical: true, diagnostics: [] };
  const spansOf = (m: PinsMemo) => new Map(m.spans.map(([slug, offset, length, key, issued]) => [slug, { offset, length, key, issued }]));
  if (memo && unchangedSince(memo.stat, memo.readAt, stat)) return { file, abs, exists: true, spans: spansOf(memo), canonical: memo.canonical, diagnostics: [], memo };
  if (memo && hashed?.hash === memo.hash && sameStat(hashed.stat, stat)) {
    return { file, abs, exists: true, spans: spansOf(memo), canonical: memo.canonical, diagnostics: [], memo: { ...memo, stat, readAt: hashed.takenAt } };
  }
  const readAt = Date.now();
  const bytes = readContentBytes(abs);
  if (!bytes) return { file, abs, exists: true, spans: new Map(), canonical: false, diagnostics: [diagnostic('unreadable-file', { file }, '', 'could not be read')] };
  const hash = hashOf(bytes);
  if (memo?.hash === hash) return { file, abs, exists: true, spans: spansOf(memo), canonical: memo.canonical, diagnostics: [], bytes, memo: { ...memo, stat, readAt } };
  return indexOf(file, abs, bytes, { stat, readAt, hash });
}

/** The file read whole: every line checked, each article's span and key. */
function indexOf(file: string, abs: string, bytes: Buffer, seen: Pick<PinsMemo, 'stat' | 'readAt' | 'hash'>): PinsFile {
  const { chunks, problems } = splitPinsBytes(bytes);
  for (const chunk of chunks.values()) problems.push(...parseArticlePins(chunk).problems);
  const diagnostics = problems.map((p) => diagnostic('invalid-pinpoints', { file, line: p.line }, '', p.message, p.hint));
  const spans = new Map([...chunks.values()].map((c) => [c.slug, { offset: c.offset, length: c.byteLength, key: pinsKeyOf(c.text), issued: issuedOf(c.text) }]));
  const canonical = diagnostics.length === 0 && isCanonical(bytes, chunks);
  const memo = diagnostics.length ? undefined : memoOf(seen, canonical, spans);
  return { file, abs, exists: true, spans, canonical, diagnostics, bytes, memo };
}

const sameStat = (a: FileStat, b: FileStat) => a.size === b.size && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs && a.ino === b.ino;

export const memoOf = (seen: Pick<PinsMemo, 'stat' | 'readAt' | 'hash'>, canonical: boolean, spans: Map<string, PinsSpan>): PinsMemo => ({
  ...seen,
  canonical,
  spans: [...spans].map(([slug, s]) => [slug, s.offset, s.length, s.key, s.issued]),
});

/** An article's "issued", from the first of its lines (`{"article":"…","issued":14}`), if it says. */
export function issuedOf(lines: string): number | undefined {
  const first = lines.slice(0, lines.indexOf('\n') >>> 0);
  const found = /"issued":(\d+)[,}]/.exec(first);
  return found ? Number(found[1]) : undefined;
}

/** The file has legalsite's first line, its articles in order, one newline at the end, nothing else. */
function isCanonical(bytes: Buffer, chunks: Map<string, PinsChunk>): boolean {
  const slugs = [...chunks.keys()];
  const sorted = slugs.every((s, i) => i === 0 || slugs[i - 1] < s);
  const header = Buffer.from(`${headerLine()}\n`);
  const length = header.length + [...chunks.values()].reduce((n, c) => n + c.byteLength + 1, 0);
  return sorted && bytes.subarray(0, header.length).equals(header) && bytes.length === length && bytes.indexOf('\n\n') === -1;
}

/** An article's lines: from the bytes read, or (the file not read whole) from its span in the file. */
export function spanText(pins: PinsFile, span: PinsSpan): string {
  if (pins.bytes) return pins.bytes.toString('utf8', span.offset, span.offset + span.length);
  const buffer = Buffer.alloc(span.length);
  const fd = openSync(pins.abs, 'r');
  try {
    readSync(fd, buffer, 0, span.length, span.offset);
  } finally {
    closeSync(fd);
  }
  return buffer.toString('utf8');
}

/** Finds each article's record: under its slug, else (renamed, not yet built) under a former slug. */
export function pinsLookup(pins: PinsFile): (article: Pick<ArticleMeta, 'slug' | 'formerSlugs'>) => FoundPins | undefined {
  const found = (slug: string): FoundPins | undefined => {
    const span = pins.spans.get(slug);
    return span && { slug, key: span.key, text: () => spanText(pins, span) };
  };
  const issued = (f: FoundPins) => pins.spans.get(f.slug)?.issued ?? -1;
  return (a) => {
    const formers = a.formerSlugs.map(found).filter((f): f is FoundPins => f !== undefined);
    // Renamed more than once: the latest record goes on from the ones before it, so it has issued
    // the most numbers (an older one stays in the file when a rename was built before its
    // formerSlugs were listed); on a tie, the first listed.
    const latest = formers.reduce<FoundPins | undefined>((best, f) => (best === undefined || issued(f) > issued(best) ? f : best), undefined);
    const main = found(a.slug) ?? latest;
    const former = formers.filter((f) => f.slug !== main?.slug);
    return main && former.length ? { ...main, former } : main;
  };
}

/** `abs` is a regular file itself (not a link), or is not there at all. */
function isRegularFile(abs: string): boolean {
  try {
    return lstatSync(abs).isFile();
  } catch {
    return true;
  }
}
