/**
 * What a build can reuse from an earlier one: parsed YAML by text hash, and the client bundle keyed
 * by its sources; every article as the last build knew it (article-index.ts); in `serve`,
 * also the shards (started once per session) and the records of what the output folder holds, so a rebuild makes only what changed. Keys are content
 * hashes, so a reused value is exactly what a cold build would compute. One cache per serve session
 * (or per content folder on disk); never shared between sites.
 */
import type { ClientBundle } from '../bundle/client-bundle.js';
import type { ArticleIndex } from './article-index.js';
import type { BacklinksMemo } from './backlinks-memo.js';
import type { CandidateMemo } from './candidate-memo.js';
import type { RowsMemo } from './file-rows.js';
import type { SearchMemo } from './search-index.js';
import type { ShardPool } from './shard-pool.js';
import type { OutputRecords } from '../write/output-records.js';
import type { PinsMemo } from '../load/pinpoints-file.js';

export interface BuildCache {
  /** Parsed YAML data by text hash (load). */
  yaml: Map<string, unknown>;
  /** Every article as the last build knew it (article-index.ts). */
  articles?: ArticleIndex;
  bundle?: { key: string; value: ClientBundle };
  /** The recommendation candidates the last build selected, and what from (candidate-memo.ts). */
  candidates?: CandidateMemo;
  /** Where each article's record is in the id file the last build read or wrote, while that file is
   * unchanged (load/pinpoints-file.ts). */
  pins?: PinsMemo;
  /** The backlinks the last build's pages showed, and what from (backlinks-memo.ts). */
  backlinks?: BacklinksMemo;
  /** The site search's inverted index as the last build left it (search-index.ts). */
  search?: SearchMemo;
  /** The files of rows the last build made, and where each row lies in them (file-rows.ts). */
  rows?: RowsMemo;
  /** serve: the shards, kept between builds with the articles they hold. */
  pool?: ShardPool;
  /** serve: what the last build left in the output folder. */
  outputs?: { outDir: string; records: OutputRecords };
}

export function createBuildCache(): BuildCache {
  return { yaml: new Map() };
}
