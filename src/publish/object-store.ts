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

/** An object a listing found, with its ETag (S3's tag of its bytes, quotes and all) when the store gives one. */
export interface ListedObject {
  key: string;
  etag?: string;
}

export interface ObjectStore {
  /** A human name for messages, e.g. `s3://bucket/prefix/`. */
  readonly name: string;
  /** Where the objects are, to tell two stores of the same name apart (the name and the endpoint):
   * the mark of an unfinished publish is kept by it. The name when absent. */
  readonly place?: string;
  /** The object's body as text, or undefined when there is no such key. */
  getText(key: string): Promise<string | undefined>;
  /** Stores the object; answers the ETag the store gave it, to know it again in a listing. */
  put(key: string, body: Uint8Array | string, headers: ObjectHeaders): Promise<{ etag?: string }>;
  delete(key: string): Promise<void>;
  /** Every object whose key starts with `prefix`. */
  list(prefix: string): Promise<ListedObject[]>;
}

/** Two ETags name the same bytes: compared without quotes or a weak mark (`W/`), which stores differ in. */
export const sameEtag = (a: string, b: string): boolean => a.replace(/^W\//, '').replace(/"/g, '') === b.replace(/^W\//, '').replace(/"/g, '');

/** A failure talking to the store that the user can fix (unreachable endpoint, no bucket, no access). */
export class StorageError extends Error {}
