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

/** A relation as the knowledge graph lists it. */
export interface BacklinkEdge {
  fromType: NodeType;
  fromSlug: string;
  toType: NodeType;
  toSlug: string;
  relationship: 'mentions' | 'related';
  kind: 'mention' | 'see-also' | 'contrast' | 'shared-tags';
  strength: number;
}

/** A relation as a page shows it. */
export interface Backlink extends BacklinkEdge {
  fromTitle: string;
  toTitle: string;
  context: string;
}

export const MAX_BACKLINKS = 10;
const SHARED_TAG_CAP = 3;

/** Key of a node: "article:slug" or "glossary:slug". */
export const nodeKey = (type: NodeType, slug: string) => `${type}:${slug}`;

export interface BacklinkResult {
  /** Every explicit relation (mentions, see-also, contrast) and the kept shared-tag relations, by
   * target (in key order), strongest first. */
  relations: BacklinkEdge[];
  /** Per target node key, at most 10, strongest first. */
  byTarget: Map<string, Backlink[]>;
}

interface Node {
  type: NodeType;
  slug: string;
  title: string;
  tags: string[];
  /** What a backlink from this node quotes when it is a shared-tag one. */
  context: string;
}

/** A relation before it becomes an object: from and to are node indexes. */
interface Relation {
  from: number;
  to: number;
  kind: Backlink['kind'];
  strength: number;
  context: string;
}

export function buildBacklinks(articles: ArticleMeta[], terms: Term[], mentions: Map<string, TermMention[]>): BacklinkResult {
  const nodes: Node[] = [
    ...articles.map((a): Node => ({ type: 'article', slug: a.slug, title: a.title, tags: a.tags, context: a.summary })),
    ...terms.map((t): Node => ({ type: 'glossary', slug: t.slug, title: t.title, tags: t.tags, context: definitionSnippet(t.definition) })),
  ];
  const termIndex = new Map(terms.map((t, i) => [t.slug, articles.length + i]));
  // Rank of every node by (title, slug), the tie-break order of backlinks, so no comparison needs a string.
  const rank = new Int32Array(nodes.length);
  nodes
    .map((_, i) => i)
    .sort((a, b) => nodes[a].title.localeCompare(nodes[b].title) || nodes[a].slug.localeCompare(nodes[b].slug))
    .forEach((node, r) => (rank[node] = r));
  /** Strongest first; explicit relations before shared tags at equal strength; then by title. */
  const compare = (a: Relation, b: Relation) => b.strength - a.strength || (a.kind === 'shared-tags' ? 1 : 0) - (b.kind === 'shared-tags' ? 1 : 0) || rank[a.from] - rank[b.from];

  const explicit: Relation[][] = nodes.map(() => []);
  articles.forEach((a, i) => {
    for (const m of mentions.get(a.slug) ?? []) {
      const to = termIndex.get(m.termSlug);
      if (to !== undefined) explicit[to].push({ from: i, to, kind: 'mention', strength: 1, context: m.context });
    }
  });
  terms.forEach((t, k) => {
    const from = articles.length + k;
    const context = nodes[from].context;
    for (const s of t.seeAlso) {
      const to = termIndex.get(s);
      if (to !== undefined) explicit[to].push({ from, to, kind: 'see-also', strength: 2, context });
    }
    for (const s of t.contrastWith) {
      const to = termIndex.get(s);
      if (to !== undefined) explicit[to].push({ from, to, kind: 'contrast', strength: 1, context });
    }
  });

  // Inverted index: tag → nodes carrying it.
  const postings = new Map<string, number[]>();
  nodes.forEach((n, i) => n.tags.forEach((tag) => (postings.get(tag) ?? postings.set(tag, []).get(tag)!).push(i)));

  const counts = new Int32Array(nodes.length);
  const seenBy = new Int32Array(nodes.length).fill(-1);
  const linkedTo = new Int32Array(nodes.length).fill(-1);
  const kept: Relation[][] = nodes.map(() => []);
  nodes.forEach((target, ti) => {
    const list = explicit[ti].sort(compare);
    for (const r of list) linkedTo[r.from] = ti;
    const touched: number[] = [];
    for (const tag of new Set(target.tags)) {
      for (const i of postings.get(tag) ?? []) {
        if (i === ti) continue;
        if (seenBy[i] !== ti) ((seenBy[i] = ti), (counts[i] = 0), touched.push(i));
        counts[i]++;
      }
    }
    // Only the best-ranked few that can still make the top 10 become relations.
    const best: Relation[] = [];
    for (const i of touched) {
      if (linkedTo[i] === ti) continue;
      const candidate: Relation = { from: i, to: ti, kind: 'shared-tags', strength: Math.min(counts[i], SHARED_TAG_CAP), context: nodes[i].context };
      if (best.length === MAX_BACKLINKS && compare(candidate, best[best.length - 1]) >= 0) continue;
      let k = best.length;
      while (k > 0 && compare(candidate, best[k - 1]) < 0) k--;
      best.splice(k, 0, candidate);
      if (best.length > MAX_BACKLINKS) best.pop();
    }
    kept[ti] = [...list, ...best].sort(compare).slice(0, MAX_BACKLINKS);
  });

  const keyOf = (i: number) => nodeKey(nodes[i].type, nodes[i].slug);
  const edge = (r: Relation): BacklinkEdge => ({
    fromType: nodes[r.from].type, fromSlug: nodes[r.from].slug, toType: nodes[r.to].type, toSlug: nodes[r.to].slug,
    relationship: r.kind === 'mention' ? 'mentions' : 'related', kind: r.kind, strength: r.strength,
  });
  const byTarget = new Map<string, Backlink[]>();
  nodes.forEach((_, ti) => {
    if (!kept[ti].length) return;
    byTarget.set(
      keyOf(ti),
      kept[ti].map((r): Backlink => {
        const { fromType, fromSlug, toType, toSlug, relationship, kind, strength } = edge(r);
        return { fromType, fromSlug, fromTitle: nodes[r.from].title, toType, toSlug, toTitle: nodes[r.to].title, relationship, kind, strength, context: r.context };
      }),
    );
  });
  // Keys are "article:" or "glossary:" and a slug (lowercase letters, digits, hyphens), where code
  // unit order is collation order.
  const targets = nodes.map((_, i) => i).sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0));
  const relations: BacklinkEdge[] = [];
  for (const ti of targets) {
    const shared = kept[ti].filter((r) => r.kind === 'shared-tags');
    for (const r of [...explicit[ti], ...shared].sort(compare)) relations.push(edge(r));
  }
  return { relations, byTarget };
}

function definitionSnippet(definition: string): string {
  return definition.length <= 110 ? definition : `${definition.slice(0, definition.lastIndexOf(' ', 105))}…`;
}
