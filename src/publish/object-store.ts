/**
 * The four object-storage operations a publish needs, as an interface, so the publish logic can be
 * tested against an in-memory store and run against S3 (s3-client.ts). Keys here are full keys,
 * prefix included.
 * Reads: nothing. Writes: nothing.
 */

/** The headers an object is stored with. */
export interface ObjectHeaders {
  contentType: string;
  cacheControl: string;
  /** S3's website redirect (`x-amz-website-redirect-location`): a website endpoint answers the key
   * with a 301 to this site path instead of the object. */
  websiteRedirect?: string;
}

export interface ObjectStore {
  /** A human name for messages, e.g. `s3://bucket/prefix/`. */
  readonly name: string;
  /** The object's body as text, or undefined when there is no such key. */
  getText(key: string): Promise<string | undefined>;
  put(key: string, body: Uint8Array | string, headers: ObjectHeaders): Promise<void>;
  delete(key: string): Promise<void>;
  /** Every key that starts with `prefix`. */
  list(prefix: string): Promise<string[]>;
}

/** A failure talking to the store that the user can fix (unreachable endpoint, no bucket, no access). */
export class StorageError extends Error {}
