/**
 * Items grouped by their exact tag set. A site has few tags and many items, so most pairs share a
 * tag and tag postings are long; but everything tags decide (tag Jaccard, shared-tag count) is the
 * same for every member of a group, so it is computed once per pair of groups, not per pair of items.
 */

export interface TagGroup {
  tags: Int32Array;
  /** Member item indexes, ascending. */
  members: number[];
}

/** Groups near another that share `shared` tags with it and have `size` tags. */
export interface NeighbourBucket {
  shared: number;
  size: number;
  groups: number[];
}

export interface TagGroups {
  groups: TagGroup[];
  groupOf: Int32Array;
  /** The groups sharing at least one tag with group g (g included), bucketed by shared count and size. */
  neighbours(g: number): NeighbourBucket[];
}

export function groupByTags(tagSets: Int32Array[]): TagGroups {
  const groups: TagGroup[] = [];
  const groupOf = new Int32Array(tagSets.length);
  const bySignature = new Map<string, number>();
  tagSets.forEach((tags, i) => {
    const signature = tags.join(',');
    let g = bySignature.get(signature);
    if (g === undefined) bySignature.set(signature, (g = groups.push({ tags, members: [] }) - 1));
    groups[g].members.push(i);
    groupOf[i] = g;
  });
  const groupsWithTag = new Map<number, number[]>();
  groups.forEach((group, g) => group.tags.forEach((t) => (groupsWithTag.get(t) ?? groupsWithTag.set(t, []).get(t)!).push(g)));

  const count = new Int32Array(groups.length);
  const stride = Math.max(0, ...groups.map((group) => group.tags.length)) + 1;
  const neighbours = (g: number): NeighbourBucket[] => {
    const seen: number[] = [];
    for (const t of groups[g].tags) {
      for (const h of groupsWithTag.get(t)!) if (count[h]++ === 0) seen.push(h);
    }
    const buckets: NeighbourBucket[] = [];
    const bucketAt = new Map<number, NeighbourBucket>();
    for (const h of seen) {
      const shared = count[h];
      const size = groups[h].tags.length;
      count[h] = 0;
      let bucket = bucketAt.get(shared * stride + size);
      if (!bucket) bucketAt.set(shared * stride + size, (bucket = buckets[buckets.push({ shared, size, groups: [] }) - 1]));
      bucket.groups.push(h);
    }
    return buckets;
  };
  return { groups, groupOf, neighbours };
}
