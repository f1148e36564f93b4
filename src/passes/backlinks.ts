/**
 * Backlinks (spec §3 "Backlink relation", §9): who points at each article and term.
 * References, what a term page lists under "Referenced by" (at most 10, strongest first):
 * - article → term: the article body links to the term, auto-linked or by the editor (relationship
 *   "mentions", strength 1, quoting the sentence of the link); the article lists it under see-also
 *   ("related", strength 2);
 * - term → term: see-also (strength 2) and contrast (strength 1), relationship "related".
 * Shared tags between any two items (relationship "related", strength = shared tags, capped at 3)
 * are no reference: a target keeps its 5 strongest sources sharing tags that do not already refer
 * to it, which its page shows as related content. Shared-tag candidates come from an inverted index
 * over tags, never from all pairs: lists of the items holding each tag, pair and triple of tags, in
 * rank order, merged as far as the top 5 need. Reads: articles, terms, mentions. Writes:
 * BacklinkResult. Needs: article-html (mentions).
 */
import type { ArticleMeta, Term, TermMention } from '../model.js';
import { SortedMerge } from './sorted-merge.js';

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

/** §9: at most 10 backlinks per target; related content defaults to 5. */
export const MAX_BACKLINKS = 10;
export const MAX_SHARED_TAG_RELATIONS = 5;
const SHARED_TAG_CAP = 3;

/** What a see-also or contrast backlink quotes: where the source lists the target. */
export const LISTED_UNDER = { 'see-also': 'Listed under “See also”.', contrast: 'Listed under “Contrast with”.' } as const;

/** Key of a node: "article:slug" or "glossary:slug". */
export const nodeKey = (type: NodeType, slug: string) => `${type}:${slug}`;

export interface BacklinkResult {
  /** Every explicit relation (mentions, see-also, contrast) and the kept shared-tag relations, by
   * target (in key order), strongest first. Made when read, and not kept: the reader keeps them (only
   * the knowledge graph reads them: 200,000 relations at 10,000 articles). */
  readonly relations: BacklinkEdge[];
  /** How many of the relations point at each node, by node key (nodes with none left out): what
   * splitting the knowledge graph into bounded parts needs, without the relations themselves. */
  readonly relationCounts: ReadonlyMap<string, number>;
  /** Per target node key: its references (at most 10, strongest first), then its strongest
   * shared-tag relations (at most 5); each target's made when first asked for (pages show only
   * terms' backlinks). */
  byTarget: Pick<ReadonlyMap<string, Backlink[]>, 'get'>;
  /** The key of everything the backlinks are worked out from (engine/backlinks-memo.ts
   * backlinksKey), when the build took it: the same key, the same backlinks. */
  readonly key?: string;
}

interface Node {
  type: NodeType;
  slug: string;
  title: string;
  tags: string[];
  /** What a relation from this node quotes when it is a shared-tag one. */
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

/** Who points at each article and term: every explicit relation, and each target's backlinks made when first asked for. */
export function buildBacklinks(articles: ArticleMeta[], terms: Term[], mentions: Map<string, TermMention[]>): BacklinkResult {
  const nodes: Node[] = [
    ...articles.map((a): Node => ({ type: 'article', slug: a.slug, title: a.title, tags: a.tags, context: a.summary })),
    ...terms.map((t): Node => ({ type: 'glossary', slug: t.slug, title: t.title, tags: t.tags, context: definitionSnippet(t.definition) })),
  ];
  const rank = rankByTitle(nodes);
  const compare = relationOrder(rank);
  const explicit = explicitRelations(nodes, articles, terms, mentions);
  const keptOf = keptBacklinks(nodes, rank, explicit, compare);
  // Listed once for both readers (counted, then handed to the graph), and not kept after: a million
  // relations at 50,000 articles, which the result (the site's, to the end of the build) would
  // otherwise hold. A later read lists them again.
  let listed: BacklinkEdge[] | undefined;
  let counts: Map<string, number> | undefined;
  const list = () => listRelations(nodes, explicit, keptOf, compare);
  return {
    byTarget: backlinksByKey(nodes, keptOf),
    get relations() {
      const relations = listed ?? list();
      listed = undefined;
      return relations;
    },
    get relationCounts() {
      return (counts ??= countByTarget((listed = list())));
    },
  };
}

/** How many relations point at each node key. */
export function countByTarget(relations: BacklinkEdge[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const r of relations) {
    const key = nodeKey(r.toType, r.toSlug);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** Rank of every node by (title, slug), the tie-break order of backlinks, so no comparison needs a string. */
function rankByTitle(nodes: Node[]): Int32Array {
  const rank = new Int32Array(nodes.length);
  nodes
    .map((_, i) => i)
    .sort((a, b) => nodes[a].title.localeCompare(nodes[b].title) || nodes[a].slug.localeCompare(nodes[b].slug))
    .forEach((node, r) => (rank[node] = r));
  return rank;
}

/** Strongest first; explicit relations before shared tags at equal strength; then by title. */
function relationOrder(rank: Int32Array): (a: Relation, b: Relation) => number {
  return (a, b) => b.strength - a.strength || (a.kind === 'shared-tags' ? 1 : 0) - (b.kind === 'shared-tags' ? 1 : 0) || rank[a.from] - rank[b.from];
}

/** Per target node: the relations that refer to it (mentions, see-also, contrast), unsorted. */
function explicitRelations(nodes: Node[], articles: ArticleMeta[], terms: Term[], mentions: Map<string, TermMention[]>): Relation[][] {
  const termIndex = new Map(terms.map((t, i) => [t.slug, articles.length + i]));
  const articleIndex = new Map(articles.map((a, i) => [a.slug, i]));
  // An article's see-also names a term (glossary/{slug}) or another article (articles/{slug}).
  const seeAlsoTarget = (ref: string) => (ref.startsWith('glossary/') ? termIndex.get(ref.slice('glossary/'.length)) : ref.startsWith('articles/') ? articleIndex.get(ref.slice('articles/'.length)) : undefined);
  const explicit: Relation[][] = nodes.map(() => []);
  articles.forEach((a, i) => {
    for (const m of mentions.get(a.slug) ?? []) {
      const to = termIndex.get(m.termSlug);
      if (to !== undefined) explicit[to].push({ from: i, to, kind: 'mention', strength: 1, context: m.context });
    }
    for (const ref of new Set(a.seeAlso)) {
      const to = seeAlsoTarget(ref);
      if (to !== undefined && to !== i) explicit[to].push({ from: i, to, kind: 'see-also', strength: 2, context: LISTED_UNDER['see-also'] });
    }
  });
  terms.forEach((t, k) => {
    const from = articles.length + k;
    for (const s of t.seeAlso) {
      const to = termIndex.get(s);
      if (to !== undefined) explicit[to].push({ from, to, kind: 'see-also', strength: 2, context: LISTED_UNDER['see-also'] });
    }
    for (const s of t.contrastWith) {
      const to = termIndex.get(s);
      if (to !== undefined) explicit[to].push({ from, to, kind: 'contrast', strength: 1, context: LISTED_UNDER.contrast });
    }
  });
  return explicit;
}

/** A target's backlinks by node index, each made when first asked for: its strongest references,
 * then the best shared-tag sources that do not refer to it. */
function keptBacklinks(nodes: Node[], rank: Int32Array, explicit: Relation[][], compare: (a: Relation, b: Relation) => number): (ti: number) => Relation[] {
  let shared: SharedTags | undefined;
  const linkedTo = new Int32Array(nodes.length).fill(-1);
  const kept: (Relation[] | undefined)[] = nodes.map(() => undefined);
  return (ti) => {
    if (kept[ti]) return kept[ti];
    const list = onePerSource(explicit[ti].sort(compare));
    for (const r of list) linkedTo[r.from] = ti;
    // The best shared-tag sources, strongest then best-ranked first, that are not linked already.
    const best: Relation[] = [];
    shared ??= sharedTagCandidates(nodes.map((n) => n.tags), rank);
    shared.walk(ti, (i, strength) => {
      if (i === ti || linkedTo[i] === ti) return true;
      best.push({ from: i, to: ti, kind: 'shared-tags', strength, context: nodes[i].context });
      return best.length < MAX_SHARED_TAG_RELATIONS;
    });
    return (kept[ti] = [...list.slice(0, MAX_BACKLINKS), ...best]);
  };
}

/** A target's backlinks as pages show them, by node key. */
function backlinksByKey(nodes: Node[], keptOf: (ti: number) => Relation[]): BacklinkResult['byTarget'] {
  let indexOfKey: Map<string, number> | undefined;
  return {
    get(key: string): Backlink[] | undefined {
      indexOfKey ??= new Map(nodes.map((_, i) => [keyOf(nodes, i), i]));
      const ti = indexOfKey.get(key);
      const list = ti === undefined ? [] : keptOf(ti);
      if (!list.length) return undefined;
      return list.map((r): Backlink => {
        const { fromType, fromSlug, toType, toSlug, relationship, kind, strength } = edgeOf(nodes, r);
        return { fromType, fromSlug, fromTitle: nodes[r.from].title, toType, toSlug, toTitle: nodes[r.to].title, relationship, kind, strength, context: r.context };
      });
    },
  };
}

/** Every explicit relation and kept shared-tag relation, by target in key order, strongest first. */
function listRelations(nodes: Node[], explicit: Relation[][], keptOf: (ti: number) => Relation[], compare: (a: Relation, b: Relation) => number): BacklinkEdge[] {
  // Keys are "article:" or "glossary:" and a slug (lowercase letters, digits, hyphens), where code
  // unit order is collation order.
  const targets = nodes.map((_, i) => i).sort((a, b) => (keyOf(nodes, a) < keyOf(nodes, b) ? -1 : keyOf(nodes, a) > keyOf(nodes, b) ? 1 : 0));
  const relations: BacklinkEdge[] = [];
  for (const ti of targets) {
    const sharedTags = keptOf(ti).filter((r) => r.kind === 'shared-tags');
    for (const r of [...explicit[ti], ...sharedTags].sort(compare)) relations.push(edgeOf(nodes, r));
  }
  return relations;
}

/** The node key of node `i`. */
function keyOf(nodes: Node[], i: number): string {
  return nodeKey(nodes[i].type, nodes[i].slug);
}

/** A relation as the knowledge graph lists it. */
function edgeOf(nodes: Node[], r: Relation): BacklinkEdge {
  return {
    fromType: nodes[r.from].type, fromSlug: nodes[r.from].slug, toType: nodes[r.to].type, toSlug: nodes[r.to].slug,
    relationship: r.kind === 'mention' ? 'mentions' : 'related', kind: r.kind, strength: r.strength,
  };
}

/** A source that refers to a target twice (an article that links a term and lists it under see-also)
 * is listed once, with its strongest relation, quoting its sentence if it has one. `list` is sorted. */
function onePerSource(list: Relation[]): Relation[] {
  const seen = new Map<number, Relation>();
  const out: Relation[] = [];
  for (const r of list) {
    const first = seen.get(r.from);
    if (!first) {
      seen.set(r.from, r);
      out.push(r);
    } else if (r.kind === 'mention' && first.kind !== 'mention') {
      out[out.indexOf(first)] = { ...first, context: r.context };
    }
  }
  return out;
}

interface SharedTags {
  walk(target: number, visit: (item: number, strength: number) => boolean): void;
}

/**
 * Shared-tag candidates, never all pairs. An item sharing three or more tags with a target is in the
 * list of one of the target's tag triples; two, of a pair; one, of a single tag. Lists are sorted by
 * rank, so `walk` visits the items sharing a tag with a target by strength (shared tags, capped at 3,
 * most first) then rank, merging only a few short lists, until `visit` returns false.
 * (An item listing a tag twice counts it twice; such sites are walked the plain way, item by item.)
 */
function sharedTagCandidates(tagLists: string[][], rank: Int32Array): SharedTags {
  if (tagLists.some((tags) => new Set(tags).size !== tags.length)) return plainSharedTags(tagLists, rank);
  const lists = new Map<string, number[]>();
  const sets = tagLists.map((tags) => [...tags].sort());
  sets.forEach((tags, i) => {
    for (const combo of subsets(tags, SHARED_TAG_CAP)) (lists.get(combo) ?? lists.set(combo, []).get(combo)!).push(i);
  });
  for (const list of lists.values()) list.sort((a, b) => rank[a] - rank[b]);
  const sharedCount = (i: number, target: Set<string>) => {
    let n = 0;
    for (const t of sets[i]) if (target.has(t)) n++;
    return Math.min(n, SHARED_TAG_CAP);
  };
  return {
    walk(target: number, visit: (item: number, strength: number) => boolean): void {
      const own = new Set(sets[target]);
      for (let strength = SHARED_TAG_CAP; strength >= 1; strength--) {
        const merge = new SortedMerge(subsets(sets[target], strength, strength).map((c) => lists.get(c) ?? []), rank);
        for (let k = 0, last = -1; ; k++) {
          const item = merge.at(k);
          if (item === undefined) break;
          if (item === last) continue;
          last = item;
          if (sharedCount(item, own) === strength && !visit(item, strength)) return;
        }
      }
    },
  };
}

/** The combinations of `tags` (sorted) with `min` to `max` tags, as keys. */
function subsets(tags: string[], max: number, min = 1): string[] {
  const out: string[] = [];
  const pick = (start: number, chosen: string[]) => {
    if (chosen.length >= min) out.push(chosen.join('\u0000'));
    if (chosen.length === max) return;
    for (let i = start; i < tags.length; i++) pick(i + 1, [...chosen, tags[i]]);
  };
  pick(0, []);
  return out;
}

/** The same walk, item by item, for sites where an item lists a tag more than once. */
function plainSharedTags(tagLists: string[][], rank: Int32Array): SharedTags {
  const postings = new Map<string, number[]>();
  tagLists.forEach((tags, i) => tags.forEach((tag) => (postings.get(tag) ?? postings.set(tag, []).get(tag)!).push(i)));
  return {
    walk(target: number, visit: (item: number, strength: number) => boolean): void {
      const counts = new Map<number, number>();
      for (const tag of new Set(tagLists[target])) for (const i of postings.get(tag) ?? []) counts.set(i, (counts.get(i) ?? 0) + 1);
      const order = [...counts].map(([i, c]) => ({ i, strength: Math.min(c, SHARED_TAG_CAP) })).sort((a, b) => b.strength - a.strength || rank[a.i] - rank[b.i]);
      for (const { i, strength } of order) if (!visit(i, strength)) return;
    },
  };
}

/** What a term quotes as a shared-tag source: its definition, cut at a word after about 105 characters. */
function definitionSnippet(definition: string): string {
  return definition.length <= 110 ? definition : `${definition.slice(0, definition.lastIndexOf(' ', 105))}…`;
}
