/**
 * Browser-only analytics (spec §3 "Analytics events", §9 "Analytics"): events are kept in
 * localStorage (at most 1000), buffered in memory and flushed on page unload; session ids are made in
 * the browser; bots record nothing. Also the spec's scores: trending (views, LLM use, citations,
 * recency) and the content trend score (age, tags, word count).
 */
import { isBot } from './bots.js';
import { hasFields, isCount, isDateString, isFiniteNumber, isRecord, isString, optional, readStoredList, writeStored, type StorageLike } from './storage.js';

export const MAX_EVENTS = 1000;
export const EVENTS_KEY = 'analytics:events';

export type AnalyticsEvent =
  | ({ kind: 'pageview'; url: string; title: string; referrer: string; userAgent: string; contentType: string; contentSlug?: string; scrollDepth: number; timeOnPage: number } & EventBase)
  | ({ kind: 'interaction'; interactionType: string; contentType: string; contentSlug: string; metadata: Record<string, unknown> } & EventBase)
  | ({ kind: 'llm'; usageType: string; format: string; contentType: string; contentSlug: string } & EventBase)
  | ({ kind: 'performance'; metricType: string; value: number; url: string; metadata: Record<string, unknown> } & EventBase);

interface EventBase {
  id: string;
  timestamp: string;
  sessionId: string;
}

// Every field of every kind of event is checked before the dashboard counts or shows it.
const BASE = { id: isString, timestamp: isDateString, sessionId: isString };
const EVENT_SHAPES: Record<AnalyticsEvent['kind'], (v: unknown) => boolean> = {
  pageview: hasFields({ ...BASE, url: isString, title: isString, referrer: isString, userAgent: isString, contentType: isString, contentSlug: optional(isString), scrollDepth: isFiniteNumber, timeOnPage: isCount }),
  interaction: hasFields({ ...BASE, interactionType: isString, contentType: isString, contentSlug: isString, metadata: isRecord }),
  llm: hasFields({ ...BASE, usageType: isString, format: isString, contentType: isString, contentSlug: isString }),
  performance: hasFields({ ...BASE, metricType: isString, value: isFiniteNumber, url: isString, metadata: isRecord }),
};
const isEvent = (v: unknown): v is AnalyticsEvent => isRecord(v) && typeof v.kind === 'string' && Object.hasOwn(EVENT_SHAPES, v.kind) && EVENT_SHAPES[v.kind as AnalyticsEvent['kind']](v);

export function readEvents(storage?: StorageLike): AnalyticsEvent[] {
  return readStoredList(EVENTS_KEY, isEvent, storage);
}

/** Appends events, keeping the newest MAX_EVENTS. */
export function appendEvents(events: AnalyticsEvent[], storage?: StorageLike): void {
  if (events.length === 0) return;
  writeStored(EVENTS_KEY, [...readEvents(storage), ...events].slice(-MAX_EVENTS), storage);
}

export function randomId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** The tab's session id, made once per browser session. */
export function sessionId(): string {
  try {
    let id = sessionStorage.getItem('legalsite:session');
    if (!id) sessionStorage.setItem('legalsite:session', (id = randomId()));
    return id;
  } catch {
    return 'no-session';
  }
}

/** Whether this visitor may be recorded: never bots. */
export const mayRecord = (userAgent: string) => !isBot(userAgent);

/** Interactions and LLM usage are recorded only on article and glossary pages with a slug (spec §5). */
export const recordsInteractions = (contentType: string, slug: string | undefined) => Boolean(slug) && (contentType === 'article' || contentType === 'glossary');

export interface ContentScore {
  key: string;
  slug: string;
  type: string;
  score: number;
  views: number;
}

/** Spec §9: views ×1 + LLM usage ×3 + citations ×5 + a recency bonus up to 10, decaying over 7 days. */
export function trendingScores(events: AnalyticsEvent[], now: number): ContentScore[] {
  const byKey = new Map<string, ContentScore & { last: number }>();
  for (const e of events) {
    const slug = e.kind === 'pageview' ? e.contentSlug : e.kind === 'interaction' || e.kind === 'llm' ? e.contentSlug : undefined;
    if (!slug) continue;
    const type = 'contentType' in e ? e.contentType : 'article';
    const key = `${type}:${slug}`;
    const entry = byKey.get(key) ?? { key, slug, type, score: 0, views: 0, last: 0 };
    if (e.kind === 'pageview') (entry.score += 1), (entry.views += 1);
    if (e.kind === 'llm') entry.score += 3;
    if (e.kind === 'interaction' && e.interactionType === 'cite') entry.score += 5;
    entry.last = Math.max(entry.last, Date.parse(e.timestamp) || 0);
    byKey.set(key, entry);
  }
  const DAY = 86_400_000;
  return [...byKey.values()]
    .map(({ last, ...s }) => ({ ...s, score: s.score + Math.max(0, 10 * (1 - (now - last) / (7 * DAY))) }))
    .sort((a, b) => b.score - a.score || a.key.localeCompare(b.key));
}

/** Trending Content shows this many (spec §2: up to 8). */
export const TRENDING_SHOWN = 8;

/** An article or term as Trending Content ranks it (the build's /analytics/trending.json). */
export interface TrendItem {
  type: 'article' | 'term';
  slug: string;
  title: string;
  tags: string[];
  dateModified: string;
  wordCount?: number;
}

/** The part of contentTrendScore that stays the same from day to day: 5 per tag, and
 * min(wordCount / 100, 20), or 10 without a word count. */
export function contentStaticScore(item: { tags: string[]; wordCount?: number }): number {
  const words = item.wordCount ? Math.min(item.wordCount / 100, 20) : 10;
  return 5 * item.tags.length + words;
}

/** Spec §9: max(0, 100 − age in days) + 5 per tag + min(wordCount / 100, 20), or 10 without a word count. */
export function contentTrendScore(item: { dateModified: string; tags: string[]; wordCount?: number }, now: number): number {
  const ageDays = Math.floor((now - Date.parse(`${item.dateModified}T00:00:00Z`)) / 86_400_000);
  return Math.max(0, 100 - ageDays) + contentStaticScore(item);
}

/** Of two items with the same score, the first by title, then type and slug, compared by code unit:
 * the same order in every browser and in the build (localeCompare is not), and never a tie. */
export const trendKey = (item: Pick<TrendItem, 'title' | 'type' | 'slug'>): string => `${item.title}\u0000${item.type}\u0000${item.slug}`;
const byKey = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Trending Content: the `shown` items of highest score today, in order. */
export function trendingContent<T extends TrendItem>(items: readonly T[], now: number, shown = TRENDING_SHOWN): (T & { score: number })[] {
  return items
    .map((item) => ({ ...item, score: contentTrendScore(item, now), key: trendKey(item) }))
    .sort((a, b) => b.score - a.score || byKey(a.key, b.key))
    .slice(0, shown)
    .map(({ key: _key, ...item }) => item as T & { score: number });
}

/**
 * The items that can be among Trending Content's `shown` on any day, so the page downloads these
 * and not every article of the site (9 MB of /articles/index.json at 10,000 articles). An item is
 * left out when at least `shown` others always rank above it: each changed on the same day or
 * later (its age term is never smaller, whatever the day) with a higher lasting score, or the
 * same one and an earlier key. `trendingContent` over the result equals it over all the items, on
 * every day (test/client/trending.test.ts). Near-equal lasting scores (within 1e-9, where a sum
 * could round either way) never count as higher: such an item is kept.
 */
export function trendingCandidates<T extends TrendItem>(items: readonly T[], shown = TRENDING_SHOWN): T[] {
  type Ranked = { item: T; lasting: number; key: string };
  const beats = (j: Ranked, i: Ranked) => j.lasting > i.lasting + 1e-9 || (j.lasting === i.lasting && j.key < i.key);
  const byLasting = (a: Ranked, b: Ranked) => b.lasting - a.lasting || byKey(a.key, b.key);
  // Newest first, a day's items together.
  const ranked = items.map((item): Ranked => ({ item, lasting: contentStaticScore(item), key: trendKey(item) })).sort((a, b) => byKey(b.item.dateModified, a.item.dateModified));
  const kept: T[] = [];
  // The `shown` items of highest lasting rank among those changed on the days seen so far.
  let best: Ranked[] = [];
  for (let start = 0; start < ranked.length; ) {
    let end = start + 1;
    while (end < ranked.length && ranked[end].item.dateModified === ranked[start].item.dateModified) end++;
    const pool = [...best, ...ranked.slice(start, end)].sort(byLasting);
    for (let p = 0; p < pool.length; p++) {
      const i = pool[p];
      if (best.includes(i)) continue;
      // Only those before it in this order can beat it; most do, so few are looked at.
      let above = 0;
      for (let q = 0; q < p && above < shown; q++) if (beats(pool[q], i)) above++;
      if (above < shown) kept.push(i.item);
    }
    best = pool.slice(0, shown);
    start = end;
  }
  return kept;
}
