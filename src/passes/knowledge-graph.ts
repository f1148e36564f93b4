/**
 * The knowledge graph export (/api/knowledge-graph.json): nodes are articles and terms, edges the
 * backlink relations with their kind and strength. Reads: articles, terms, backlinks. Writes: graph.
 * Needs: backlinks.
 * A large graph is split into parts (graphPartition, splitKnowledgeGraph): each holds a run of nodes
 * in id order and every edge that points at them, at most so many nodes and (unless one node alone
 * has more) edges. Edges come ordered by target id (backlinks.ts), so the parts' edges, in part
 * order, are exactly the graph's edges in its order.
 */
import type { ArticleMeta, SiteConfig, Term } from '../model.js';
import { type BacklinkEdge, nodeKey } from './backlinks.js';

export interface GraphNode {
  id: string;
  type: string;
  slug: string;
  title: string;
  url: string;
  tags: string[];
  /** As the page states it ("United States, England and Wales"). */
  jurisdiction: string;
  /** The same, one by one, to filter by. */
  jurisdictions: string[];
}

export interface GraphEdge {
  source: string;
  target: string;
  relationship: string;
  kind: string;
  strength: number;
}

export interface KnowledgeGraph {
  site: string;
  license: string;
  nodes: GraphNode[];
  edges: GraphEdge[];
}

export function buildKnowledgeGraph(articles: ArticleMeta[], terms: Term[], relations: BacklinkEdge[], config: SiteConfig): KnowledgeGraph {
  return {
    site: config.name,
    license: config.license.url,
    nodes: [
      ...articles.map((a) => ({ id: nodeKey('article', a.slug), type: 'article', slug: a.slug, title: a.title, url: `${config.baseUrl}/articles/${a.slug}`, tags: a.tags, jurisdiction: a.jurisdiction, jurisdictions: [a.jurisdiction] })),
      ...terms.map((t) => ({ id: nodeKey('glossary', t.slug), type: 'glossary', slug: t.slug, title: t.title, url: `${config.baseUrl}/glossary/${t.slug}`, tags: t.tags, jurisdiction: t.jurisdiction, jurisdictions: t.jurisdictions })),
    ],
    edges: relations.map((r) => ({ source: nodeKey(r.fromType, r.fromSlug), target: nodeKey(r.toType, r.toSlug), relationship: r.relationship, kind: r.kind, strength: r.strength })),
  };
}

/** Node ids in the order parts hold them: code-unit order, the order edges are listed by target. */
export function graphNodeIds(articles: Pick<ArticleMeta, 'slug'>[], terms: Pick<Term, 'slug'>[]): string[] {
  return [...articles.map((a) => nodeKey('article', a.slug)), ...terms.map((t) => nodeKey('glossary', t.slug))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

export interface GraphPart {
  nodes: GraphNode[];
  edges: GraphEdge[];
}

/** Node ids (graphNodeIds) in runs of at most `maxNodes` nodes, a run closed early when the edges
 * pointing at it (`counts`, by node id) would pass `maxEdges`; a node alone may pass it. */
export function graphPartition(ids: string[], counts: ReadonlyMap<string, number>, maxNodes: number, maxEdges: number): string[][] {
  const runs: string[][] = [];
  let run: string[] = [];
  let edges = 0;
  for (const id of ids) {
    const n = counts.get(id) ?? 0;
    if (run.length && (run.length >= maxNodes || edges + n > maxEdges)) {
      runs.push(run);
      run = [];
      edges = 0;
    }
    run.push(id);
    edges += n;
  }
  if (run.length || !runs.length) runs.push(run);
  return runs;
}

/** The graph in the parts of `runs` (graphPartition): each run's nodes and the edges that point at them. */
export function splitKnowledgeGraph(graph: KnowledgeGraph, runs: string[][]): GraphPart[] {
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const partOf = new Map<string, number>();
  const parts = runs.map((run, i): GraphPart => {
    for (const id of run) partOf.set(id, i);
    return { nodes: run.map((id) => byId.get(id)!), edges: [] };
  });
  for (const e of graph.edges) parts[partOf.get(e.target)!].edges.push(e);
  return parts;
}
