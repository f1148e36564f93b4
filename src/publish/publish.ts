/**
 * One publish of dist/ to an object store, in the order that keeps the live site consistent:
 *   0. refuse a folder that is not a complete legalsite build (complete-build.ts), and a --prune
 *      that would delete more than --max-deletes objects, before anything is changed; take the
 *      output folder's lock (write/output-lock.ts) until the end, so no build commits meanwhile;
 *   1. mark the folder's publish to this place as unfinished, before the bucket is even read, so
 *      that notify announces nothing until one has gone through (unfinished-mark.ts); hash dist/
 *      and read the publish manifest (and, with --prune, list the bucket);
 *   2. keep the content manifest that was live before this build's, for `legalsite notify`: in
 *      `{out}/_legalsite/last-published-manifest.json`, and in the bucket while this build's is not
 *      live yet (so a rerun from a fresh checkout after a publish cut short still has it); both before
 *      anything is uploaded, so a folder that cannot take the copy fails with nothing changed;
 *   3. record every key about to be uploaded in the publish manifest as pending (new ones with no
 *      hash, changed ones marked), so a publish stopped anywhere leaves a manifest the next can
 *      trust; upload the new ones (nothing live links to them yet), then, only if all succeeded,
 *      the changed objects (plan.ts);
 *   4. only if all of them succeeded: upload `_legalsite/*` (the content manifest), then delete what
 *      --prune found (a hashed asset only an hour after a publish first found it gone: plan.ts);
 *      a run with any failed upload deletes nothing;
 *   5. write the publish manifest last (on failure it records the uploads that did succeed, so a
 *      retry sends only what is still missing); a publish that went through removes the stored
 *      "before" of step 2, and the mark of step 1.
 * With dryRun it stops after planning and changes nothing anywhere.
 * Reads: the output folder, the bucket. Writes: the bucket, `{out}/_legalsite/last-published-manifest.json`, the mark
 * `{out}.legalsite-publish-unfinished.json`, and the output folder's lock file `{out}.legalsite-lock` while it runs.
 */
import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { UsageError } from '../diagnostics/diagnostic.js';
import { lockOutputFolder } from '../write/output-lock.js';
import { assertCompleteBuild } from './complete-build.js';
import { type LocalObject, readLocalObjects } from './local-files.js';
import type { ObjectStore } from './object-store.js';
import { isEmptyPlan, planPublish, type PublishPlan, uploadsOf } from './plan.js';
import { createProgress } from './progress.js';
import { markPublishDone, markPublishStarted } from './unfinished-mark.js';
import {
  CONTENT_MANIFEST_PATH,
  LAST_PUBLISHED_PATH,
  parsePublishManifest,
  PENDING_SHA256,
  PREVIOUS_MANIFEST_KEY,
  PUBLISH_MANIFEST_KEY,
  serializePublishManifest,
  type PublishedObject,
} from './publish-manifest.js';
import { deleteObjects, uploadObjects, type Failure } from './upload.js';

export interface PublishOptions {
  /** Absolute path of the output folder. */
  outDir: string;
  /** The folder as the user typed it, for messages. */
  outLabel: string;
  /** Normalised key prefix ('' or 'path/'). */
  prefix: string;
  dryRun: boolean;
  prune: boolean;
  /** The most objects --prune may delete in one run (`--max-deletes`, default 256). */
  maxDeletes: number;
  concurrency: number;
  /** Prints progress lines during long uploads (a terminal only). */
  progress?: (line: string) => void;
}

export interface PublishResult {
  plan: PublishPlan;
  dryRun: boolean;
  uploaded: string[];
  deleted: string[];
  /** Keys that failed to upload or delete. */
  failed: Failure[];
  /** True when --prune had deletes to do but they were skipped because an upload failed. */
  deletesSkipped: boolean;
  /** Uploads not tried because one before them failed (changed pages wait for every new object). */
  heldBack: number;
  /** The bucket had a publish manifest, so what is live was known and the order kept it whole: with
   * none (a first publish, or one deleted to force a full upload), every key counts as new. */
  orderKept: boolean;
  /** True when --prune would delete more than maxDeletes objects (a dry run reports it; a real run is refused). */
  overDeleteLimit: boolean;
}

/** The default of `--max-deletes`, as `hugo deploy`'s: a normal publish deletes a few pages, not hundreds. */
export const DEFAULT_MAX_DELETES = 256;

const EMPTY_CONTENT_MANIFEST = `${JSON.stringify({ version: 1, entities: {} }, null, 2)}\n`;

/** Publishes `opts.outDir` to `store` and reports what it did; throws StorageError if the store is unusable. */
export async function publishSite(store: ObjectStore, opts: PublishOptions): Promise<PublishResult> {
  assertCompleteBuild(opts.outDir, opts.outLabel);
  // Held while the folder is hashed and uploaded: a build committing meanwhile would have this
  // publish send a mix of two builds, recorded under hashes of neither. A dry run changes nothing.
  const lock = opts.dryRun ? undefined : lockOutputFolder(opts.outDir);
  try {
    return await publishLocked(store, opts);
  } finally {
    lock?.release();
  }
}

async function publishLocked(store: ObjectStore, opts: PublishOptions): Promise<PublishResult> {
  const { prefix } = opts;
  const local = await readLocalObjects(opts.outDir, opts.outLabel);
  // Until this publish has gone through, notify must not announce this build's pages: some may not
  // be live. Before the bucket is read: a publish that cannot reach it has not gone through either.
  if (!opts.dryRun) await markPublishStarted(opts.outDir, store.place ?? store.name);
  const remote = parsePublishManifest(await store.getText(prefix + PUBLISH_MANIFEST_KEY));
  const liveContentManifest = await store.getText(prefix + CONTENT_MANIFEST_PATH);
  const storedPrevious = await store.getText(prefix + PREVIOUS_MANIFEST_KEY);
  const listed = opts.prune ? (await store.list(prefix)).map((o) => ({ ...o, key: o.key.slice(prefix.length) })) : undefined;
  const plan = planPublish(local, remote, listed);
  const overDeleteLimit = plan.delete.length > opts.maxDeletes;
  const result: PublishResult = { plan, dryRun: opts.dryRun, uploaded: [], deleted: [], failed: [], deletesSkipped: false, heldBack: 0, orderKept: remote !== undefined, overDeleteLimit };
  if (opts.dryRun) return result;
  if (overDeleteLimit) throw new UsageError(deleteLimitMessage(plan.delete.length, opts.maxDeletes, store.name));
  const storedNow = await keepManifestBefore(store, opts, liveContentManifest, storedPrevious);
  // Every key this run will touch is recorded first: new ones pending, changed and pruned ones marked
  // so, so a publish stopped anywhere leaves a manifest the next run can trust (publish-manifest.ts).
  const objects: Record<string, PublishedObject> = { ...(remote?.objects ?? {}) };
  for (const o of plan.uploadNew) objects[o.key] = { ...headersOf(o), sha256: PENDING_SHA256 };
  for (const key of [...plan.upload, ...plan.uploadLast].map((o) => o.key)) if (objects[key]) objects[key] = { ...objects[key], pending: true };
  if (uploadsOf(plan).length) await putPublishManifest(store, prefix, objects);

  const progress = createProgress(uploadsOf(plan).length, opts.progress ?? (() => {}), Boolean(opts.progress));
  const transfer = { outDir: opts.outDir, prefix, concurrency: opts.concurrency, progress };
  const etags = new Map<string, string>();
  for (const step of [plan.uploadNew, plan.upload, plan.uploadLast]) {
    if (result.failed.length) {
      result.heldBack += step.length;
      continue;
    }
    const sent = await uploadObjects(store, step, transfer);
    result.uploaded.push(...sent.done);
    result.failed.push(...sent.failed);
    for (const [key, etag] of sent.etags) etags.set(key, etag);
  }
  if (result.failed.length === 0) {
    // Keys about to be deleted, recorded as pending (as new keys are) only now that the deletions
    // will run: one stopped among them leaves each key either gone (forgotten by the next --prune)
    // or there (deleted by it), and a key restored by a later build is sent first, as new.
    for (const key of plan.delete) if (objects[key]) objects[key] = { contentType: objects[key].contentType, cacheControl: objects[key].cacheControl, sha256: PENDING_SHA256 };
    if (plan.delete.length) await putPublishManifest(store, prefix, objects);
    const removed = await deleteObjects(store, plan.delete, { prefix, concurrency: opts.concurrency });
    result.deleted.push(...removed.done);
    result.failed.push(...removed.failed);
  } else {
    result.deletesSkipped = plan.delete.length > 0;
  }

  if (!isEmptyPlan(plan)) {
    for (const key of [...result.deleted, ...plan.forget]) delete objects[key];
    // Retired from the moment the pages that used them went live: a publish that did not go through
    // leaves them as they were.
    if (result.failed.length === 0) for (const key of plan.retire) objects[key] = { ...objects[key], retired: new Date().toISOString() };
    for (const key of plan.unretire) {
      const { retired: _, ...kept } = objects[key];
      objects[key] = kept;
    }
    const byKey = new Map(local.map((o) => [o.key, o]));
    for (const key of result.uploaded) {
      const o = byKey.get(key)!;
      const etag = etags.get(key);
      objects[key] = { ...headersOf(o), sha256: o.sha256, ...(etag ? { etag } : {}) };
    }
    // What a failed upload or deletion left stays pending: the next run sends or deletes it again.
    // Unchanged keys are already in the remote manifest with these values; a missing manifest means
    // nothing is unchanged, so no entry is lost. A new key whose upload failed stays pending.
    await putPublishManifest(store, prefix, objects);
  }
  // A publish that went through needs no stored "before" any more: a later publish of a build whose
  // content manifest is the same would otherwise announce these changes again. Best effort: left
  // behind, it only repeats an announcement.
  if (result.failed.length === 0 && (storedNow || storedPrevious !== undefined)) await store.delete(prefix + PREVIOUS_MANIFEST_KEY).catch(() => {});
  if (result.failed.length === 0) await markPublishDone(opts.outDir, store.place ?? store.name);
  return result;
}

/** The headers a manifest entry records of a local object. */
const headersOf = (o: LocalObject): Omit<PublishedObject, 'sha256'> => ({ contentType: o.contentType, cacheControl: o.cacheControl, ...(o.websiteRedirect ? { websiteRedirect: o.websiteRedirect } : {}) });

function putPublishManifest(store: ObjectStore, prefix: string, objects: Record<string, PublishedObject>): Promise<unknown> {
  return store.put(prefix + PUBLISH_MANIFEST_KEY, serializePublishManifest(objects), { contentType: 'application/json; charset=utf-8', cacheControl: 'no-cache' });
}

/** A content manifest's text with `publishedTo` (the publish's target) added; any other text as it is. */
function withTarget(manifest: string, target: string): string {
  try {
    const data = JSON.parse(manifest);
    if (data && typeof data === 'object' && !Array.isArray(data)) return `${JSON.stringify({ ...data, publishedTo: target }, null, 2)}\n`;
  } catch {
    // Not JSON: notify will not take it for a manifest.
  }
  return manifest;
}

/** Why a publish that would delete too much was refused, and what to do. */
export function deleteLimitMessage(deletes: number, maxDeletes: number, target: string): string {
  return (
    `--prune would delete ${deletes} objects from ${target}, more than --max-deletes ${maxDeletes}; nothing was uploaded or deleted. ` +
    `Check --out, --bucket and --prefix (run with --dry-run to see the list); if every deletion is intended, pass --max-deletes ${deletes}.`
  );
}

/**
 * Keeps the content manifest that was live before this build's, for notify, before anything is
 * uploaded. While this build's manifest is not live, that is the live one, and it is also stored in
 * the bucket; unless one is stored already (a publish that did not go through, whose changes notify
 * never announced), which stands. Once it is live (the same build published again, or a rerun after a publish cut short
 * after the content manifest went up), it is the one stored then; a bucket an older legalsite
 * published has none, and an existing local copy is kept, else the live manifest stands (nothing to
 * announce), as before.
 */
async function keepManifestBefore(store: ObjectStore, opts: PublishOptions, live: string | undefined, storedPrevious: string | undefined): Promise<boolean> {
  const copy = path.join(opts.outDir, LAST_PUBLISHED_PATH);
  const current = readFileSync(path.join(opts.outDir, CONTENT_MANIFEST_PATH), 'utf8');
  // The local copy says where it was published, which notify names: the baseline is the last publish's.
  const keep = (manifest: string) => writeFile(copy, withTarget(manifest, store.name));
  if (live === current) {
    if (storedPrevious !== undefined) await keep(storedPrevious);
    else if (!existsSync(copy)) await keep(live);
    return false;
  }
  // A stored "before" means the last publish did not go through: its changes were never announced,
  // so what this one changed is counted from there, not from what it left live.
  const before = storedPrevious ?? live ?? EMPTY_CONTENT_MANIFEST;
  await keep(before);
  if (storedPrevious === undefined) await store.put(opts.prefix + PREVIOUS_MANIFEST_KEY, before, { contentType: 'application/json; charset=utf-8', cacheControl: 'no-cache' });
  return true;
}
