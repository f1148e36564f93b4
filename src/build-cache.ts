/**
 * What a build can reuse from an earlier one in the same process (legalsite serve): article bodies
 * keyed by their source and the glossary they link against, rendered pages keyed by everything they
 * are rendered from, and the client bundle keyed by its sources. Keys are content hashes, so a
 * reused value is exactly what a cold build would compute. One cache per serve session; never shared
 * between sites.
 */
import { createHash } from 'node:crypto';
import type { ArticleBody } from './passes/article-html.js';
import type { ClientBundle } from './bundle/client-bundle.js';

export interface BuildCache {
  articleBodies: Map<string, ArticleBody>;
  /** Parsed YAML data by text hash (load). */
  yaml: Map<string, unknown>;
  pages: Map<string, string>;
  bundle?: { key: string; value: ClientBundle };
  /** Hash of every file written by the last build, for writing only what changed. */
  written: Map<string, string>;
}

export function createBuildCache(): BuildCache {
  return { articleBodies: new Map(), yaml: new Map(), pages: new Map(), written: new Map() };
}

export function hashOf(...parts: (string | Uint8Array)[]): string {
  const h = createHash('sha256');
  for (const p of parts) h.update(p).update('\u0000');
  return h.digest('hex');
}

/** Keeps only the entries used by the latest build, so a long serve session does not grow forever. */
export function pruneTo<K, V>(map: Map<K, V>, used: Set<K>): void {
  for (const key of map.keys()) if (!used.has(key)) map.delete(key);
}
