/**
 * Backlinks (spec §3 "Backlink relation", §9): who points at each article and term.
 * - article → term: the article body mentions the term (relationship "mentions", strength 1);
 * - term → term: see-also (strength 2) and contrast (strength 1), relationship "related";
 * - shared tags between any two items (relationship "related", strength = shared tags, capped at 3).
 * At most 10 per target, strongest first. Shared-tag candidates come from an inverted index over
 * tags, never from all pairs. Reads: articles, terms, mentions. Writes: BacklinkIndex.
 * Needs: article-html (mentions).
 */
import type { ArticleMeta, Term, TermMention } from '../model.js';

export type NodeType = 'article' | 'glossary';

export interface Backlink {
  fromType: NodeType;
  fromSlug: string;
  fromTitle: string;
  toType: NodeType;
  toSlug: string;
  toTitle: string;
  relationship: 'mentions' | 'related';
  kind: 'mention' | 'see-also' | 'contrast' | 'shared-tags';
  strength: number;
  context: string;
}

export const MAX_BACKLINKS = 10;
const SHARED_TAG_CAP = 3;

/** Key of a node: "article:slug" or "glossary:slug". */
export const nodeKey = (type: NodeType, slug: string) => `${type}:${slug}`;

export interface BacklinkResult {
  /** Every explicit relation (mentions, see-also, contrast) and the kept shared-tag relations. */
  relations: Backlink[];
  /** Per target node key, at most 10, strongest first. */
  byTarget: Map<string, Backlink[]>;
}

export function buildBacklinks(articles: ArticleMeta[], terms: Term[], mentions: Map<string, TermMention[]>): BacklinkResult {
  const titles = new Map<string, string>();
  for (const a of articles) titles.set(nodeKey('article', a.slug), a.title);
  for (const t of terms) titles.set(nodeKey('glossary', t.slug), t.title);
  const explicit: Backlink[] = [];
  const make = (fromType: NodeType, fromSlug: string, toType: NodeType, toSlug: string, kind: Backlink['kind'], strength: number, context: string): Backlink => ({
    fromType, fromSlug, fromTitle: titles.get(nodeKey(fromType, fromSlug))!, toType, toSlug, toTitle: titles.get(nodeKey(toType, toSlug))!,
    relationship: kind === 'mention' ? 'mentions' : 'related', kind, strength, context,
  });

  for (const a of articles) {
    for (const m of mentions.get(a.slug) ?? []) explicit.push(make('article', a.slug, 'glossary', m.termSlug, 'mention', 1, m.context));
  }
  for (const t of terms) {
    const context = definitionSnippet(t.definition);
    for (const s of t.seeAlso) explicit.push(make('glossary', t.slug, 'glossary', s, 'see-also', 2, context));
    for (const s of t.contrastWith) explicit.push(make('glossary', t.slug, 'glossary', s, 'contrast', 1, context));
  }

  // Inverted index: tag → nodes carrying it.
  const nodes = [
    ...articles.map((a) => ({ type: 'article' as const, slug: a.slug, tags: a.tags, context: a.summary })),
    ...terms.map((t) => ({ type: 'glossary' as const, slug: t.slug, tags: t.tags, context: definitionSnippet(t.definition) })),
  ];
  const postings = new Map<string, number[]>();
  nodes.forEach((n, i) => n.tags.forEach((tag) => (postings.get(tag) ?? postings.set(tag, []).get(tag)!).push(i)));

  const byTarget = new Map<string, Backlink[]>();
  const explicitByTarget = new Map<string, Backlink[]>();
  for (const b of explicit) (explicitByTarget.get(nodeKey(b.toType, b.toSlug)) ?? explicitByTarget.set(nodeKey(b.toType, b.toSlug), []).get(nodeKey(b.toType, b.toSlug))!).push(b);

  // Rank of every node by (title, slug), the tie-break order, so selection needs no per-target sort.
  const order = nodes.map((_, i) => i).sort((a, b) => titles.get(nodeKey(nodes[a].type, nodes[a].slug))!.localeCompare(titles.get(nodeKey(nodes[b].type, nodes[b].slug))!) || nodes[a].slug.localeCompare(nodes[b].slug));
  const rank = new Int32Array(nodes.length);
  order.forEach((node, r) => (rank[node] = r));
  const counts = new Int32Array(nodes.length);
  const seenBy = new Int32Array(nodes.length).fill(-1);

  nodes.forEach((target, ti) => {
    const key = nodeKey(target.type, target.slug);
    const list = [...(explicitByTarget.get(key) ?? [])].sort(compareBacklinks);
    const linked = new Set(list.map((b) => nodeKey(b.fromType, b.fromSlug)));
    const touched: number[] = [];
    for (const tag of new Set(target.tags)) {
      for (const i of postings.get(tag) ?? []) {
        if (i === ti) continue;
        if (seenBy[i] !== ti) (seenBy[i] = ti), (counts[i] = 0), touched.push(i);
        counts[i]++;
      }
    }
    // Per strength (3, 2, 1), only the best-ranked few that can still make the top 10 become objects.
    const best: { i: number; strength: number }[] = [];
    // Stronger first, then better rank; compared on numbers so most candidates cost no allocation.
    const beats = (i: number, strength: number, other: { i: number; strength: number }) => strength > other.strength || (strength === other.strength && rank[i] < rank[other.i]);
    for (const i of touched) {
      const strength = Math.min(counts[i], SHARED_TAG_CAP);
      if (best.length === MAX_BACKLINKS && !beats(i, strength, best[best.length - 1])) continue;
      if (linked.has(nodeKey(nodes[i].type, nodes[i].slug))) continue;
      let k = best.length;
      while (k > 0 && beats(i, strength, best[k - 1])) k--;
      best.splice(k, 0, { i, strength });
      if (best.length > MAX_BACKLINKS) best.pop();
    }
    for (const { i, strength } of best) list.push(make(nodes[i].type, nodes[i].slug, target.type, target.slug, 'shared-tags', strength, nodes[i].context));
    list.sort(compareBacklinks);
    const kept = list.slice(0, MAX_BACKLINKS);
    if (kept.length) byTarget.set(key, kept);
  });
  const relations = [...explicit, ...[...byTarget.values()].flat().filter((b) => b.kind === 'shared-tags')];
  relations.sort((a, b) => nodeKey(a.toType, a.toSlug).localeCompare(nodeKey(b.toType, b.toSlug)) || compareBacklinks(a, b));
  return { relations, byTarget };
}

/** Strongest first; explicit relations before shared tags at equal strength; then by title. */
function compareBacklinks(a: Backlink, b: Backlink): number {
  const explicitA = a.kind === 'shared-tags' ? 1 : 0;
  const explicitB = b.kind === 'shared-tags' ? 1 : 0;
  return b.strength - a.strength || explicitA - explicitB || a.fromTitle.localeCompare(b.fromTitle) || a.fromSlug.localeCompare(b.fromSlug);
}

function definitionSnippet(definition: string): string {
  return definition.length <= 110 ? definition : `${definition.slice(0, definition.lastIndexOf(' ', 105))}…`;
}
