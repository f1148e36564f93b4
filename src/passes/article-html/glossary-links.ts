/**
 * Tree pass: links glossary terms in an article body (spec §5, §9). A term is linked at its first
 * occurrence and at most MAX_LINKS_PER_TERM times per article, never twice in one block, and never
 * inside headings, links, code, pre, script or style. Every term met is reported as a mention with
 * about 50 characters of context either side, for backlinks.
 */
import { CONTEXT_RADIUS, MAX_LINKS_PER_TERM } from '../../constants.js';
import type { TermMention } from '../../model.js';
import { createElement, createText, type Element, type Fragment, isElement, isText, type ParentNode, type TextNode } from '../../html/tree.js';
import type { TermMatcher } from '../term-matcher.js';

const SKIP = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'a', 'code', 'pre', 'script', 'style', 'kbd', 'samp']);
const BLOCKS = new Set(['p', 'li', 'td', 'th', 'blockquote', 'dd', 'dt', 'figcaption', 'aside', 'div']);

interface Run {
  node: TextNode;
  block: Element | undefined;
}

export function linkGlossaryTerms(tree: Fragment, matcher: TermMatcher, termTitle: (slug: string) => string): TermMention[] {
  const runs: Run[] = [];
  collect(tree, undefined, runs);

  // Block texts give snippets that span inline markup ("a <em>privilege</em> log").
  const blockText = new Map<Element | undefined, string>();
  const offsets = new Map<TextNode, number>();
  for (const run of runs) {
    const before = blockText.get(run.block) ?? '';
    offsets.set(run.node, before.length);
    blockText.set(run.block, before + run.node.value);
  }

  const linkCount = new Map<string, number>();
  // Per block: the terms already linked in it, so one paragraph never links a term twice.
  const linkedIn = new Map<Element | undefined, Set<string>>();
  const mentions = new Map<string, TermMention>();
  for (const run of runs) {
    const text = run.node.value;
    const matches = matcher.find(text);
    if (matches.length === 0) continue;
    const parent = run.node.parentNode as ParentNode;
    const pieces: (TextNode | Element)[] = [];
    let cursor = 0;
    for (const m of matches) {
      if (!mentions.has(m.slug)) {
        const full = blockText.get(run.block) ?? text;
        const at = (offsets.get(run.node) ?? 0) + m.start;
        mentions.set(m.slug, { termSlug: m.slug, context: snippet(full, at, at + (m.end - m.start)), linked: false });
      }
      const count = linkCount.get(m.slug) ?? 0;
      const inBlock = linkedIn.get(run.block) ?? new Set<string>();
      if (count >= MAX_LINKS_PER_TERM || inBlock.has(m.slug)) continue;
      linkCount.set(m.slug, count + 1);
      linkedIn.set(run.block, inBlock.add(m.slug));
      mentions.get(m.slug)!.linked = true;
      if (m.start > cursor) pieces.push(createText(text.slice(cursor, m.start), parent));
      const a = createElement('a', { href: `/glossary/${m.slug}`, class: 'term-link', title: termTitle(m.slug) }, parent);
      a.childNodes.push(createText(text.slice(m.start, m.end), a));
      pieces.push(a);
      cursor = m.end;
    }
    if (pieces.length === 0) continue;
    if (cursor < text.length) pieces.push(createText(text.slice(cursor), parent));
    parent.childNodes.splice(parent.childNodes.indexOf(run.node), 1, ...pieces);
  }
  return [...mentions.values()];
}

function collect(node: ParentNode, block: Element | undefined, out: Run[]): void {
  for (const child of node.childNodes) {
    if (isText(child)) out.push({ node: child, block });
    else if (isElement(child) && !SKIP.has(child.tagName)) collect(child, BLOCKS.has(child.tagName) ? child : block, out);
  }
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
