/**
 * Markup passes: the ids readers cite (spec §2: paragraphs `{slug}-p001` …, headings slugified),
 * given by the record of those published (passes/pinpoints/assign.ts) so that they never move.
 * - addPinpointIds: each paragraph's and heading's id; a reworded heading's old ids, and each
 *   paragraph's id under the article's former slugs, as second anchors (empty spans at the start of
 *   the element, so an old link lands on it).
 * - addTombstones: each removed paragraph or heading leaves a notice where it stood, with its id,
 *   hidden (the `hidden` attribute) unless it is the address's target (the stylesheet's
 *   `.tombstone:target`): no JavaScript, and nothing a reader, a mirror or a word count sees.
 * Reads: the body markup, the article's record. Writes: ids and tombstones into the markup.
 */
import { ARTICLE_RESERVED_IDS } from '../../constants.js';
import type { ArticlePins, HeadingEntry } from '../../model/pinpoints.js';
import { MOVED_TO, movedToHref, paragraphId } from '../../model/pinpoints.js';
import type { Heading } from '../../model.js';
import { closingIndex, type Markup, markupText, type OpenTag, setAttr } from '../../html/markup.js';
import { assignPinpoints, type Block, type Tombstone } from '../pinpoints/assign.js';
import { normaliseText, sha256Hex } from '../pinpoints/text.js';

const HEADING = /^h([2-6])$/;

/** What the article's ids are assigned from. */
export interface PinpointInput {
  slug: string;
  formerSlugs: readonly string[];
  /** The record of its published ids (none: positional, as for a new article). */
  record?: ArticlePins;
  /** The records of former slugs other than the one `record` is (an article renamed, built, then
   * given its old slug; or one that took in another article): their paragraphs' ids are matched
   * against these, not taken to be this article's numbers. */
  formerRecords?: readonly ArticlePins[];
  /** The date a paragraph removed now is recorded as removed on (the article's dateModified). */
  removedOn: string;
}

/** A paragraph as the JSON mirror lists it, so a quotation can be checked (pinpoints/text.ts). */
export interface PublishedParagraph {
  id: string;
  text: string;
  sha256: string;
}

export interface Pinpoints {
  headings: Heading[];
  paragraphs: PublishedParagraph[];
  /** The updated record (for the id file). */
  record: ArticlePins;
  tombstones: Tombstone[];
  /** The id of each block the tombstones are placed after, by block index. */
  blockIds: string[];
  /** Each heading's text by its id and by its second anchors (a removed heading's tombstone names
   * the heading that holds its paragraphs). */
  headingText: Map<string, string>;
}

/** Gives every paragraph and heading its id, with its second anchors; returns what it gave. */
export function addPinpointIds(markup: Markup, input: PinpointInput): Pinpoints {
  const found: { open: OpenTag; at: number; level: number; text: string }[] = [];
  for (let i = 0; i < markup.length; i++) {
    const item = markup[i];
    if (item.kind !== 'open') continue;
    const level = item.name === 'p' ? 0 : Number(HEADING.exec(item.name)?.[1] ?? -1);
    if (level < 0) continue;
    const end = closingIndex(markup, i);
    found.push({ open: item, at: i, level, text: markupText(markup, i + 1, end) });
    i = end;
  }
  const blocks: Block[] = found.map((f) => {
    const text = normaliseText(f.text);
    return f.level ? { kind: 'h', text } : { kind: 'p', text, sha256: sha256Hex(text) };
  });
  const { ids, record, tombstones } = assignPinpoints(input.slug, input.record, blocks, input.removedOn, ARTICLE_RESERVED_IDS);
  const formerAnchors = formerParagraphIds(input, blocks);
  const headings: Heading[] = [];
  const paragraphs: PublishedParagraph[] = [];
  const anchors = new Map<number, string[]>();
  const headingText = new Map<string, string>();
  const blockIds = ids.map((id, k) => {
    const f = found[k];
    if (id.kind === 'h') {
      headings.push({ id: id.id, text: f.text.trim(), level: f.level });
      for (const x of [id.id, ...id.former]) headingText.set(x, f.text.trim());
      if (id.former.length) anchors.set(f.at, id.former);
      setAttr(f.open, 'id', id.id);
      return id.id;
    }
    const pid = paragraphId(input.slug, id.n);
    paragraphs.push({ id: pid, text: blocks[k].text, sha256: blocks[k].sha256! });
    const former = formerAnchors(k, id.n);
    if (former.length) anchors.set(f.at, former);
    setAttr(f.open, 'id', pid);
    return pid;
  });
  insertAfter(markup, anchors, (id) => anchorSpan(id));
  return { headings, paragraphs, record, tombstones, blockIds, headingText };
}

/**
 * Each paragraph's ids under the article's former slugs, by block: the same number under a former
 * slug whose record is the article's own (renamed in one build: its numbers carried over), else the
 * number the paragraph has in that slug's own record, matched as a build matches an article with
 * its record (same text, then recognisably the same); none where it matches no paragraph there.
 */
function formerParagraphIds(input: PinpointInput, blocks: Block[]): (block: number, n: number) => string[] {
  if (!input.formerSlugs.length) return () => [];
  const matched = new Map<string, (number | undefined)[]>();
  for (const record of input.formerRecords ?? []) {
    if (!input.formerSlugs.includes(record.slug)) continue;
    const own = assignPinpoints(record.slug, record, blocks, input.removedOn, ARTICLE_RESERVED_IDS).ids;
    // A number the record never issued is a paragraph new to it: no published id to keep.
    matched.set(record.slug, own.map((id) => (id.kind === 'p' && id.n <= record.issued ? id.n : undefined)));
  }
  return (block, n) => input.formerSlugs.flatMap((s) => {
    const numbers = matched.get(s);
    if (!numbers) return [paragraphId(s, n)];
    const m = numbers[block];
    return m === undefined ? [] : [paragraphId(s, m)];
  });
}

const anchorSpan = (id: string): Markup => [{ kind: 'open', name: 'span', attrs: [['id', id]] }, { kind: 'close', name: 'span' }];

/** Inserts, after each item at an index of `at`, the markup of each of its ids (in place). */
function insertAfter(markup: Markup, at: Map<number, string[]>, make: (id: string) => Markup): void {
  for (const i of [...at.keys()].sort((a, b) => b - a)) markup.splice(i + 1, 0, ...at.get(i)!.flatMap(make));
}

// One formatter for the process, as templates/format.ts: the site's short US date, "Aug 25, 2025".
const SHORT_US_DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** Returns `markup` with each tombstone placed after the element of the block it follows. */
export function addTombstones(markup: Markup, pins: Pick<Pinpoints, 'tombstones' | 'blockIds' | 'headingText'>, input: Pick<PinpointInput, 'slug' | 'formerSlugs' | 'formerRecords'>): Markup {
  if (!pins.tombstones.length) return markup;
  const after = new Map<string, Tombstone[]>();
  for (const t of pins.tombstones) {
    const key = t.after < 0 ? '' : pins.blockIds[t.after];
    (after.get(key) ?? after.set(key, []).get(key)!).push(t);
  }
  const notices = (key: string) => (after.get(key) ?? []).flatMap((t) => tombstone(t, input, pins.headingText));
  const out: Markup = [...notices('')];
  for (let i = 0; i < markup.length; i++) {
    const item = markup[i];
    const id = item.kind === 'open' ? item.attrs.find((a) => a[0] === 'id')?.[1] : undefined;
    if (id === undefined || !after.has(id) || (item.kind === 'open' && item.name === 'span')) {
      out.push(item);
      continue;
    }
    const end = closingIndex(markup, i);
    out.push(...markup.slice(i, end + 1), ...notices(id));
    i = end;
  }
  return out;
}

/** One tombstone: a hidden note with the removed id (and its second anchors), the date and, when
 * there is one, a link to what replaced it. */
function tombstone({ entry }: Tombstone, input: Pick<PinpointInput, 'slug' | 'formerSlugs' | 'formerRecords'>, headingText: Map<string, string>): Markup {
  const isParagraph = entry.kind === 'p';
  const id = isParagraph ? paragraphId(input.slug, entry.n) : entry.id;
  // Under a former slug whose record is the article's own (a rename), the same number; one with a
  // record of its own (an article taken in) numbered its paragraphs otherwise: no old id here.
  const ownNumbers = input.formerSlugs.filter((s) => !input.formerRecords?.some((r) => r.slug === s));
  const second = isParagraph ? ownNumbers.map((s) => paragraphId(s, entry.n)) : (entry as HeadingEntry).former;
  const date = entry.removed!;
  const text = (value: string) => ({ kind: 'text' as const, value });
  const out: Markup = [
    { kind: 'open', name: 'div', attrs: [['class', 'tombstone'], ['id', id], ['role', 'note'], ['hidden', '']] },
    ...second.flatMap(anchorSpan),
    text(`This ${isParagraph ? 'paragraph' : 'heading'} was removed on `),
    { kind: 'open', name: 'time', attrs: [['datetime', date]] },
    text(SHORT_US_DATE.format(new Date(`${date}T00:00:00Z`))),
    { kind: 'close', name: 'time' },
    text('.'),
  ];
  const by = entry.replacedBy;
  const moved = movedToHref(entry);
  if (moved) {
    // Its very words stand in another article now (an article split in two): a pinpoint still finds them.
    const label = entry.kind === 'p' ? `paragraph ${Number(MOVED_TO.exec(entry.movedTo!)![2])}` : `“${entry.text}”`;
    out.push(text(entry.kind === 'p' ? ' Its text now stands in another article, as ' : ' Its section now stands in another article, under '), { kind: 'open', name: 'a', attrs: [['href', moved]] }, text(label), { kind: 'close', name: 'a' }, text('.'));
  } else if (by) {
    const href = isParagraph ? `#${paragraphId(input.slug, Number(by.slice(1)))}` : `#${by}`;
    const label = isParagraph ? `paragraph ${Number(by.slice(1))}` : `“${headingText.get(by) ?? by}”`;
    out.push(text(isParagraph ? ' It was replaced by ' : ' Its text is now under '), { kind: 'open', name: 'a', attrs: [['href', href]] }, text(label), { kind: 'close', name: 'a' }, text('.'));
  }
  out.push({ kind: 'close', name: 'div' });
  return out;
}
