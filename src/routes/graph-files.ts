/**
 * /api/knowledge-graph.json: the whole graph in one file while it has at most `graphPartNodes` nodes
 * (articles and terms); past that an index of parts, /api/knowledge-graph/part-{n}.json, each a run
 * of nodes in id order with every edge that points at them, at most `graphPartNodes` nodes and
 * `graphPartEdges` edges (passes/knowledge-graph.ts). The parts' nodes and edges, taken in part
 * order, are the whole graph's (its edges in its own order). The parts are cut by how many relations
 * point at each node, which a rebuild with unchanged backlinks takes from the build cache.
 * Issue 18; spec §7 (the link in structured data).
 */
import type { OutputLimits } from '../constants.js';
import type { BuiltSite } from '../pipeline.js';
import { buildKnowledgeGraph, type GraphPart, graphNodeIds, graphPartition, type KnowledgeGraph, splitKnowledgeGraph } from '../passes/knowledge-graph.js';
import { fileInputs, sharedInputs } from './file-inputs.js';
import { json } from './machine-files.js';
import type { FileRoute } from './types.js';

export const GRAPH_URL = '/api/knowledge-graph.json';
export const graphPartUrl = (n: number) => `/api/knowledge-graph/part-${n}.json`;

/** Whether the graph of `site` is split into parts. */
export const graphIsSplit = (site: Pick<BuiltSite, 'articles' | 'terms'>, limits: OutputLimits) => site.articles.length + site.terms.length > limits.graphPartNodes;

/** The node ids of each part of the graph of `site`. */
export const graphRuns = (site: Pick<BuiltSite, 'articles' | 'terms' | 'backlinks'>, limits: OutputLimits) =>
  graphPartition(graphNodeIds(site.articles, site.terms), site.backlinks.relationCounts, limits.graphPartNodes, limits.graphPartEdges);

export function knowledgeGraphRoutes(site: BuiltSite, limits: OutputLimits): FileRoute[] {
  const { config } = site;
  const inputs = fileInputs(site);
  // What its nodes and the backlinks pass read (articles' mentions by their hash): the graph is a
  // 40 MB serialisation of 190,000 relations at 10,000 articles, this a few hundred kilobytes.
  const graphInputs = () => JSON.stringify([config.name, config.license.url, config.baseUrl, inputs.articles(), inputs.mentions(), inputs.terms()]);
  const build = () => buildKnowledgeGraph(site.articles, site.terms, site.backlinks.relations, config);
  if (!graphIsSplit(site, limits)) return [{ ...json(GRAPH_URL, build), inputs: graphInputs }];
  const runs = graphRuns(site, limits);
  const count = runs.length;
  // The index and every part are made from one graph and its split, kept until the last of them is
  // made and then let go: the routes live to the end of the build, and with them whatever their
  // bodies hold (at 50,000 articles a million edges; docs/performance-log.md). A file made again after
  // that makes them again.
  let graph: KnowledgeGraph | undefined;
  let split: GraphPart[] | undefined;
  const whole = () => (graph ??= build());
  const parts = () => (split ??= splitKnowledgeGraph(whole(), runs));
  const unmade = new Set(Array.from({ length: count + 1 }, (_, i) => i));
  const made = <T>(file: number, data: T): T => {
    unmade.delete(file);
    if (unmade.size === 0) graph = split = undefined;
    return data;
  };
  const partInputs = sharedInputs(() => JSON.stringify([graphInputs(), limits.graphPartNodes, limits.graphPartEdges]));
  const u = (p: string) => `${config.baseUrl}${p}`;
  return [
    {
      ...json(GRAPH_URL, () => made(0, {
        site: config.name,
        license: config.license.url,
        description: `The knowledge graph of ${config.name} in ${count} parts: each holds a run of nodes (articles and glossary terms, in id order) and every edge that points at them, at most ${limits.graphPartNodes} nodes and ${limits.graphPartEdges} edges (unless one node has more). The parts' nodes and edges, taken in part order, are the whole graph's.`,
        nodeCount: whole().nodes.length,
        edgeCount: whole().edges.length,
        parts: parts().map((p, i) => ({ url: u(graphPartUrl(i + 1)), nodes: p.nodes.length, edges: p.edges.length, firstNode: p.nodes[0].id, lastNode: p.nodes[p.nodes.length - 1].id })),
      })),
      inputs: partInputs,
    },
    ...Array.from({ length: count }, (_, i): FileRoute => ({
      ...json(graphPartUrl(i + 1), () => made(i + 1, { site: config.name, license: config.license.url, part: i + 1, parts: count, nodes: parts()[i].nodes, edges: parts()[i].edges })),
      inputs: partInputs,
    })),
  ];
}
