/**
 * Paragraphs that moved to another article (an article split in two, or part of one taken into
 * another): a paragraph this build finds removed from one article whose very words (the same
 * normalised text, by its hash) this build finds new in another. The removed entry records where
 * they went (`movedTo: "{slug}#p003"`), so its tombstone, its JSON mirror and the warnings of links
 * into it can send a reader on: a pinpoint published before the split still finds the words.
 * Found only in the build that removes the paragraph; from then on the record carries it.
 * Reads: each changed article's record, before and after this build. Writes: their new lines.
 */
import type { ArticlePins, HeadingEntry, ParagraphEntry, PinEntry } from '../model/pinpoints.js';
import { movedToSlug, paragraphKey } from '../model/pinpoints.js';
import { formatArticlePins, parseArticlePins } from '../passes/pinpoints/record-format.js';

/** One article's record as the id file had it (`before`, none for a new article) and its new lines. */
export interface RecordChange {
  slug: string;
  before: string | undefined;
  after: string;
}

/** The new lines of each article whose removed paragraphs moved elsewhere, by slug (none: no move). */
export function recordMoves(changes: RecordChange[]): Map<string, string> {
  // A move needs something removed now: a build that removes nothing (a site's first, which records
  // every article) parses no record.
  if (!changes.some((c) => removals(c.after) > removals(c.before))) return new Map();
  const parsed = changes.map((c) => ({ ...c, old: recordOf(c.slug, c.before), now: recordOf(c.slug, c.after) })).sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
  const arrived = arrivals(parsed);
  const out = new Map<string, string>();
  for (const { slug, old, now } of parsed) {
    if (!now) continue;
    const wasRemoved = new Set((old?.entries ?? []).filter((e) => e.removed).map(entryKey));
    // A copy removed while the article keeps another has not left it.
    const stays = new Set(paragraphs(now).filter((e) => !e.removed).map((e) => e.sha));
    const gone = (e: PinEntry) => e.removed && !e.movedTo && !wasRemoved.has(entryKey(e));
    // Its very words elsewhere say more than a paragraph of its own article like it (replacedBy, a
    // quarter of the words the same): a citation of those words finds them there.
    const targets = new Set<string>();
    let entries = now.entries.map((e) => {
      if (e.kind !== 'p' || !gone(e) || stays.has(e.sha)) return e;
      const to = arrived.paragraphs.get(e.sha);
      if (!to || to.slug === slug) return e;
      targets.add(to.slug);
      return { ...e, movedTo: `${to.slug}#${paragraphKey(to.n)}` };
    });
    // A heading went with its section: the same heading new in an article some of its own
    // section's paragraphs went to (the entries after it up to the next heading, removed ones where
    // they stood). A heading alone, "Overview", says nothing of where it went.
    entries = entries.map((e, i) => {
      const to = e.kind === 'h' && gone(e) ? arrived.headings.get(e.text) : undefined;
      return to && sectionWentTo(entries, i).has(to.slug) ? { ...e, movedTo: `${to.slug}#${to.id}` } : e;
    });
    if (targets.size) out.set(slug, formatArticlePins({ ...now, entries }));
  }
  return out;
}

/**
 * Words new in an article: a live paragraph of a number it never had, whose text it never had; or
 * one of its removed paragraphs back (a split undone: the words return to their old number). And
 * headings new in an article: a live one of a text it never had. Anything new in two articles at
 * once says nothing of where it came from: none.
 */
function arrivals(parsed: { slug: string; old?: ArticlePins; now?: ArticlePins }[]) {
  const found = { paragraphs: new Map<string, { slug: string; n: number } | null>(), headings: new Map<string, { slug: string; id: string } | null>() };
  const add = <T>(map: Map<string, T | null>, key: string, value: T) => map.set(key, map.has(key) ? null : value);
  for (const { slug, old, now } of parsed) {
    const before = new Map(paragraphs(old).map((e) => [e.n, e]));
    const knownText = new Set(paragraphs(old).map((e) => e.sha));
    for (const e of paragraphs(now)) {
      const was = before.get(e.n);
      if (!e.removed && (was ? Boolean(was.removed) : !knownText.has(e.sha))) add(found.paragraphs, e.sha, { slug, n: e.n });
    }
    const knownHeadings = new Set(headings(old).map((e) => e.text));
    for (const e of headings(now)) if (!e.removed && !knownHeadings.has(e.text)) add(found.headings, e.text, { slug, id: e.id });
  }
  return { paragraphs: withoutTies(found.paragraphs), headings: withoutTies(found.headings) };
}

/** The articles the paragraphs of the section under the heading at `i` went to. */
function sectionWentTo(entries: PinEntry[], i: number): Set<string> {
  const to = new Set<string>();
  for (let k = i + 1; k < entries.length && entries[k].kind === 'p'; k++) {
    const moved = entries[k].movedTo;
    if (moved) to.add(movedToSlug(moved));
  }
  return to;
}

/** The entries of a map of arrivals that are not ties (null). */
const withoutTies = <T>(map: Map<string, T | null>): Map<string, T> => new Map([...map].filter((e): e is [string, T] => e[1] !== null));

/** How many entries of a record's lines are removed ones. */
function removals(lines: string | undefined): number {
  let n = 0;
  for (let at = lines?.indexOf('"removed":') ?? -1; at !== -1; at = lines!.indexOf('"removed":', at + 1)) n++;
  return n;
}

const entryKey = (e: PinEntry) => (e.kind === 'p' ? `p${e.n}` : `h${e.id}`);

const recordOf = (slug: string, text: string | undefined): ArticlePins | undefined => (text === undefined ? undefined : parseArticlePins({ slug, text, line: 1 }).pins);

const paragraphs = (pins: ArticlePins | undefined): ParagraphEntry[] => (pins?.entries ?? []).filter((e): e is ParagraphEntry => e.kind === 'p');

/**
 * Records whose removal notices link into an article the site no longer has (deleted, or renamed
 * without formerSlugs: the address ends on the 404 page): each such article's new lines, the
 * pointers into it taken out, so its notices say only when the text was removed. From the content
 * alone (each article's digest names the articles its notices link to), whatever the output folder
 * holds. `isArticle`: a slug the site has an address for (an article's, or a former one's).
 */
export function unlinkGone(articles: { slug: string; moved?: string[]; lines: () => string | undefined }[], isArticle: (slug: string) => boolean): Map<string, string> {
  const out = new Map<string, string>();
  for (const a of articles) {
    if (!a.moved?.some((slug) => !isArticle(slug))) continue;
    const text = a.lines();
    const pins = text === undefined ? undefined : recordOf(a.slug, text);
    if (!pins) continue;
    const entries = pins.entries.map((e) => {
      if (!e.movedTo || isArticle(movedToSlug(e.movedTo))) return e;
      const { movedTo: _, ...kept } = e;
      return kept as PinEntry;
    });
    out.set(a.slug, formatArticlePins({ ...pins, entries }));
  }
  return out;
}

const headings = (pins: ArticlePins | undefined): HeadingEntry[] => (pins?.entries ?? []).filter((e): e is HeadingEntry => e.kind === 'h');
