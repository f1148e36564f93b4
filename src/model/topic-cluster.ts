/** A topic cluster (spec §3, §9): one of the most used tags, with its articles, terms and
 * co-occurring tags (passes/topic-clusters.ts); shown on /content-recommendations. */
export interface TopicCluster {
  id: string;
  name: string;
  description: string;
  tags: string[];
  articles: { slug: string; title: string }[];
  terms: { slug: string; title: string }[];
}
