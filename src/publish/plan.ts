/**
 * Decides what a publish does, and in what order, so that no live page links to what is not there:
 * 1. keys new to the bucket (a new article's page and files, new hashed assets): nothing live links
 *    to them until a changed page does;
 * 2. once every one of those is up, the changed objects (the lists and pages that now link to them);
 * 3. `_legalsite/*` last, so the stored content manifest only ever describes content fully live;
 * within each, assets first, then other files, then pages. With --prune, which remote keys to
 * delete: only keys the publish manifest lists, so an object legalsite did not upload (another
 * site's, a backup, media put there by hand) is never deleted, whatever the prefix; and of those,
 * not one whose ETag is no longer the one legalsite's upload got (someone replaced it since); a
 * hashed asset is retired first, and deleted only by a publish RETIRED_ASSET_GRACE_MS later, since
 * a page or search index cached before the publish still loads it.
 * Reads: nothing (pure). Writes: nothing.
 */
import type { LocalObject } from './local-files.js';
import { type ListedObject, sameEtag } from './object-store.js';
import { IMMUTABLE } from './content-types.js';
import { PENDING_SHA256, PUBLISH_MANIFEST_KEY, type PublishManifest, RETIRED_ASSET_GRACE_MS } from './publish-manifest.js';

export interface PublishPlan {
  /** Objects the bucket never had from legalsite (or a publish recorded and may not have sent). */
  uploadNew: LocalObject[];
  /** Changed pages, mirrors, feeds and assets, once every new one is up. */
  upload: LocalObject[];
  /** `_legalsite/*` to upload once every other upload has succeeded. */
  uploadLast: LocalObject[];
  unchanged: LocalObject[];
  /** Keys (relative to the prefix) to delete; only with --prune, and only keys legalsite published. */
  delete: string[];
  /** Keys --prune leaves although dist/ no longer has them: someone replaced the object since
   * legalsite uploaded it (its ETag changed). */
  keptChanged: string[];
  /** Hashed assets dist/ no longer has, first found so now: recorded as retired, deleted later. */
  retire: string[];
  /** Retired hashed assets whose grace has not run out: left for a later --prune. */
  retiring: string[];
  /** Keys recorded as retired that dist/ has again: no longer retired. */
  unretire: string[];
  /** Keys recorded as pending (a publish stopped before sending them) that neither dist/ nor the
   * bucket has: never stored, nothing to delete; dropped from the publish manifest. */
  forget: string[];
}

/**
 * Compares dist/ with the publish manifest; `listed` (every object under the prefix, keys relative
 * to it) is given only when pruning. A key is deleted when the publish manifest records it as
 * published, dist/ no longer has it, and the object is still the one uploaded; with no publish
 * manifest, nothing is.
 */
export function planPublish(local: LocalObject[], remote: PublishManifest | undefined, listed?: ListedObject[], now = Date.now()): PublishPlan {
  const published = remote?.objects ?? {};
  const changed = local.filter((o) => {
    const p = published[o.key];
    return !p || p.pending || p.sha256 !== o.sha256 || p.contentType !== o.contentType || p.cacheControl !== o.cacheControl || p.websiteRedirect !== o.websiteRedirect;
  });
  const isLast = (o: LocalObject) => o.key.startsWith('_legalsite/');
  const isNew = (o: LocalObject) => !Object.hasOwn(published, o.key) || published[o.key].sha256 === PENDING_SHA256;
  const localKeys = new Set(local.map((o) => o.key));
  const changedKeys = new Set(changed.map((o) => o.key));
  const gone = (listed ?? []).filter(({ key }) => Object.hasOwn(published, key) && !localKeys.has(key) && key !== PUBLISH_MANIFEST_KEY);
  // A key a stopped publish may have touched (pending) has no ETag to go by.
  const replaced = ({ key, etag }: ListedObject) => !published[key].pending && published[key].etag !== undefined && etag !== undefined && !sameEtag(published[key].etag!, etag);
  const ours = gone.filter((o) => !replaced(o)).map((o) => o.key);
  const hashed = (key: string) => published[key].cacheControl === IMMUTABLE;
  const retiredAt = (key: string) => Date.parse(published[key].retired ?? '');
  const graceOver = (key: string) => now - retiredAt(key) >= RETIRED_ASSET_GRACE_MS;
  return {
    uploadNew: inOrder(changed.filter((o) => !isLast(o) && isNew(o))),
    upload: inOrder(changed.filter((o) => !isLast(o) && !isNew(o))),
    uploadLast: changed.filter(isLast),
    unchanged: local.filter((o) => !changedKeys.has(o.key)),
    delete: ours.filter((key) => !hashed(key) || graceOver(key)).sort(),
    keptChanged: gone.filter(replaced).map((o) => o.key).sort(),
    retire: ours.filter((key) => hashed(key) && Number.isNaN(retiredAt(key))).sort(),
    retiring: ours.filter((key) => hashed(key) && !Number.isNaN(retiredAt(key)) && !graceOver(key)).sort(),
    unretire: local.filter((o) => published[o.key]?.retired !== undefined).map((o) => o.key),
    forget: listed ? neverStored(published, localKeys, listed) : [],
  };
}

/** Keys recorded as pending that neither dist/ nor the bucket's listing has. */
function neverStored(published: PublishManifest['objects'], localKeys: Set<string>, listed: ListedObject[]): string[] {
  const inBucket = new Set(listed.map((o) => o.key));
  return Object.keys(published).filter((key) => published[key].sha256 === PENDING_SHA256 && !localKeys.has(key) && !inBucket.has(key)).sort();
}

/** Assets, then other files, then pages (what a page loads or links to before the page). */
function inOrder(objects: LocalObject[]): LocalObject[] {
  const rank = (o: LocalObject) => (o.key.startsWith('assets/') ? 0 : o.contentType.startsWith('text/html') ? 2 : 1);
  return objects.map((o, i) => ({ o, i, r: rank(o) })).sort((a, b) => a.r - b.r || a.i - b.i).map((x) => x.o);
}

/** Every upload of the plan, in its order. */
export const uploadsOf = (plan: PublishPlan): LocalObject[] => [...plan.uploadNew, ...plan.upload, ...plan.uploadLast];

/** True when the plan changes nothing in the bucket (its publish manifest included). */
export const isEmptyPlan = (plan: PublishPlan) => uploadsOf(plan).length + plan.delete.length + plan.retire.length + plan.unretire.length + plan.forget.length === 0;
