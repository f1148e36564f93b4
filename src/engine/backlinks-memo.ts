/**
 * The term pages' backlinks of the last build (every term's once they were worked out in full, else
 * those the memo held and those pages asked for), kept between builds (in the build cache) under a
 * key of everything backlinks are made from: every article's fields and mentions by their hashes,
 * in site order, and every term. After an edit that changes none of these (most edits to a body), the
 * term pages' backlinks come from the memo instead of being worked out again over every mention on
 * the site. Whatever the memo does not hold (the knowledge graph's relations, a target it never
 * listed) is worked out in full when first asked for, so a memo only ever saves work. It also keeps
 * how many relations point at each node, when they were counted (to split a large knowledge graph).
 * Each target's backlinks are kept as JSON text and parsed only when asked for: a rebuild asks for
 * the few term pages whose fingerprint changed (engine/emit-site.ts), and the 62 MB memo of a
 * 50,000-article site, deserialized as objects (a backlink each, with its sentence), took 310 ms to
 * read and as many again in the collector's copying.
 * Reads: the ordered site's keys, the memo. Writes: the backlinks of this build, the next memo.
 */
import { hashOf } from '../hash.js';
import { type Backlink, type BacklinkResult, nodeKey } from '../passes/backlinks.js';
import type { OrderedSite } from '../pipeline.js';
import { fileInputs } from '../routes/file-inputs.js';

export interface BacklinksMemo {
  key: string;
  /** Per target node key, its backlinks as byTarget gave them, as JSON: an array of each one's
   * FIELDS (undefined: none). */
  byTarget: [string, string | undefined][];
  /** How many relations point at each node, when the build counted them (to split the knowledge
   * graph): a rebuild whose backlinks are unchanged splits it without working out every relation. */
  relationCounts?: [string, number][];
}

export const backlinksKey = (site: OrderedSite) => {
  const inputs = fileInputs(site);
  return hashOf('backlinks', inputs.articles(), inputs.mentions(), inputs.terms());
};

export interface MemoizedBacklinks {
  backlinks: BacklinkResult;
  /** What the next build can reuse: the memo given, when it served everything asked of it. */
  next(): BacklinksMemo;
}

/** This build's backlinks: from `memo` when its key is this site's, else (and for anything it lacks) from `build`.
 * Nothing is worked out, not even the key, until backlinks are first asked for (the build hands the
 * shards their recommendations first). */
export function memoizedBacklinks(site: OrderedSite, build: () => BacklinkResult, memo?: BacklinksMemo): MemoizedBacklinks {
  let known: { key: string; kept?: Map<string, string | undefined> } | undefined;
  const keyed = () => (known ??= keyedMemo(site, memo));
  let built: BacklinkResult | undefined;
  const full = () => (built ??= build());
  const asked = new Map<string, Backlink[] | undefined>();
  let counts: ReadonlyMap<string, number> | undefined;
  return {
    backlinks: {
      byTarget: {
        get(target) {
          const { kept } = keyed();
          if (!asked.has(target)) asked.set(target, kept?.has(target) ? parsed(kept.get(target)) : full().byTarget.get(target));
          return asked.get(target);
        },
      },
      get relations() {
        return full().relations;
      },
      get relationCounts() {
        return (counts ??= keyed().kept && memo?.relationCounts ? new Map(memo.relationCounts) : full().relationCounts);
      },
      get key() {
        return keyed().key;
      },
    },
    next: () => {
      const { key, kept } = keyed();
      if (memo && kept && !built) return memo;
      // What the memo held for these inputs, what this build asked for, and (once they were worked
      // out in full anyway) every term's: a rebuild asks only for the term pages whose fingerprint
      // changed, and a memo of those alone made every later rebuild work them all out again (2 s
      // and 3 s of rendering at 50,000 articles, each time).
      const byTarget = new Map(kept);
      for (const [target, links] of asked) byTarget.set(target, asText(links));
      if (built) for (const term of site.terms) byTarget.set(nodeKey('glossary', term.slug), asText(built.byTarget.get(nodeKey('glossary', term.slug))));
      const relationCounts = counts ?? (kept && memo?.relationCounts ? new Map(memo.relationCounts) : undefined);
      return { key, byTarget: [...byTarget], ...(relationCounts ? { relationCounts: [...relationCounts] } : {}) };
    },
  };
}

/** A backlink's fields, in the order the memo keeps them (without their names: half the text). */
const FIELDS = ['fromType', 'fromSlug', 'fromTitle', 'toType', 'toSlug', 'toTitle', 'relationship', 'kind', 'strength', 'context'] as const satisfies readonly (keyof Backlink)[];
/** Every field of a backlink is kept: a field added to Backlink and not to FIELDS fails to compile. */
const EVERY_FIELD_KEPT: [Exclude<keyof Backlink, (typeof FIELDS)[number]>] extends [never] ? true : never = true;
void EVERY_FIELD_KEPT;

/** A target's backlinks as the memo keeps them: each an array of its FIELDS, as JSON. */
const asText = (links: Backlink[] | undefined) => links && JSON.stringify(links.map((b) => FIELDS.map((f) => b[f])));

/** A target's backlinks as the memo keeps them (each an array of its FIELDS), made objects again. */
function parsed(json: string | undefined): Backlink[] | undefined {
  if (json === undefined) return undefined;
  return (JSON.parse(json) as unknown[][]).map((values) => Object.fromEntries(FIELDS.map((f, i) => [f, values[i]])) as unknown as Backlink);
}

/** This site's key, and the memo's backlinks when the memo was made for it. */
function keyedMemo(site: OrderedSite, memo?: BacklinksMemo): { key: string; kept?: Map<string, string | undefined> } {
  const key = backlinksKey(site);
  return { key, kept: memo?.key === key ? new Map(memo.byTarget) : undefined };
}
