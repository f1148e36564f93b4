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
  /** The targets it holds, by node key. */
  targets: string[];
  /** Each target's backlinks as byTarget gave them, as the UTF-8 of their JSON (an array of each
   * one's FIELDS), one after another: target i's from ends[i - 1] (0 for the first) to ends[i],
   * none at all when that is empty. Bytes, not a string per target: at 50,000 articles the memo
   * holds 44 million characters, and reading them as 10,000 strings took a second of every rebuild
   * (a byte array is read as one copy). */
  texts: Uint8Array;
  ends: Int32Array;
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
  let known: { key: string; kept?: Map<string, number> } | undefined;
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
          if (!asked.has(target)) asked.set(target, kept?.has(target) ? parsed(textOf(memo!, kept.get(target)!)) : full().byTarget.get(target));
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
      const byTarget = new Map<string, Uint8Array>();
      if (kept) for (const [target, i] of kept) byTarget.set(target, bytesOf(memo!, i));
      for (const [target, links] of asked) byTarget.set(target, asBytes(links));
      if (built) for (const { slug } of site.terms) if (!asked.has(nodeKey('glossary', slug))) byTarget.set(nodeKey('glossary', slug), asBytes(built.byTarget.get(nodeKey('glossary', slug))));
      const relationCounts = counts ?? (kept && memo?.relationCounts ? new Map(memo.relationCounts) : undefined);
      return { key, ...joined(byTarget), ...(relationCounts ? { relationCounts: [...relationCounts] } : {}) };
    },
  };
}

/** A backlink's fields, in the order the memo keeps them (without their names: half the text). */
const FIELDS = ['fromType', 'fromSlug', 'fromTitle', 'toType', 'toSlug', 'toTitle', 'relationship', 'kind', 'strength', 'context'] as const satisfies readonly (keyof Backlink)[];
/** Every field of a backlink is kept: a field added to Backlink and not to FIELDS fails to compile. */
const EVERY_FIELD_KEPT: [Exclude<keyof Backlink, (typeof FIELDS)[number]>] extends [never] ? true : never = true;
void EVERY_FIELD_KEPT;

const NONE = new Uint8Array(0);

/** A target's backlinks as the memo keeps them: each an array of its FIELDS, as JSON, in UTF-8. */
const asBytes = (links: Backlink[] | undefined) => (links ? Buffer.from(JSON.stringify(links.map((b) => FIELDS.map((f) => b[f])))) : NONE);

/** The memo's columns of these targets' texts. */
function joined(byTarget: Map<string, Uint8Array>): Pick<BacklinksMemo, 'targets' | 'texts' | 'ends'> {
  const ends = new Int32Array(byTarget.size);
  let end = 0;
  let i = 0;
  for (const bytes of byTarget.values()) ends[i++] = end += bytes.length;
  return { targets: [...byTarget.keys()], texts: Buffer.concat([...byTarget.values()], end), ends };
}

/** Target i's bytes in the memo. */
const bytesOf = (memo: BacklinksMemo, i: number) => memo.texts.subarray(i ? memo.ends[i - 1] : 0, memo.ends[i]);

const decoder = new TextDecoder();

/** Target i's JSON in the memo, or undefined when it has no backlinks. */
function textOf(memo: BacklinksMemo, i: number): string | undefined {
  const bytes = bytesOf(memo, i);
  return bytes.length ? decoder.decode(bytes) : undefined;
}

/** A target's backlinks as the memo keeps them (each an array of its FIELDS), made objects again. */
function parsed(json: string | undefined): Backlink[] | undefined {
  if (json === undefined) return undefined;
  return (JSON.parse(json) as unknown[][]).map((values) => Object.fromEntries(FIELDS.map((f, i) => [f, values[i]])) as unknown as Backlink);
}

/** This site's key, and where each target's backlinks are in the memo when it was made for it. */
function keyedMemo(site: OrderedSite, memo?: BacklinksMemo): { key: string; kept?: Map<string, number> } {
  const key = backlinksKey(site);
  return { key, kept: memo?.key === key ? new Map(memo.targets.map((target, i) => [target, i])) : undefined };
}
