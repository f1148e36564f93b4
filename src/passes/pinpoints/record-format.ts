/**
 * The id file's text (content/pinpoints.jsonl): JSON Lines, one JSON object per line, so a change to
 * one paragraph's id is a one-line diff and a merge of two articles' changes rarely conflicts.
 *
 *   {"legalsite":"pinpoints","version":1,"about":"…"}                             the first line
 *   {"article":"privilege-basics","issued":9}                                     then per article, by slug:
 *   {"id":"p001","hash":"3fa9c2e1b7d04a55","sketch":"AB3F…","start":"Privilege protects…"}
 *   {"heading":"when-it-applies","text":"When it applies","former":["scope"]}
 *   {"id":"p004","hash":"…","sketch":"…","start":"…","removed":"2025-09-01","replacedBy":"p009"}
 *   {"id":"p005","hash":"…","sketch":"…","start":"…","removed":"2025-09-01","movedTo":"other-slug#p003"}
 *
 * Every key in a fixed order, articles sorted by slug, entries in page order: the same records give
 * the same bytes. Pure: load/pinpoints-file.ts reads the file and write/pinpoints-file.ts writes it.
 */
import type { ArticlePins, PinEntry } from '../../model/pinpoints.js';
import { HEADING_MOVED_TO, MOVED_TO, paragraphKey } from '../../model/pinpoints.js';
import { decodeSketch } from './text.js';

export const PINPOINTS_FILE = 'pinpoints.jsonl';

const HEADER = { legalsite: 'pinpoints', version: 1, about: 'The ids of every article paragraph and heading ever published, so they never move. legalsite build updates this file: commit it with the content. Format: docs/content.md#the-id-file' };

export const headerLine = () => JSON.stringify(HEADER);

/** One article's lines (its header line, then one line per entry), without a final newline. */
export function formatArticlePins(pins: ArticlePins): string {
  return [JSON.stringify({ article: pins.slug, issued: pins.issued }), ...pins.entries.map(entryLine)].join('\n');
}

function entryLine(e: PinEntry): string {
  const moved = e.movedTo ? { movedTo: e.movedTo } : {};
  const ended = { ...(e.removed ? { removed: e.removed } : {}), ...(e.replacedBy ? { replacedBy: e.replacedBy } : {}), ...moved };
  if (e.kind === 'p') return JSON.stringify({ id: paragraphKey(e.n), hash: e.sha, sketch: e.sketch, start: e.start, ...ended });
  return JSON.stringify({ heading: e.id, text: e.text, ...(e.former.length ? { former: e.former } : {}), ...ended });
}

/** The whole file from each article's lines (formatArticlePins), sorted by slug. */
export function formatPinsFile(chunks: Map<string, string>): string {
  const slugs = [...chunks.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return `${[headerLine(), ...slugs.map((s) => chunks.get(s)!)].join('\n')}\n`;
}

/** A problem with the file's text, at a line (1-based). */
export interface PinsProblem {
  line: number;
  message: string;
  /** What to do, where the rule's own hint (restore the file) is not it. */
  hint?: string;
}

/** A merge's conflict in the file: the docs' advice (content.md, "The id file"), since `git checkout
 * -- file` fails on a file a merge left unmerged, and taking the side nobody published would give a
 * published number to another paragraph. */
const CONFLICT_HINT =
  'Take the whole file from the side that was published (the branch the live site was built from, usually main): git checkout --ours content/pinpoints.jsonl when you merged into main, --theirs when you merged main in; then run legalsite build, which numbers the other side\'s new paragraphs after the published ones, and commit the file.';

/** One article's lines as found in the file, not yet parsed. */
export interface PinsChunk {
  slug: string;
  /** Its lines, as formatArticlePins writes them. */
  text: string;
  /** The line its header is on. */
  line: number;
  /** Where its lines start in the file, and how many bytes they take (without the final newline). */
  offset: number;
  byteLength: number;
}

/** Splits the file's text into articles (each a chunk of lines, parsed when needed), or says what is
 * wrong: splitPinsBytes of its UTF-8 bytes. */
export function splitPinsFile(text: string): { chunks: Map<string, PinsChunk>; problems: PinsProblem[] } {
  return splitPinsBytes(Buffer.from(text, 'utf8'));
}

const ARTICLE_LINE = Buffer.from('{"article":');
const NEWLINE = 10;

/**
 * Splits the file's bytes into articles. Each article's lines are decoded on their own: at 50,000
 * articles the file is 180 MB, and decoding it whole made one string of twice that (its "…" make it
 * two bytes a character) in memory touched for the first time, the largest single cost of reading it.
 * Only article lines and the lines before the first are decoded here; the rest are parsed when needed.
 */
export function splitPinsBytes(bytes: Buffer): { chunks: Map<string, PinsChunk>; problems: PinsProblem[] } {
  const chunks = new Map<string, PinsChunk>();
  const problems: PinsProblem[] = [];
  const lineEnd = (from: number) => {
    const at = bytes.indexOf(NEWLINE, from);
    return at === -1 ? bytes.length : at;
  };
  const decode = (from: number, to: number) => bytes.toString('utf8', from, to);
  // A final newline ends the last line; it does not start another.
  const end = bytes.length > 0 && bytes[bytes.length - 1] === NEWLINE ? bytes.length - 1 : bytes.length;
  const firstEnd = Math.min(lineEnd(0), end);
  const first = parseLine(decode(0, firstEnd));
  if (first?.legalsite !== 'pinpoints' || first.version !== 1) problems.push({ line: 1, message: 'does not start with the id file\'s first line ({"legalsite":"pinpoints","version":1,…})' });
  let open: { slug: string; line: number; offset: number } | undefined;
  const close = (to: number) => {
    if (!open) return;
    if (chunks.has(open.slug)) problems.push({ line: open.line, message: `lists the article "${open.slug}" twice` });
    else chunks.set(open.slug, { slug: open.slug, text: decode(open.offset, to), line: open.line, offset: open.offset, byteLength: to - open.offset });
  };
  let line = 1;
  for (let from = firstEnd + 1; from <= end && firstEnd < end; line++) {
    const to = Math.min(lineEnd(from), end);
    if (bytes.compare(ARTICLE_LINE, 0, ARTICLE_LINE.length, from, Math.min(from + ARTICLE_LINE.length, to)) !== 0) {
      if (!open) {
        const text = decode(from, to);
        problems.push({ line: line + 1, message: lineProblem(text) ?? 'comes before the first article line', ...conflictHint(text) });
      }
    } else {
      close(from - 1);
      const slug = parseLine(decode(from, to))?.article;
      open = typeof slug === 'string' ? { slug, line: line + 1, offset: from } : undefined;
      if (!open) problems.push({ line: line + 1, message: 'is not an article line ({"article":"slug","issued":n})' });
    }
    from = to + 1;
  }
  close(end);
  return { chunks, problems };
}

/** What is wrong with a line that should be JSON, in words. */
function lineProblem(line: string): string | undefined {
  if (isConflictMarker(line)) return 'is a merge conflict marker: two branches changed the ids';
  return parseLine(line) === undefined ? 'is not a JSON object' : undefined;
}

const isConflictMarker = (line: string) => /^(<<<<<<<|=======|>>>>>>>)/.test(line);
export const conflictHint = (line: string): { hint?: string } => (isConflictMarker(line) ? { hint: CONFLICT_HINT } : {});

function parseLine(line: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(line);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

const PARAGRAPH_ID = /^p(\d{3,})$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** One article's record from its chunk, or the problems found (each at its line). */
export function parseArticlePins(chunk: Pick<PinsChunk, 'slug' | 'text' | 'line'>): { pins?: ArticlePins; problems: PinsProblem[] } {
  const lines = chunk.text.split('\n');
  const problems: PinsProblem[] = [];
  const head = parseLine(lines[0]);
  const issued = head?.issued;
  if (typeof issued !== 'number' || !Number.isInteger(issued) || issued < 0) problems.push({ line: chunk.line, message: '"issued" must be a whole number' });
  const entries: PinEntry[] = [];
  const seen = new Set<string>();
  lines.slice(1).forEach((text, i) => {
    const line = chunk.line + 1 + i;
    const entry = parseEntry(parseLine(text));
    if (typeof entry === 'string') return problems.push({ line, message: lineProblem(text) ?? entry, ...conflictHint(text) });
    const ids = entry.kind === 'p' ? [paragraphKey(entry.n)] : [entry.id, ...entry.former];
    const twice = ids.find((id) => seen.has(id));
    if (twice) return problems.push({ line, message: `gives the id "${twice}" a second time in "${chunk.slug}"` });
    ids.forEach((id) => seen.add(id));
    if (entry.kind === 'p' && typeof issued === 'number' && entry.n > issued) return problems.push({ line, message: `"${paragraphKey(entry.n)}" is above "issued" (${issued})` });
    entries.push(entry);
  });
  if (!problems.length) problems.push(...lostNumbers(chunk, issued as number, entries));
  return problems.length ? { problems } : { pins: { slug: chunk.slug, issued: issued as number, entries }, problems };
}

/**
 * Every number up to "issued" was given to a paragraph, and a paragraph's line stays when it is
 * removed (as a tombstone): a number with no line is a line lost (deleted by hand, dropped in a
 * merge). Building on, the paragraph it numbered would be matched afresh and may take another
 * number, and the published pinpoint to it would lead nowhere.
 */
function lostNumbers(chunk: Pick<PinsChunk, 'slug' | 'line'>, issued: number, entries: PinEntry[]): PinsProblem[] {
  const present = new Set(entries.flatMap((e) => (e.kind === 'p' ? [e.n] : [])));
  const lost: string[] = [];
  for (let n = 1; n <= issued; n++) if (!present.has(n)) lost.push(paragraphKey(n));
  if (!lost.length) return [];
  const named = lost.length > 3 ? `${lost.slice(0, 3).join(', ')} and ${lost.length - 3} more` : lost.join(', ');
  return [
    {
      line: chunk.line,
      message: `has no line for ${named} in "${chunk.slug}", though every number up to "issued" (${issued}) was given to a paragraph: a line was deleted or lost in a merge. Restore it from version control (git checkout -- <file>, or take the published side of a merge); built without it, a published pinpoint would lead nowhere or to other words`,
      hint: 'To number this article afresh on purpose, delete all of its lines.',
    },
  ];
}

/** An entry line's record, or what is wrong with it. */
function parseEntry(o: Record<string, unknown> | undefined): PinEntry | string {
  if (!o) return 'is not a JSON object';
  const ended: Pick<PinEntry, 'removed' | 'replacedBy'> = {};
  if (o.removed !== undefined) {
    if (typeof o.removed !== 'string' || !DATE.test(o.removed)) return '"removed" must be a date (YYYY-MM-DD)';
    ended.removed = o.removed;
  }
  if (o.replacedBy !== undefined) {
    if (typeof o.replacedBy !== 'string' || !o.removed) return '"replacedBy" must be an id, on a removed entry';
    ended.replacedBy = o.replacedBy;
  }
  if (typeof o.id === 'string') {
    const m = PARAGRAPH_ID.exec(o.id);
    if (!m) return `"${o.id}" is not a paragraph id (p001, p002 …)`;
    if (typeof o.hash !== 'string' || !/^[0-9a-f]{16}$/.test(o.hash)) return '"hash" must be 16 hex digits';
    if (typeof o.sketch !== 'string' || !decodeSketch(o.sketch)) return '"sketch" is not a sketch this version of legalsite wrote';
    if (o.movedTo !== undefined && (typeof o.movedTo !== 'string' || !o.removed || !MOVED_TO.test(o.movedTo))) return '"movedTo" must be another article\'s paragraph ("slug#p003"), on a removed entry';
    const moved = typeof o.movedTo === 'string' ? { movedTo: o.movedTo } : {};
    return { kind: 'p', n: Number(m[1]), sha: o.hash, sketch: o.sketch, start: typeof o.start === 'string' ? o.start : '', ...ended, ...moved };
  }
  if (typeof o.heading === 'string' && o.heading !== '') {
    if (typeof o.text !== 'string') return '"text" must be the heading\'s text';
    const former = o.former ?? [];
    if (!Array.isArray(former) || !former.every((f) => typeof f === 'string' && f !== '')) return '"former" must be a list of ids';
    if (o.movedTo !== undefined && (typeof o.movedTo !== 'string' || !o.removed || !HEADING_MOVED_TO.test(o.movedTo))) return '"movedTo" must be another article\'s heading ("slug#id"), on a removed entry';
    return { kind: 'h', id: o.heading, text: o.text, former: former as string[], ...ended, ...(typeof o.movedTo === 'string' ? { movedTo: o.movedTo } : {}) };
  }
  return 'is neither a paragraph ({"id":"p001",…}) nor a heading ({"heading":"id",…})';
}
