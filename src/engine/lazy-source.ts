/**
 * Positions in an article file loaded by a shard: the main thread has only its digest, and needs a
 * line and column only when a site-wide check (semantics.ts) finds something wrong in it, so the file
 * is read and parsed again on the first lookup.
 */
import { readFileSync } from 'node:fs';
import { splitFrontMatter } from '../load/front-matter.js';
import type { YamlSource } from '../load/yaml-source.js';

export function lazyArticleSource(abs: string, rel: string): YamlSource {
  let parsed: YamlSource | undefined;
  return {
    file: rel,
    data: undefined,
    locate(path, key) {
      parsed ??= splitFrontMatter(readFileSync(abs, 'utf8'), rel).parsed?.source;
      return parsed?.locate(path, key) ?? { line: 1, column: 1 };
    },
  };
}
