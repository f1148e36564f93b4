/**
 * Step: load. The build cache (from disk, or serve's in memory) and every content file but the
 * articles: site.yaml, glossary terms, datasets, pages and templates, each validated against its
 * schema. Without a valid site.yaml the build still checks every other file, against a stand-in of
 * what can be read of it (validate/salvage.ts), and writes nothing. The id file is read later, while
 * the shards read the articles (id-file.ts).
 * Reads: the build cache, the content folder. Writes: nothing.
 */
import path from 'node:path';
import type { BuildCache } from '../engine/build-cache.js';
import { type LoadResult, readContent } from '../load/read-content.js';
import { PINPOINTS_FILE } from '../passes/pinpoints/record-format.js';
import type { FileStat } from '../file-stat.js';
import type { ContentSnapshot } from '../write/up-to-date.js';
import type { RejectedFile } from '../load/rejected-file.js';
import type { SiteSource } from '../model.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { salvageConfig } from '../validate/salvage.js';
import type { SemanticOptions } from '../validate/semantics.js';
import { loadDiskCache } from '../write/disk-cache.js';
import type { BuildRun } from './run.js';

export interface LoadedContent {
  cache?: BuildCache;
  loaded: LoadResult;
  /** The site as read (articles come later), or its stand-in when site.yaml is not valid. */
  source: SiteSource;
  /** Whether site.yaml was valid, so the site can be built and written. */
  buildable: boolean;
  /** How the site-wide checks read a site with a stand-in (validate/semantics.ts). */
  semantics: SemanticOptions;
  /** The id file (content/pinpoints.jsonl) as the build's first step found it (its stat and hash),
   * when it did: unchanged since, its index comes from the build cache (id-file.ts). */
  idFileSeen?: { stat: FileStat; hash: string; takenAt: number };
}

/** `snapshot`: the content as the first step found it (its files' stats and hashes), when taken.
 * `digests`: the build cache's article digests can spare reading articles (build/output.ts
 * mayUpdateOutput); otherwise only its memos and keys are read now, its digests later
 * (build/check-articles.ts). */
export function loadContent(run: BuildRun, snapshot?: ContentSnapshot, digests = true): LoadedContent {
  const { opts, diskFile, timed } = run;
  // serve keeps its cache for the session: it reads the whole of it now, not parts when first asked
  // for, as another build may rewrite the files meanwhile.
  const cache = diskFile && !opts.cache?.articles ? timed('cache-load', () => loadDiskCache(diskFile, opts.cache, { whole: Boolean(opts.cache), digests, damaged: (files) => run.cacheDamaged(files, diskFile) })) : opts.cache;
  const yamlMemo = cache && { previous: cache.yaml, next: new Map<string, unknown>() };
  const loaded = timed('load', () => readContent({ contentDir: opts.contentDir, cwd: run.cwd, yamlMemo, hashOf: snapshot && hashesOf(snapshot) }));
  if (cache && yamlMemo) cache.yaml = yamlMemo.next;
  const seen = snapshot?.files.find((f) => f[0] === PINPOINTS_FILE);
  const idFileSeen = seen && { stat: { size: seen[1], mtimeMs: seen[2], ctimeMs: seen[3], ino: seen[4] }, hash: seen[5], takenAt: snapshot!.takenAt };
  const siteFile = loaded.rejected.find((r) => r.schema === 'site');
  const standIn = loaded.site ? undefined : salvageConfig(siteFile?.data, siteFile?.problems ?? []);
  const source: SiteSource = loaded.site ?? { ...loaded.entities!, config: standIn!.config, configFile: run.rel(path.join(run.contentAbs, 'site.yaml')), articles: [] };
  const semantics: SemanticOptions = { tagsKnown: !standIn || standIn.tagsKnown, mayExist: excusedDownloads(source, loaded.rejected, loaded.diagnostics, run.rel(path.join(run.contentAbs, 'templates'))) };
  if (opts.baseUrl) source.config.baseUrl = opts.baseUrl.replace(/\/+$/, '');
  return { cache, loaded, source, buildable: Boolean(loaded.site), semantics, idFileSeen };
}

/** The content hash of a file the snapshot holds, by its path in the content folder. The articles
 * are left out: they are read on the shards, which know them by their stats (engine/article-index.ts). */
function hashesOf(snapshot: ContentSnapshot): (contentPath: string) => string | undefined {
  const hashes = new Map(snapshot.files.filter((f) => !f[0].startsWith('articles/')).map((f) => [f[0], f[5]]));
  return (contentPath) => hashes.get(contentPath);
}

/** Downloads not reported as missing, since a file's own error already is: when
 * templates/index.yaml could not be parsed, the PDFs it may list (generated from a Markdown template
 * of the same name); and a template that is there but could not be read (fixing its permissions
 * makes every link to it good, so "did you mean" another file would mislead). */
function excusedDownloads(source: SiteSource, rejected: RejectedFile[], diagnostics: Diagnostic[], templatesDir: string): Set<string> | undefined {
  const excused = new Set<string>();
  if (rejected.some((r) => r.schema === 'templates-index' && r.data === undefined)) {
    for (const t of source.templates) if (t.name.endsWith('.md')) excused.add(`/templates/${t.name.replace(/\.md$/, '.pdf')}`);
  }
  for (const d of diagnostics) {
    if (d.rule !== 'unreadable-file' || !d.file.startsWith(`${templatesDir}/`)) continue;
    const name = d.file.slice(templatesDir.length + 1);
    excused.add(`/templates/${name}`);
    if (name.endsWith('.md')) excused.add(`/templates/${name.replace(/\.md$/, '.pdf')}`);
  }
  return excused.size ? excused : undefined;
}
