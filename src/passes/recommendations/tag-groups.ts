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

export interface TagGroups {
  groups: TagGroup[];
  groupOf: Int32Array;
  /** Groups sharing at least one tag with group g (g included), with the shared-tag count. */
  neighbours(g: number): { groups: Int32Array; shared: Int32Array };
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
  const neighbours = (g: number) => {
    const seen: number[] = [];
    for (const t of groups[g].tags) {
      for (const h of groupsWithTag.get(t)!) if (count[h]++ === 0) seen.push(h);
    }
    const shared = new Int32Array(seen.length);
    seen.forEach((h, k) => ((shared[k] = count[h]), (count[h] = 0)));
    return { groups: Int32Array.from(seen), shared };
  };
  return { groups, groupOf, neighbours };
}
