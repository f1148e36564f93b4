/**
 * The memory of an article's pinpoints (its paragraph and heading ids), as the id file in the
 * content folder records it (load/pinpoints-file.ts reads it, passes/pinpoints/ updates it,
 * write/pinpoints-file.ts writes it). Once published, an id stays with its text: a paragraph keeps
 * its number whatever happens around it, a removed one leaves a tombstone, a number is never issued
 * twice. docs/content.md ("Pinpoints that never move") is the reference for editors.
 */

/** A paragraph as recorded: its number (`{slug}-p014` is number 14) and what identifies its text. */
export interface ParagraphEntry {
  kind: 'p';
  n: number;
  /** The first 16 hex digits of the SHA-256 of its normalised text (as in the JSON mirror). */
  sha: string;
  /** A MinHash sketch of its words (passes/pinpoints/text.ts), to recognise it once rewritten. */
  sketch: string;
  /** Its first words, for people reading the file. */
  start: string;
  /** When it was removed (the article's dateModified of the build that found it gone). */
  removed?: string;
  /** The paragraph that took its place, when one did (its id, e.g. "p031"). */
  replacedBy?: string;
  /** Where its very words went, when the build that removed it found them, as new, in another
   * article (an article split in two): "{slug}#p003". */
  movedTo?: string;
}

/** A paragraph's place in another article, as `movedTo` records it: "{slug}#p003". */
export const MOVED_TO = /^([a-z0-9]+(?:-[a-z0-9]+)*)#p(\d{3,})$/;
/** A heading's place in another article: "{slug}#{heading id}". */
export const HEADING_MOVED_TO = /^([a-z0-9]+(?:-[a-z0-9]+)*)#([^\s#]+)$/;

/** The article a `movedTo` names ("{slug}#…"). */
export const movedToSlug = (movedTo: string): string => movedTo.slice(0, movedTo.indexOf('#'));

/** The page address of an entry's `movedTo`: "/articles/{slug}#{slug}-p003" for a paragraph,
 * "/articles/{slug}#{id}" for a heading. */
export function movedToHref(entry: PinEntry): string | undefined {
  if (!entry.movedTo) return undefined;
  if (entry.kind === 'h') {
    const h = HEADING_MOVED_TO.exec(entry.movedTo);
    return h ? `/articles/${h[1]}#${h[2]}` : undefined;
  }
  const m = MOVED_TO.exec(entry.movedTo);
  return m ? `/articles/${m[1]}#${paragraphId(m[1], Number(m[2]))}` : undefined;
}

/** A heading as recorded: its id, its text, and the ids it had before it was reworded. */
export interface HeadingEntry {
  kind: 'h';
  id: string;
  text: string;
  /** Earlier ids, most recent first: each stays on the page as a second anchor. */
  former: string[];
  removed?: string;
  /** The heading whose section now holds its paragraphs, when one does (its id). */
  replacedBy?: string;
  /** Where the same heading went, when the build that removed it found it, as new, in another
   * article with paragraphs of its section: "{slug}#{id}". */
  movedTo?: string;
}

export type PinEntry = ParagraphEntry | HeadingEntry;

/** One article's record: every paragraph and heading ever published, live or removed, in page
 * order (a removed one where it stood), and the highest paragraph number ever issued. */
export interface ArticlePins {
  slug: string;
  issued: number;
  entries: PinEntry[];
}

/** A paragraph id as it appears in the page: `{slug}-p014` (three digits at least). */
export const paragraphId = (slug: string, n: number) => `${slug}-p${String(n).padStart(3, '0')}`;

/** The short form the id file uses: "p014". */
export const paragraphKey = (n: number) => `p${String(n).padStart(3, '0')}`;
