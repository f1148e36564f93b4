/**
 * What notify announces. Preferred: dist/'s content manifest diffed against the manifest that was
 * live before the last `legalsite publish` of this dist/ (publish keeps it in
 * `_legalsite/last-published-manifest.json`), so a fresh CI checkout announces what the publish
 * changed. Fallback, without a publish: `_legalsite/changes.json`, what changed since the build that
 * was in dist/ before. Both give the spec's IndexNow lists (§7) through `diffManifests`.
 * Reads: the output folder. Writes: nothing.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { UsageError } from '../diagnostics/diagnostic.js';
import { readPreviousManifest } from '../load/read-previous-manifest.js';
import { diffManifests, type Changes, type Manifest } from '../passes/manifest.js';
import { LAST_PUBLISHED_PATH } from '../publish/publish-manifest.js';
import { readUnfinishedPublishes, UNKNOWN_TARGET } from '../publish/unfinished-mark.js';

export const CHANGES_PATH = '_legalsite/changes.json';

export interface ChangeSet {
  changes: Changes;
  /** Where the changes came from, for the report. */
  source: string;
  /** Set while the last publish of this output folder has not gone through: why not every page announced may be live. */
  unfinishedPublish?: string;
}

/** The changes to announce for the build in `outDir` (`outLabel` as the user typed it). */
export function readChanges(outDir: string, outLabel: string, baseUrl: string): ChangeSet {
  // read-previous-manifest reads `{out}/_legalsite/manifest.json`: here, the build being announced.
  const current = readPreviousManifest(outDir);
  if (!current) throw new UsageError(`${outLabel}/_legalsite/manifest.json not found (run \`legalsite build\` first, or pass --out DIR)`);
  const unfinishedPublish = unfinishedPublishOf(outDir, outLabel);
  const published = readManifest(path.join(outDir, LAST_PUBLISHED_PATH));
  if (published) {
    // Named, so a log shows which publish the changes are counted from (a staging publish after the
    // production one would count from staging's).
    const target = typeof published.publishedTo === 'string' ? `, to ${published.publishedTo}` : '';
    return { changes: diffManifests(published, current, baseUrl), source: `since the last publish${target} (${outLabel}/${LAST_PUBLISHED_PATH})`, unfinishedPublish };
  }
  const changes = readChangesFile(path.join(outDir, CHANGES_PATH));
  if (!changes) throw new UsageError(`${outLabel}/${CHANGES_PATH} is missing or unreadable; rebuild with \`legalsite build\``);
  return { changes, source: `since the previous build in ${outLabel}/ (${outLabel}/${CHANGES_PATH}; run \`legalsite publish\` first to announce what a publish changed)`, unfinishedPublish };
}

/** What the mark publishes leave until they have gone through says, as a sentence; undefined without one. */
function unfinishedPublishOf(outDir: string, outLabel: string): string | undefined {
  const listed = readUnfinishedPublishes(outDir);
  if (!listed) return undefined;
  const which = listed.map((p) => `to ${p.target}, started ${p.started}`).join('; ');
  return (
    `a \`legalsite publish\` of ${outLabel}/ has not gone through (${which}): an upload or a deletion failed, it was stopped, or it is still running, ` +
    `so some of the pages notify would announce may not be live (${outLabel}.legalsite-publish-unfinished.json). Run \`legalsite publish\` again; once it succeeds, run \`legalsite notify\`.` +
    (listed.some((p) => p.target === UNKNOWN_TARGET) ? ` The mark could not be read, so no publish can name itself in it: once every publish of ${outLabel}/ has gone through, remove ${outLabel}.legalsite-publish-unfinished.json and run \`legalsite notify\`.` : '')
  );
}

function readManifest(file: string): (Manifest & { publishedTo?: unknown }) | undefined {
  const data = readJson(file) as (Manifest & { publishedTo?: unknown }) | undefined;
  return data?.version === 1 && data.entities && typeof data.entities === 'object' ? data : undefined;
}

function readChangesFile(file: string): Changes | undefined {
  const data = readJson(file) as Changes | undefined;
  const lists = [data?.created, data?.updated, data?.deleted, data?.urls?.article, data?.urls?.glossary, data?.urls?.dataset, data?.urls?.site];
  if (!data || !lists.every(Array.isArray)) return undefined;
  // New corrections (absent from files of older builds); an entry that is not one is not announced.
  const text = (v: unknown) => typeof v === 'string';
  const corrected = Array.isArray(data.corrected) ? data.corrected.filter((c) => c && text(c.key) && text(c.id) && text(c.date) && text(c.summary)) : [];
  return { ...data, corrected };
}

function readJson(file: string): unknown {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}
