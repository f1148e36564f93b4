/**
 * Topic clusters (spec §3, §9): the 10 most used tags across articles and terms; the first 9 become
 * clusters with their articles, terms, co-occurring tags and the tag's description from site.yaml.
 * A cluster is named as site.yaml names its tag (`ai: { name: AI, … }`), else by the tag with
 * hyphens as spaces and each word capitalised.
 * Reads: articles, terms, config tags and tag names. Writes: TopicCluster[].
 */
import type { ArticleMeta, Term } from '../model.js';
import type { TopicCluster } from '../model/topic-cluster.js';

export const TOP_TAGS = 10;
export const CLUSTERS_SHOWN = 9;

export function buildTopicClusters(articles: ArticleMeta[], terms: Term[], tagDescriptions: Record<string, string>, tagNames: Record<string, string> = {}): { topTags: string[]; clusters: TopicCluster[] } {
  const counts = new Map<string, number>();
  for (const items of [articles, terms]) for (const item of items) eachTagOnce(item.tags, (t) => counts.set(t, (counts.get(t) ?? 0) + 1));
  const topTags = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, TOP_TAGS).map(([t]) => t);
  // Each shown tag's articles and terms, in list order, from one pass over the items.
  const shown = topTags.slice(0, CLUSTERS_SHOWN);
  const members = new Map(shown.map((tag) => [tag, { articles: [] as ArticleMeta[], terms: [] as Term[] }]));
  for (const a of articles) eachTagOnce(a.tags, (t) => members.get(t)?.articles.push(a));
  for (const term of terms) eachTagOnce(term.tags, (t) => members.get(t)?.terms.push(term));
  const clusters = shown.map((tag): TopicCluster => {
    const { articles: tagged, terms: taggedTerms } = members.get(tag)!;
    const co = new Map<string, number>();
    for (const item of [...tagged, ...taggedTerms]) for (const t of item.tags) if (t !== tag) co.set(t, (co.get(t) ?? 0) + 1);
    const related = [...co.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 4).map(([t]) => t);
    return {
      id: tag,
      name: tagNames[tag] ?? tag.split('-').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' '),
      description: tagDescriptions[tag] ?? '',
      tags: [tag, ...related],
      articles: tagged.map((a) => ({ slug: a.slug, title: a.title })),
      terms: taggedTerms.map((t) => ({ slug: t.slug, title: t.title })),
    };
  });
  return { topTags, clusters };
}

/** Each of `tags` once, in order (a tag given twice counts once). Without a Set per item: an item has
 * a few tags, and a site 60,000 items. */
function eachTagOnce(tags: readonly string[], visit: (tag: string) => void): void {
  for (let i = 0; i < tags.length; i++) if (tags.indexOf(tags[i]) === i) visit(tags[i]);
}
