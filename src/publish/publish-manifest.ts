/**
 * The publish manifest: a JSON object stored in the bucket at `{prefix}_legalsite/publish-manifest.json`
 * that maps every key legalsite has published to the sha256 of its bytes and the headers it was stored
 * with. Comparing it with dist/ is how a publish knows what changed without downloading the site.
 * Reads: nothing. Writes: nothing (publish.ts stores it).
 */

/** What was uploaded under one key. */
export interface PublishedObject {
  sha256: string;
  contentType: string;
  cacheControl: string;
  /** The S3 website redirect it was stored with (a renamed article's or term's former address). */
  websiteRedirect?: string;
  /** The ETag the store gave the upload: --prune deletes the object only while it still has it, so
   * an object someone replaced since (a withdrawal notice put there by hand) is left. Absent in
   * manifests of older versions, and from stores that give none. */
  etag?: string;
  /** When a publish first found this hashed asset gone from dist/ (ISO 8601): --prune deletes it
   * only RETIRED_ASSET_GRACE_MS later, since pages cached before still load it. */
  retired?: string;
  /** Set, before a publish touches the key (uploads it again, or deletes it), until that publish
   * has gone through: a publish stopped meanwhile leaves the object old, new or gone, so the next
   * one sends it again (or, gone from dist/, deletes it) whatever its hash, and does not take a new
   * ETag for someone's hand. */
  pending?: true;
}

/** How long a hashed asset (a year's cache, `immutable`) outlives the build that stopped using it:
 * a page or search index cached before the publish (five minutes, more behind a CDN) still loads
 * it. Twelve times the pages' own cache time. */
export const RETIRED_ASSET_GRACE_MS = 60 * 60 * 1000;

/** The sha256 of a key recorded before its first upload (publish.ts): the upload may or may not have
 * happened, so the next publish sends it again, and --prune may delete it. Never a real digest. */
export const PENDING_SHA256 = 'pending';

export interface PublishManifest {
  version: 1;
  /** Keys relative to the prefix, sorted. */
  objects: Record<string, PublishedObject>;
}

/** The publish manifest's key, relative to the prefix. Never uploaded from dist/, never pruned. */
export const PUBLISH_MANIFEST_KEY = '_legalsite/publish-manifest.json';
/** The content manifest the build writes (entity → hash); uploaded with the site, last. */
export const CONTENT_MANIFEST_PATH = '_legalsite/manifest.json';
/**
 * Local only: the content manifest that was live in the bucket before the last publish of this dist/,
 * so `legalsite notify` can announce what that publish changed. Never uploaded.
 */
export const LAST_PUBLISHED_PATH = '_legalsite/last-published-manifest.json';
/**
 * In the bucket only: the content manifest that was live before this build's went live, stored before
 * any upload. A publish cut short after the content manifest went live, rerun from a fresh checkout,
 * finds the live manifest already equal to its own; this is what it was before. Removed once a
 * publish goes through; never pruned (the publish manifest does not list it).
 */
export const PREVIOUS_MANIFEST_KEY = '_legalsite/previous-manifest.json';

/** Parses a stored publish manifest; anything unreadable counts as none (everything is uploaded). */
export function parsePublishManifest(text: string | undefined): PublishManifest | undefined {
  if (text === undefined) return undefined;
  try {
    const data = JSON.parse(text);
    return data?.version === 1 && data.objects && typeof data.objects === 'object' ? data : undefined;
  } catch {
    return undefined;
  }
}

/** Serialises a manifest with sorted keys, so the stored object is stable. */
export function serializePublishManifest(objects: Record<string, PublishedObject>): string {
  const sorted = Object.fromEntries(Object.keys(objects).sort().map((k) => [k, objects[k]]));
  return `${JSON.stringify({ version: 1, objects: sorted } satisfies PublishManifest, null, 2)}\n`;
}
