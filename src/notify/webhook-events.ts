/**
 * The build-side webhook events (spec §9 "Integrations events") from the manifest diff: a created or
 * updated article or glossary term gives article.created/updated or term.created/updated; any deleted
 * entity gives content.deleted. Datasets have no created/updated event in the spec, so a new or
 * changed dataset is announced through IndexNow only. Each new correction of an article published
 * before gives article.corrected (issue 17), with the correction in its data.
 * Reads: nothing (pure). Writes: nothing.
 */
import type { Changes, ManifestCorrection } from '../passes/manifest.js';
import type { WebhookEventName } from './constants.js';

/** What an event says about one entity. */
export interface EntityData {
  /** The manifest key, e.g. `article:privilege-basics`, `glossary:hash-value`. */
  key: string;
  type: 'article' | 'term' | 'dataset';
  slug: string;
  /** The entity's page on the site. */
  url: string;
  /** article.corrected only: the correction, and its entry in the article's "Changes". */
  correction?: ManifestCorrection & { url: string };
}

export interface WebhookEvent {
  event: WebhookEventName;
  data: EntityData;
}

const KINDS: Record<string, { type: EntityData['type']; path: string }> = {
  article: { type: 'article', path: '/articles/' },
  glossary: { type: 'term', path: '/glossary/' },
  dataset: { type: 'dataset', path: '/datasets/' },
};

/** Events in order: created, updated, corrected, deleted; each list in manifest-key order. */
export function webhookEvents(changes: Pick<Changes, 'created' | 'updated' | 'deleted' | 'corrected'>, baseUrl: string): WebhookEvent[] {
  const data = (key: string): EntityData | undefined => {
    const [kind, ...rest] = key.split(':');
    const k = KINDS[kind];
    const slug = rest.join(':');
    return k && { key, type: k.type, slug, url: `${baseUrl}${k.path}${slug}` };
  };
  const events: WebhookEvent[] = [];
  const add = (keys: string[], name: (d: EntityData) => WebhookEventName | undefined) => {
    for (const key of keys) {
      const d = data(key);
      const event = d && name(d);
      if (d && event) events.push({ event, data: d });
    }
  };
  add(changes.created, (d) => (d.type === 'article' ? 'article.created' : d.type === 'term' ? 'term.created' : undefined));
  add(changes.updated, (d) => (d.type === 'article' ? 'article.updated' : d.type === 'term' ? 'term.updated' : undefined));
  for (const c of changes.corrected ?? []) {
    const d = data(c.key);
    if (d?.type === 'article') events.push({ event: 'article.corrected', data: { ...d, correction: { id: c.id, date: c.date, summary: c.summary, url: `${d.url}#${c.id}` } } });
  }
  add(changes.deleted, () => 'content.deleted');
  return events;
}
