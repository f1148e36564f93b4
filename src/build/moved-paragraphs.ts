/**
 * Paragraphs that moved to another article (an article split in two, or part of one taken into
 * another): a paragraph this build finds removed from one article whose very words (the same
 * normalised text, by its hash) this build finds new in another. The removed entry records where
 * they went (`movedTo: "{slug}#p003"`), so its tombstone, its JSON mirror and the warnings of links
 * into it can send a reader on: a pinpoint published before the split still finds the words.
 * Found only in the build that removes the paragraph; from then on the record carries it.
 * Reads: each changed article's record, before and after this build. Writes: their new lines.
 */
import type { ArticlePins, ParagraphEntry } from '../model/pinpoints.js';
import { paragraphKey } from '../model/pinpoints.js';
import { formatArticlePins, parseArticlePins } from '../passes/pinpoints/record-format.js';

/** One article's record as the id file had it (`before`, none for a new article) and its new lines. */
export interface RecordChange {
  slug: string;
  before: string | undefined;
  after: string;
}

/** The new lines of each article whose removed paragraphs moved elsewhere, by slug (none: no move). */
export function recordMoves(changes: RecordChange[]): Map<string, string> {
  const parsed = changes.map((c) => ({ ...c, old: recordOf(c.slug, c.before), now: recordOf(c.slug, c.after) })).sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
  // Words new in an article: a live paragraph of a number it never had, whose text it never had; or
  // one of its removed paragraphs back (a split undone: the words return to their old number).
  // Words new in two articles at once say nothing of where they came from: no move.
  const arrived = new Map<string, { slug: string; n: number } | null>();
  for (const { slug, old, now } of parsed) {
    const before = new Map(paragraphs(old).map((e) => [e.n, e]));
    const knownText = new Set(paragraphs(old).map((e) => e.sha));
    for (const e of paragraphs(now)) {
      const was = before.get(e.n);
      const isNew = !e.removed && (was ? Boolean(was.removed) : !knownText.has(e.sha));
      if (isNew) arrived.set(e.sha, arrived.has(e.sha) ? null : { slug, n: e.n });
    }
  }
  const out = new Map<string, string>();
  for (const { slug, old, now } of parsed) {
    if (!now) continue;
    const wasRemoved = new Set(paragraphs(old).filter((e) => e.removed).map((e) => e.n));
    // A copy removed while the article keeps another has not left it.
    const stays = new Set(paragraphs(now).filter((e) => !e.removed).map((e) => e.sha));
    let moved = false;
    const entries = now.entries.map((e) => {
      // Its very words elsewhere say more than a paragraph of its own article like it (replacedBy,
      // a quarter of the words the same): a citation of those words finds them there.
      if (e.kind !== 'p' || !e.removed || e.movedTo || wasRemoved.has(e.n) || stays.has(e.sha)) return e;
      const to = arrived.get(e.sha);
      if (!to || to.slug === slug) return e;
      moved = true;
      return { ...e, movedTo: `${to.slug}#${paragraphKey(to.n)}` };
    });
    if (moved) out.set(slug, formatArticlePins({ ...now, entries }));
  }
  return out;
}

const recordOf = (slug: string, text: string | undefined): ArticlePins | undefined => (text === undefined ? undefined : parseArticlePins({ slug, text, line: 1 }).pins);

const paragraphs = (pins: ArticlePins | undefined): ParagraphEntry[] => (pins?.entries ?? []).filter((e): e is ParagraphEntry => e.kind === 'p');

/** The articles whose records say a paragraph of theirs moved to `slug` (read from the id file's
 * text: asked only of an article gone, which is rare). */
export function movedIntoOf(idFileText: () => string | undefined): (slug: string) => string[] {
  let text: string | undefined;
  let read = false;
  return (slug) => {
    if (!read) (text = idFileText()), (read = true);
    if (!text || !text.includes(`"movedTo":"${slug}#`)) return [];
    const from = new Set<string>();
    let article = '';
    for (const line of text.split('\n')) {
      if (line.startsWith('{"article":')) article = (JSON.parse(line) as { article: string }).article;
      else if (line.includes(`"movedTo":"${slug}#`)) from.add(article);
    }
    return [...from].sort();
  };
}
