/**
 * Decides what a publish does: which local objects to upload (new, or changed bytes or headers since
 * the publish manifest), which are unchanged, and with --prune which remote keys to delete: only keys
 * the publish manifest lists, so an object legalsite did not upload (another site's, a backup, media
 * put there by hand) is never deleted, whatever the prefix. The
 * `_legalsite/` files are uploaded last, after the site itself, so the stored content manifest only
 * ever describes content that is fully live.
 * Reads: nothing (pure). Writes: nothing.
 */
import type { LocalObject } from './local-files.js';
import { PUBLISH_MANIFEST_KEY, type PublishManifest } from './publish-manifest.js';

export interface PublishPlan {
  /** Pages, mirrors, feeds and assets to upload. */
  upload: LocalObject[];
  /** `_legalsite/*` to upload once every other upload has succeeded. */
  uploadLast: LocalObject[];
  unchanged: LocalObject[];
  /** Keys (relative to the prefix) to delete; only with --prune, and only keys legalsite published. */
  delete: string[];
}

/**
 * Compares dist/ with the publish manifest; `remoteKeys` (every key under the prefix, relative to it)
 * is given only when pruning. A key is deleted when the publish manifest records it as published and
 * dist/ no longer has it; with no publish manifest, nothing is.
 */
export function planPublish(local: LocalObject[], remote: PublishManifest | undefined, remoteKeys?: string[]): PublishPlan {
  const published = remote?.objects ?? {};
  const changed = local.filter((o) => {
    const p = published[o.key];
    return !p || p.sha256 !== o.sha256 || p.contentType !== o.contentType || p.cacheControl !== o.cacheControl || p.websiteRedirect !== o.websiteRedirect;
  });
  const isLast = (o: LocalObject) => o.key.startsWith('_legalsite/');
  const localKeys = new Set(local.map((o) => o.key));
  const changedKeys = new Set(changed.map((o) => o.key));
  return {
    upload: changed.filter((o) => !isLast(o)),
    uploadLast: changed.filter(isLast),
    unchanged: local.filter((o) => !changedKeys.has(o.key)),
    delete: (remoteKeys ?? []).filter((k) => Object.hasOwn(published, k) && !localKeys.has(k) && k !== PUBLISH_MANIFEST_KEY).sort(),
  };
}

/** True when the plan changes nothing in the bucket. */
export const isEmptyPlan = (plan: PublishPlan) => plan.upload.length + plan.uploadLast.length + plan.delete.length === 0;
