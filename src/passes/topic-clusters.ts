/**
 * Topic clusters (spec §3, §9): the 10 most used tags across articles and terms; the first 9 become
 * clusters with their articles, terms, co-occurring tags and the tag's description from site.yaml.
 * Reads: articles, terms, config tags. Writes: TopicCluster[].
 */
import type { ArticleMeta, Term } from '../model.js';

export const TOP_TAGS = 10;
export const CLUSTERS_SHOWN = 9;

export interface TopicCluster {
  id: string;
  name: string;
  description: string;
  tags: string[];
  articles: { slug: string; title: string }[];
  terms: { slug: string; title: string }[];
}

export function buildTopicClusters(articles: ArticleMeta[], terms: Term[], tagDescriptions: Record<string, string>): { topTags: string[]; clusters: TopicCluster[] } {
  const counts = new Map<string, number>();
  for (const item of [...articles, ...terms]) for (const t of new Set(item.tags)) counts.set(t, (counts.get(t) ?? 0) + 1);
  const topTags = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, TOP_TAGS).map(([t]) => t);
  const clusters = topTags.slice(0, CLUSTERS_SHOWN).map((tag): TopicCluster => {
    const withTag = <T extends { tags: string[] }>(list: T[]) => list.filter((x) => x.tags.includes(tag));
    const co = new Map<string, number>();
    for (const item of [...withTag(articles), ...withTag(terms)]) for (const t of item.tags) if (t !== tag) co.set(t, (co.get(t) ?? 0) + 1);
    const related = [...co.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 4).map(([t]) => t);
    return {
      id: tag,
      name: tag.split('-').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' '),
      description: tagDescriptions[tag] ?? '',
      tags: [tag, ...related],
      articles: withTag(articles).map((a) => ({ slug: a.slug, title: a.title })),
      terms: withTag(terms).map((t) => ({ slug: t.slug, title: t.title })),
    };
  });
  return { topTags, clusters };
}
