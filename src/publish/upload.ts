/**
 * Uploads local objects to the store with bounded concurrency, reading each file only when it is
 * sent. One failed key never stops the others; every failure is returned with its reason.
 * Reads: the output folder. Writes: the bucket.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { LocalObject } from './local-files.js';
import type { ObjectStore } from './object-store.js';
import { runPool } from './pool.js';
import type { Progress } from './progress.js';

/** A key that could not be uploaded or deleted, and why. */
export interface Failure {
  key: string;
  reason: string;
}

export interface TransferResult {
  done: string[];
  failed: Failure[];
  /** The ETag the store gave each upload that has one, by key. */
  etags: Map<string, string>;
}

/** Uploads `objects` from `outDir` under `prefix`, `concurrency` at a time. */
export async function uploadObjects(store: ObjectStore, objects: LocalObject[], opts: { outDir: string; prefix: string; concurrency: number; progress: Progress }): Promise<TransferResult> {
  const result: TransferResult = { done: [], failed: [], etags: new Map() };
  await runPool(objects, opts.concurrency, async (o) => {
    try {
      const body = await readFile(path.join(opts.outDir, o.file));
      const { etag } = await store.put(opts.prefix + o.key, body, { contentType: o.contentType, cacheControl: o.cacheControl, ...(o.websiteRedirect ? { websiteRedirect: o.websiteRedirect } : {}) });
      result.done.push(o.key);
      if (etag) result.etags.set(o.key, etag);
    } catch (error) {
      result.failed.push({ key: o.key, reason: (error as Error).message });
    }
    opts.progress.tick();
  });
  return result;
}

/** Deletes `keys` (relative to `prefix`), `concurrency` at a time. */
export async function deleteObjects(store: ObjectStore, keys: string[], opts: { prefix: string; concurrency: number }): Promise<TransferResult> {
  const result: TransferResult = { done: [], failed: [], etags: new Map() };
  await runPool(keys, opts.concurrency, async (key) => {
    try {
      await store.delete(opts.prefix + key);
      result.done.push(key);
    } catch (error) {
      result.failed.push({ key, reason: `could not be deleted: ${(error as Error).message}` });
    }
  });
  return result;
}
