/**
 * The content manifest and IndexNow URL lists (spec §7 "Writes"). The manifest maps each article,
 * term and dataset to a hash of its source; diffing it with the previous build's manifest gives what
 * was created, updated and deleted, and from that the spec's four URL lists.
 * Reads: article hashes, terms, datasets, the previous manifest. Writes: manifest, changes.
 */
import { createHash } from 'node:crypto';
import type { Article, Dataset, Term } from '../model.js';

export interface Manifest {
  version: 1;
  entities: Record<string, string>;
}

export interface Changes {
  created: string[];
  updated: string[];
  deleted: string[];
  urls: { article: string[]; glossary: string[]; dataset: string[]; site: string[] };
}

const hash = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 16);

/** An article's entry: a hash of the whole article, body included. Taken where the body is (src/engine). */
export const articleManifestHash = (a: Article): string => hash({ ...a, file: undefined });

export function buildManifest(articles: { slug: string; manifestHash: string }[], terms: Term[], datasets: Dataset[]): Manifest {
  const entities: Record<string, string> = {};
  for (const a of [...articles].sort((x, y) => x.slug.localeCompare(y.slug))) entities[`article:${a.slug}`] = a.manifestHash;
  for (const t of [...terms].sort((x, y) => x.slug.localeCompare(y.slug))) entities[`glossary:${t.slug}`] = hash({ ...t, file: undefined });
  for (const d of [...datasets].sort((x, y) => x.slug.localeCompare(y.slug))) entities[`dataset:${d.slug}`] = hash({ ...d, file: undefined });
  return { version: 1, entities };
}

/** What changed since `previous` (everything is new when there is none), as entity keys and URLs. */
export function diffManifests(previous: Manifest | undefined, current: Manifest, baseUrl: string): Changes {
  const before = previous?.entities ?? {};
  const created = Object.keys(current.entities).filter((k) => !(k in before));
  const updated = Object.keys(current.entities).filter((k) => k in before && before[k] !== current.entities[k]);
  const deleted = Object.keys(before).filter((k) => !(k in current.entities)).sort();
  const touched = [...created, ...updated, ...deleted];
  const u = (p: string) => `${baseUrl}${p}`;
  const of = (kind: string) => touched.filter((k) => k.startsWith(`${kind}:`)).map((k) => k.slice(kind.length + 1)).sort();
  const articleSlugs = of('article');
  const termSlugs = of('glossary');
  const datasetSlugs = of('dataset');
  const unique = (list: string[]) => [...new Set(list)];
  return {
    created,
    updated,
    deleted,
    urls: {
      article: articleSlugs.length ? unique([...articleSlugs.flatMap((s) => [u(`/articles/${s}`), u(`/articles/${s}.json`), u(`/articles/${s}.answer.json`)]), u('/articles'), u('/articles/index.json'), u('/sitemap.xml')]) : [],
      glossary: termSlugs.length ? unique([u('/glossary'), u('/glossary.json'), ...termSlugs.map((s) => u(`/glossary/${s}`))]) : [],
      dataset: datasetSlugs.length ? unique([...datasetSlugs.flatMap((s) => [u(`/datasets/${s}`), u(`/datasets/${s}.json`)]), u('/datasets/index.json')]) : [],
      site: touched.length ? ['/', '/articles', '/glossary', '/for-ai-systems', '/sitemap.xml', '/feed.xml'].map(u) : [],
    },
  };
}
