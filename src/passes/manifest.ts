/**
 * The content manifest and IndexNow URL lists (spec §7 "Writes"). The manifest maps each article,
 * term and dataset to a hash of its source, and lists each article's corrections; diffing it with
 * the previous build's manifest gives what was created, updated and deleted, the corrections that
 * are new (issue 17: notify's article.corrected), and from that the spec's four URL lists.
 * Reads: article hashes and corrections, terms, datasets, the previous manifest. Writes: manifest, changes.
 */
import { createHash } from 'node:crypto';
import type { Article, Dataset, Term } from '../model.js';
import type { LoggedChange } from './change-log.js';

/** A correction as the manifest records it. */
export interface ManifestCorrection {
  /** Its anchor on the article page. */
  id: string;
  date: string;
  summary: string;
}

export interface Manifest {
  version: 1;
  entities: Record<string, string>;
  /** Per article key (`article:{slug}`), its corrections, newest first; only articles that have any.
   * Absent from manifests made before corrections were recorded. */
  corrections?: Record<string, ManifestCorrection[]>;
  /** The slugs of the articles that have no answer (and so no `.answer.json`), sorted. Absent from
   * manifests made before it was recorded: then every article's answer file is listed, as before. */
  unanswered?: string[];
}

/** A correction that was not in the previous manifest, of an article that was. */
export interface NewCorrection extends ManifestCorrection {
  /** The article's manifest key. */
  key: string;
}

export interface Changes {
  created: string[];
  updated: string[];
  deleted: string[];
  /** Absent from changes files made before corrections were recorded. */
  corrected?: NewCorrection[];
  urls: { article: string[]; glossary: string[]; dataset: string[]; site: string[] };
}

const hash = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 16);

/** An article's entry: a hash of the whole article, body included. Taken where the body is (src/engine). */
export const articleManifestHash = (a: Article): string => hash({ ...a, file: undefined });

export function buildManifest(articles: { slug: string; manifestHash: string; corrections?: LoggedChange[]; answered?: boolean }[], terms: Term[], datasets: Dataset[]): Manifest {
  const entities: Record<string, string> = {};
  const corrections: Record<string, ManifestCorrection[]> = {};
  const unanswered: string[] = [];
  for (const a of [...articles].sort((x, y) => x.slug.localeCompare(y.slug))) {
    entities[`article:${a.slug}`] = a.manifestHash;
    if (a.corrections?.length) corrections[`article:${a.slug}`] = a.corrections.map((c) => ({ id: c.id, date: c.date, summary: c.summary }));
    if (a.answered === false) unanswered.push(a.slug);
  }
  for (const t of [...terms].sort((x, y) => x.slug.localeCompare(y.slug))) entities[`glossary:${t.slug}`] = hash({ ...t, file: undefined });
  for (const d of [...datasets].sort((x, y) => x.slug.localeCompare(y.slug))) entities[`dataset:${d.slug}`] = hash({ ...d, file: undefined });
  return { version: 1, entities, corrections, ...(unanswered.length ? { unanswered } : {}) };
}

/**
 * The corrections in `current` that `previous` did not have, of articles `previous` had (a new
 * article is announced as created; its corrections with it). A previous manifest made before
 * corrections were recorded has no list to compare with: then the corrections of the articles that
 * changed since are announced.
 */
export function newCorrections(previous: Manifest | undefined, current: Manifest): NewCorrection[] {
  if (!previous) return [];
  // The previous manifest was read from disk: a list that is not one counts as none.
  const lists = previous.corrections && typeof previous.corrections === 'object' ? previous.corrections : undefined;
  const out: NewCorrection[] = [];
  for (const [key, list] of Object.entries(current.corrections ?? {})) {
    if (!(key in previous.entities)) continue;
    const before = lists ? new Set((Array.isArray(lists[key]) ? lists[key] : []).map((c) => c?.id)) : undefined;
    if (!before && previous.entities[key] === current.entities[key]) continue;
    for (const c of list) if (!before?.has(c.id)) out.push({ key, ...c });
  }
  return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
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
  // An answer file is listed only where there is one, or was one: IndexNow is told of pages to
  // fetch again (a deleted article's, to find them gone), not of addresses that never existed.
  const unansweredIn = (m: Manifest | undefined) => new Set(Array.isArray(m?.unanswered) ? m.unanswered : []);
  const [unansweredNow, unansweredBefore] = [unansweredIn(current), unansweredIn(previous)];
  const hadAnswer = (s: string) => (`article:${s}` in current.entities ? !unansweredNow.has(s) : !unansweredBefore.has(s));
  const articleUrls = (s: string) => [u(`/articles/${s}`), u(`/articles/${s}.json`), ...(hadAnswer(s) ? [u(`/articles/${s}.answer.json`)] : [])];
  const termSlugs = of('glossary');
  const datasetSlugs = of('dataset');
  const unique = (list: string[]) => [...new Set(list)];
  return {
    created,
    updated,
    deleted,
    corrected: newCorrections(previous, current),
    urls: {
      article: articleSlugs.length ? unique([...articleSlugs.flatMap(articleUrls), u('/articles'), u('/articles/index.json'), u('/sitemap.xml')]) : [],
      glossary: termSlugs.length ? unique([u('/glossary'), u('/glossary.json'), ...termSlugs.map((s) => u(`/glossary/${s}`))]) : [],
      dataset: datasetSlugs.length ? unique([...datasetSlugs.flatMap((s) => [u(`/datasets/${s}`), u(`/datasets/${s}.json`)]), u('/datasets/index.json')]) : [],
      site: touched.length ? ['/', '/articles', '/glossary', '/for-ai-systems', '/sitemap.xml', '/feed.xml'].map(u) : [],
    },
  };
}
