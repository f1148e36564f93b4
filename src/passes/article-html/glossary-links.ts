/**
 * Markup pass: links glossary terms in an article body (spec §5, §9). A term is linked at its first
 * occurrence and at most MAX_LINKS_PER_TERM times per article, never twice in one block, and never
 * inside headings, links, code, pre, script or style, nor inside the editor's no-link marker
 * (`[words]{.nolink}`, markdown.ts), whose wrapper is removed here. A link the editor wrote to a
 * term counts as one of its links. Every term the body links to, either way, is reported as a
 * mention with the sentence of its first link, for backlinks; every auto-link with its sentence
 * (and source line, when the HTML carries them) is listed for `check --list-links`.
 */
import { MAX_LINKS_PER_TERM } from '../../constants.js';
import type { TermMention } from '../../model.js';
import { isVoid, type Markup, type OpenTag } from '../../html/markup.js';
import type { TermMatcher } from '../term-matcher.js';
import { NO_LINK_CLASS, SOURCE_LINE_ATTR } from '../markdown.js';
import { sentenceAround } from './sentence.js';

const SKIP = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'a', 'code', 'pre', 'script', 'style', 'kbd', 'samp']);
const BLOCKS = new Set(['p', 'li', 'td', 'th', 'blockquote', 'dd', 'dt', 'figcaption', 'aside', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

/** One auto-link the pass made. */
export interface AutoLink {
  termSlug: string;
  /** The linked words as written. */
  text: string;
  sentence: string;
  /** The source line, when the HTML was rendered with source lines (renderMarkdown's option). */
  line?: number;
}

/** A text of the body, in document order: one that can be linked, or one inside an editor's link to a term. */
interface Run {
  at: number;
  /** The index of its block's opening tag (-1 at top level). */
  block: number;
  /** Where the block's text begins in the source, when known. */
  line?: number;
  /** Set for the first text inside an editor's link to a glossary term. */
  linkTo?: string;
  linkable: boolean;
}

export function linkGlossaryTerms(markup: Markup, matcher: TermMatcher, termTitle: (slug: string) => string): { markup: Markup; mentions: TermMention[]; autoLinks: AutoLink[] } {
  const { runs, markers } = collect(markup);

  // Block texts give sentences that span inline markup ("a <em>privilege</em> log").
  const blockText = new Map<number, string>();
  const offsets = new Map<number, number>();
  for (const run of runs) {
    const before = blockText.get(run.block) ?? '';
    offsets.set(run.at, before.length);
    blockText.set(run.block, before + (markup[run.at] as { value: string }).value);
  }
  const sentenceAt = (run: Run, start: number, end: number) => {
    const at = offsets.get(run.at)! + start;
    return sentenceAround(blockText.get(run.block)!, at, at + (end - start));
  };
  const lineAt = (run: Run, start: number) => {
    if (run.line === undefined) return undefined;
    const before = blockText.get(run.block)!.slice(0, offsets.get(run.at)! + start);
    return run.line + before.split('\n').length - 1;
  };

  const linkCount = new Map<string, number>();
  // Per block: the terms already linked in it, so one paragraph never links a term twice.
  const linkedIn = new Map<number, Set<string>>();
  const mentions = new Map<string, TermMention>();
  const autoLinks: AutoLink[] = [];
  const count = (slug: string, block: number) => {
    linkCount.set(slug, (linkCount.get(slug) ?? 0) + 1);
    linkedIn.set(block, (linkedIn.get(block) ?? new Set<string>()).add(slug));
  };
  const replaced = new Map<number, Markup>();
  for (const run of runs) {
    const text = (markup[run.at] as { value: string }).value;
    if (run.linkTo) {
      // A link to a term's former address (its redirect) is a mention of the term as it is now.
      const slug = matcher.currentSlug(run.linkTo);
      if (!mentions.has(slug)) mentions.set(slug, { termSlug: slug, context: sentenceAt(run, 0, text.length), via: 'link' });
      count(slug, run.block);
      continue;
    }
    if (!run.linkable) continue;
    const pieces: Markup = [];
    let cursor = 0;
    for (const m of matcher.find(text)) {
      if ((linkCount.get(m.slug) ?? 0) >= MAX_LINKS_PER_TERM || linkedIn.get(run.block)?.has(m.slug)) continue;
      count(m.slug, run.block);
      const sentence = sentenceAt(run, m.start, m.end);
      if (!mentions.has(m.slug)) mentions.set(m.slug, { termSlug: m.slug, context: sentence, via: 'auto' });
      autoLinks.push({ termSlug: m.slug, text: text.slice(m.start, m.end), sentence, line: lineAt(run, m.start) });
      if (m.start > cursor) pieces.push({ kind: 'text', value: text.slice(cursor, m.start) });
      pieces.push({ kind: 'open', name: 'a', attrs: [['href', `/glossary/${m.slug}`], ['class', 'term-link'], ['title', termTitle(m.slug)]] });
      pieces.push({ kind: 'text', value: text.slice(m.start, m.end) });
      pieces.push({ kind: 'close', name: 'a' });
      cursor = m.end;
    }
    if (pieces.length === 0) continue;
    if (cursor < text.length) pieces.push({ kind: 'text', value: text.slice(cursor) });
    replaced.set(run.at, pieces);
  }
  const result = { mentions: [...mentions.values()], autoLinks };
  if (replaced.size === 0 && markers.size === 0) return { markup, ...result };
  const out: Markup = [];
  markup.forEach((item, i) => {
    if (markers.has(i)) return;
    for (const piece of replaced.get(i) ?? [item]) {
      const last = out[out.length - 1];
      // Removing a marker's tags leaves texts side by side: joined, as a parser would read them.
      if (piece.kind === 'text' && last?.kind === 'text') out[out.length - 1] = { kind: 'text', value: last.value + piece.value };
      else out.push(piece);
    }
  });
  return { markup: out, ...result };
}

/** The body's texts with their blocks, and the indexes of the no-link markers' tags. */
function collect(markup: Markup): { runs: Run[]; markers: Set<number> } {
  const runs: Run[] = [];
  const markers = new Set<number>();
  const stack: { name: string; block: number; line?: number; marker: boolean }[] = [];
  let skipping = 0;
  /** The term an open editor's link points at, until its first text. */
  let pendingLink: string | undefined;
  markup.forEach((item, i) => {
    const top = stack[stack.length - 1];
    if (item.kind === 'text') {
      runs.push({ at: i, block: top ? top.block : -1, line: top?.line, linkTo: pendingLink, linkable: !skipping });
      pendingLink = undefined;
    } else if (item.kind === 'open') {
      if (isVoid(item.name)) return;
      const marker = item.name === 'span' && attr(item, 'class') === NO_LINK_CLASS;
      if (marker) markers.add(i);
      if (skipping || SKIP.has(item.name) || marker) skipping++;
      if (item.name === 'a') pendingLink = glossarySlug(attr(item, 'href'));
      const line = Number(attr(item, SOURCE_LINE_ATTR)) || top?.line;
      stack.push({ name: item.name, block: BLOCKS.has(item.name) ? i : top ? top.block : -1, line, marker });
    } else if (!isVoid(item.name)) {
      const closed = stack.pop();
      if (closed?.marker) markers.add(i);
      if (skipping) skipping--;
      if (item.name === 'a') pendingLink = undefined;
    }
  });
  return { runs, markers };
}

const attr = (tag: OpenTag, name: string) => tag.attrs.find((a) => a[0] === name)?.[1];

/** "/glossary/chain-of-custody" (or with a #fragment) → "chain-of-custody". */
function glossarySlug(href: string | undefined): string | undefined {
  return /^\/glossary\/([a-z0-9]+(?:-[a-z0-9]+)*)(?:#.*)?$/.exec(href ?? '')?.[1];
}
