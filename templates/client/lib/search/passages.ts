/**
 * What a result shows of its document: its passages, each with the anchor it links to and the
 * heading it sits under, read from what the site already publishes: an article's JSON mirror (its
 * body's HTML carries the paragraphs' pinpoint ids), a term's or dataset's block entry. Then the
 * passages that match the query, with the matched words marked.
 */
import { type DocText } from '../../../../src/search/format.js';
import { tokenize } from '../../../../src/search/tokens.js';
import { containsPhrase, type QueryGroup } from './query.js';

/** The parts of /articles/{slug}.json read here (passes/json-mirrors.ts). */
export interface ArticleMirror {
  title: string;
  summary: string;
  answer?: string[] | { title?: string; content: string[]; citation?: string };
  answerAtom?: string[];
  keyTakeaways?: string[];
  editorialNote?: string;
  sections?: { bodyHtml?: string; faq?: { id: string; q: string; a: string }[] };
  references?: { id: string; title: string; source?: string; pinpoint?: string }[];
}

/** The answer box's heading when the article names none (src/constants.ts ANSWER_DEFAULT_TITLE). */
export const DEFAULT_ANSWER_TITLE = 'Answer (Summary)';

/** Inline Markdown as the reader sees it: emphasis and code marks dropped, links as their text. */
const plainMarkdown = (text: string) => text.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[*_`]+/g, '').replace(/\s+/g, ' ').trim();
const htmlText = (html: string) => plainMarkdown(new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '');

const HEADING = /^H[2-6]$/;
const BLOCKS = new Set(['P', 'LI', 'TR', 'PRE', 'BLOCKQUOTE']);

/** The text of an element, with a space where cells and lines meet. */
function blockText(el: Element): string {
  let text = '';
  const walk = (node: Node) => {
    for (const child of node.childNodes) {
      if (child.nodeType === 3) text += child.nodeValue;
      else if (child.nodeType === 1) {
        const name = (child as Element).tagName;
        if (name === 'BR' || name === 'TD' || name === 'TH') text += ' ';
        walk(child);
        if (name === 'TD' || name === 'TH' || name === 'LI' || name === 'P') text += ' ';
      }
    }
  };
  walk(el);
  return text.replace(/\s+/g, ' ').trim();
}

/** An article body's passages: paragraphs (linking to their own ids), list items, table rows, code,
 * quotations and headings (linking to the heading they sit under). */
function addBody(html: string, doc: DocText): void {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  let heading = -1;
  let headingId = '';
  const visit = (el: Element) => {
    for (const child of el.children) {
      if (HEADING.test(child.tagName)) {
        headingId = child.id || headingId;
        const text = blockText(child);
        heading = doc.headings.push([headingId, text]) - 1;
        if (text) doc.passages.push([headingId, heading, text]);
      } else if (BLOCKS.has(child.tagName) && (child.tagName === 'P' || !child.querySelector('p'))) {
        const text = blockText(child);
        if (text) doc.passages.push([(child.tagName === 'P' && child.id) || headingId, heading, text]);
      } else visit(child);
    }
  };
  visit(body);
}

/** An article's passages, in the order its page shows them. */
export function articleText(a: ArticleMirror): DocText {
  const doc: DocText = { title: a.title, headings: [], passages: [] };
  const section = (id: string, title: string) => doc.headings.push([id, title]) - 1;
  const add = (anchor: string, heading: number, text: string | undefined) => text && doc.passages.push([anchor, heading, text]);
  // The summary opens the page; the description, for search engines, is not on it (its words are
  // searched all the same).
  add('', -1, a.summary);
  if (a.editorialNote) add('editorial-note-title', section('editorial-note-title', 'Citation guidance'), plainMarkdown(a.editorialNote));
  if (a.answer) {
    const object = Array.isArray(a.answer) ? undefined : a.answer;
    const h = section('answer', object?.title || DEFAULT_ANSWER_TITLE);
    (a.answerAtom ?? []).forEach((p, i) => add(`a0-${i + 1}`, h, p));
    add('answer', h, object?.citation);
  }
  if (a.keyTakeaways?.length) {
    const h = section('key-takeaways', 'Key takeaways');
    for (const t of a.keyTakeaways) add('key-takeaways', h, plainMarkdown(t));
  }
  if (a.sections?.bodyHtml) addBody(a.sections.bodyHtml, doc);
  if (a.sections?.faq?.length) {
    const h = section('faq', 'Frequently asked questions');
    for (const f of a.sections.faq) (add(f.id, h, f.q), add(f.id, h, htmlText(f.a)));
  }
  if (a.references?.length) {
    const h = section('references', 'References');
    for (const r of a.references) add(r.id, h, [r.title, r.source, r.pinpoint].filter(Boolean).join(' · '));
  }
  return doc;
}

/** A passage to show: where it links, its heading, and its text in pieces, matched words marked. */
export interface ShownPassage {
  anchor: string;
  heading?: [id: string, text: string];
  pieces: { text: string; mark: boolean }[];
}

/** The words to mark, and for each group the words that count as matching it. */
export interface QueryWords {
  groups: QueryGroup[];
  /** Per group, the index's words it matched (itself, longer words, typos); phrases match as typed. */
  matched: Set<string>[];
}

const SNIPPET = 320;

/** What a result marks: words wherever they stand, and each phrase where its words stand together,
 * as one mark from its first word to its last (single letters included: all of "U.S.C."). */
export interface Marks {
  words: ReadonlySet<string>;
  phrases: readonly (readonly string[])[];
}

export const NO_MARKS: Marks = { words: new Set(), phrases: [] };

/** The marks of a query: the words each word group matched, and each phrase as typed. */
export function marksOf(q: QueryWords): Marks {
  return { words: new Set(q.groups.flatMap((g, k) => (g.phrase ? [] : [...q.matched[k]]))), phrases: q.groups.filter((g) => g.phrase).map((g) => g.words) };
}

/** Where the marks of `text` stand, in order, overlapping ones joined. */
function markedSpans(text: string, marks: Marks): [start: number, end: number][] {
  const tokens = tokenize(text);
  const spans: [number, number][] = tokens.filter((t) => marks.words.has(t.word)).map((t) => [t.start, t.end]);
  for (const phrase of marks.phrases) {
    for (let i = 0; i + phrase.length <= tokens.length; i++) {
      if (phrase.every((w, k) => tokens[i + k].word === w)) spans.push([tokens[i].start, tokens[i + phrase.length - 1].end]);
    }
  }
  spans.sort((a, b) => a[0] - b[0]);
  const joined: [number, number][] = [];
  for (const span of spans) {
    const last = joined[joined.length - 1];
    if (last && span[0] <= last[1]) last[1] = Math.max(last[1], span[1]);
    else joined.push([...span]);
  }
  return joined;
}

/** Splits `text` into pieces, marking what `marks` asks for, cut to about SNIPPET characters
 * around the first mark. */
export function markWords(text: string, marks: Marks, cut = true): ShownPassage['pieces'] {
  const spans = markedSpans(text, marks);
  let from = 0;
  let to = text.length;
  if (cut && text.length > SNIPPET) {
    const first = spans[0]?.[0] ?? 0;
    from = Math.max(0, text.lastIndexOf(' ', Math.max(0, first - 80)) + 1);
    if (first - from > 120) from = first;
    to = Math.min(text.length, from + SNIPPET);
    const space = text.lastIndexOf(' ', to);
    if (to < text.length && space > from) to = space;
  }
  const pieces: ShownPassage['pieces'] = [];
  let at = from;
  for (const [start, end] of spans) {
    if (start < from || end > to) continue;
    if (start > at) pieces.push({ text: text.slice(at, start), mark: false });
    pieces.push({ text: text.slice(start, end), mark: true });
    at = end;
  }
  if (at < to) pieces.push({ text: text.slice(at, to), mark: false });
  if (from > 0) pieces.unshift({ text: '…', mark: false });
  if (to < text.length) pieces.push({ text: '…', mark: false });
  return pieces;
}

/**
 * The passages of `doc` that match the query (at most `limit`, in page order), or undefined when a
 * phrase of the query is in none of them (nor in the title): the document only holds the phrase's
 * words apart. The best match most of the query's groups; among those, a passage with a pinpoint of
 * its own (a paragraph, an answer point) comes before one that links to its heading or the page.
 */
export function matchingPassages(doc: DocText, q: QueryWords, limit: number): ShownPassage[] | undefined {
  const marks = marksOf(q);
  const scored: { i: number; score: number }[] = [];
  const phraseFound = q.groups.map((g) => !g.phrase || containsPhrase(tokenize(doc.title).map((t) => t.word), g.words));
  doc.passages.forEach(([, , text], i) => {
    const words = tokenize(text).map((t) => t.word);
    let score = 0;
    q.groups.forEach((g, k) => {
      const hit = g.phrase ? containsPhrase(words, g.words) : words.some((w) => q.matched[k].has(w));
      if (hit) (score++, (phraseFound[k] = true));
    });
    const [anchor, h] = doc.passages[i];
    if (score) scored.push({ i, score: score * 4 + (anchor ? 1 : 0) + (anchor && (h < 0 || doc.headings[h][0] !== anchor) ? 2 : 0) });
  });
  if (!phraseFound.every(Boolean)) return undefined;
  const best = scored.sort((a, b) => b.score - a.score || a.i - b.i).slice(0, limit).sort((a, b) => a.i - b.i);
  return best.map(({ i }) => {
    const [anchor, h, text] = doc.passages[i];
    // A heading's own words are a passage: it is not shown as sitting under itself.
    const heading = h >= 0 && doc.headings[h][1] !== text ? doc.headings[h] : undefined;
    return { anchor, heading, pieces: markWords(text, marks) };
  });
}
