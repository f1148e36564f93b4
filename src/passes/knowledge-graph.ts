/**
 * The knowledge graph export (/api/knowledge-graph.json): nodes are articles and terms, edges the
 * backlink relations with their kind and strength. Reads: articles, terms, backlinks. Writes: graph.
 * Needs: backlinks.
 */
import type { ArticleMeta, SiteConfig, Term } from '../model.js';
import { type BacklinkEdge, nodeKey } from './backlinks.js';

export function buildKnowledgeGraph(articles: ArticleMeta[], terms: Term[], relations: BacklinkEdge[], config: SiteConfig) {
  return {
    site: config.name,
    license: config.license.url,
    nodes: [
      ...articles.map((a) => ({ id: nodeKey('article', a.slug), type: 'article', slug: a.slug, title: a.title, url: `${config.baseUrl}/articles/${a.slug}`, tags: a.tags, jurisdiction: a.jurisdiction })),
      ...terms.map((t) => ({ id: nodeKey('glossary', t.slug), type: 'glossary', slug: t.slug, title: t.title, url: `${config.baseUrl}/glossary/${t.slug}`, tags: t.tags, jurisdiction: t.jurisdiction })),
    ],
    edges: relations.map((r) => ({ source: nodeKey(r.fromType, r.fromSlug), target: nodeKey(r.toType, r.toSlug), relationship: r.relationship, kind: r.kind, strength: r.strength })),
  };
}
