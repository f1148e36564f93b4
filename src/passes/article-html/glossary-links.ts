/**
 * Markup pass: links glossary terms in an article body (spec §5, §9). A term is linked at its first
 * occurrence and at most MAX_LINKS_PER_TERM times per article, never twice in one block, and never
 * inside headings, links, code, pre, script or style. Every term met is reported as a mention with
 * about 50 characters of context either side, for backlinks.
 */
import { CONTEXT_RADIUS, MAX_LINKS_PER_TERM } from '../../constants.js';
import type { TermMention } from '../../model.js';
import { isVoid, type Markup } from '../../html/markup.js';
import type { TermMatcher } from '../term-matcher.js';

const SKIP = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'a', 'code', 'pre', 'script', 'style', 'kbd', 'samp']);
const BLOCKS = new Set(['p', 'li', 'td', 'th', 'blockquote', 'dd', 'dt', 'figcaption', 'aside', 'div']);

/** A text that can be linked, and the block it is in (the index of the block's opening tag; -1 at top level). */
interface Run {
  at: number;
  block: number;
}

export function linkGlossaryTerms(markup: Markup, matcher: TermMatcher, termTitle: (slug: string) => string): { markup: Markup; mentions: TermMention[] } {
  const runs = collect(markup);

  // Block texts give snippets that span inline markup ("a <em>privilege</em> log").
  const blockText = new Map<number, string>();
  const offsets = new Map<number, number>();
  for (const run of runs) {
    const before = blockText.get(run.block) ?? '';
    offsets.set(run.at, before.length);
    blockText.set(run.block, before + (markup[run.at] as { value: string }).value);
  }

  const linkCount = new Map<string, number>();
  // Per block: the terms already linked in it, so one paragraph never links a term twice.
  const linkedIn = new Map<number, Set<string>>();
  const mentions = new Map<string, TermMention>();
  const replaced = new Map<number, Markup>();
  for (const run of runs) {
    const text = (markup[run.at] as { value: string }).value;
    const matches = matcher.find(text);
    if (matches.length === 0) continue;
    const pieces: Markup = [];
    let cursor = 0;
    for (const m of matches) {
      if (!mentions.has(m.slug)) {
        const full = blockText.get(run.block) ?? text;
        const at = (offsets.get(run.at) ?? 0) + m.start;
        mentions.set(m.slug, { termSlug: m.slug, context: snippet(full, at, at + (m.end - m.start)), linked: false });
      }
      const count = linkCount.get(m.slug) ?? 0;
      const inBlock = linkedIn.get(run.block) ?? new Set<string>();
      if (count >= MAX_LINKS_PER_TERM || inBlock.has(m.slug)) continue;
      linkCount.set(m.slug, count + 1);
      linkedIn.set(run.block, inBlock.add(m.slug));
      mentions.get(m.slug)!.linked = true;
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
  if (replaced.size === 0) return { markup, mentions: [...mentions.values()] };
  const out: Markup = [];
  markup.forEach((item, i) => (replaced.has(i) ? out.push(...replaced.get(i)!) : out.push(item)));
  return { markup: out, mentions: [...mentions.values()] };
}

/** The texts outside SKIP elements, each with its nearest BLOCKS element. */
function collect(markup: Markup): Run[] {
  const runs: Run[] = [];
  const stack: { name: string; block: number }[] = [];
  let skipping = 0;
  markup.forEach((item, i) => {
    const block = stack.length ? stack[stack.length - 1].block : -1;
    if (item.kind === 'text') {
      if (!skipping) runs.push({ at: i, block });
    } else if (item.kind === 'open') {
      if (isVoid(item.name)) return;
      if (skipping || SKIP.has(item.name)) skipping++;
      stack.push({ name: item.name, block: BLOCKS.has(item.name) ? i : block });
    } else if (!isVoid(item.name)) {
      stack.pop();
      if (skipping) skipping--;
    }
  });
  return runs;
}

/** About CONTEXT_RADIUS characters either side, cut at word boundaries, whitespace folded. */
export function snippet(text: string, start: number, end: number): string {
  let from = Math.max(0, start - CONTEXT_RADIUS);
  let to = Math.min(text.length, end + CONTEXT_RADIUS);
  if (from > 0) from = text.indexOf(' ', from) + 1 || from;
  if (to < text.length) to = text.lastIndexOf(' ', to) > end ? text.lastIndexOf(' ', to) : to;
  const body = text.slice(from, to).replace(/\s+/g, ' ').trim();
  return `${from > 0 ? '…' : ''}${body}${to < text.length ? '…' : ''}`;
}
