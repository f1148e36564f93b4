/**
 * Items grouped by their exact tag set. A site has few tags and many items, so most pairs share a
 * tag and tag postings are long; but everything tags decide (tag Jaccard, shared-tag count) is the
 * same for every member of a group, so it is computed once per pair of groups, not per pair of items.
 * Group numbers follow first use: group g's first member comes before group g + 1's.
 */
import { packLists, type PackedLists } from './packed-lists.js';

export interface TagGroup {
  tags: Int32Array;
  /** Member item indexes, ascending. */
  members: number[];
}

/** The groups near one group (neighbours): `groups[0 .. count)`, in no set order, and how many tags
 * each shares with it, by group number (`shared[h]`, 0 for a group not near). Overwritten by the
 * next call of neighbours. */
export interface NearGroups {
  count: number;
  groups: Int32Array;
  shared: Int32Array;
}

export interface TagGroups {
  groups: TagGroup[];
  groupOf: Int32Array;
  /** The groups sharing at least one tag with group g (g included, unless it has no tags). */
  neighbours(g: number): NearGroups;
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
  const withTag = groupsWithTag(groups);
  // Typed arrays reused by every call: a call touches a few thousand groups, for each of thousands of groups.
  const near: NearGroups = { count: 0, groups: new Int32Array(groups.length), shared: new Int32Array(groups.length) };
  const neighbours = (g: number): NearGroups => {
    const { groups: list, shared } = near;
    for (let k = 0; k < near.count; k++) shared[list[k]] = 0;
    let count = 0;
    for (const t of groups[g].tags) {
      for (let p = withTag.offsets[t]; p < withTag.offsets[t + 1]; p++) {
        const h = withTag.data[p];
        if (shared[h]++ === 0) list[count++] = h;
      }
    }
    near.count = count;
    return near;
  };
  return { groups, groupOf, neighbours };
}

/** The groups carrying each tag, by tag id (list t). */
function groupsWithTag(groups: TagGroup[]): PackedLists {
  let universe = 0;
  for (const group of groups) for (const t of group.tags) universe = Math.max(universe, t + 1);
  const lists: number[][] = Array.from({ length: universe }, () => []);
  groups.forEach((group, g) => group.tags.forEach((t) => lists[t].push(g)));
  return packLists(lists);
}
