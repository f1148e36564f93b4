/** The pure parts of the browser code: filters, webhook signature and retry rules, trend scores, bot
 * detection, storage recovery and the copy formats. */
import { createHmac } from 'node:crypto';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { matchesFilters, readUrlState, writeUrlState } from '../../templates/islands/ArticleFilters/ArticleFilters.js';
import { matchesTerm } from '../../templates/client/lib/glossary-match.js';
import { automationError } from '../../templates/islands/AnalyticsDashboard/automations.js';
import { contentTrendScore, trendingScores, type AnalyticsEvent } from '../../templates/client/lib/analytics.js';
import { isBot } from '../../templates/client/lib/bots.js';
import { citationText, llmText } from '../../templates/client/lib/formats.js';
import { hasFields, isCount, isDateString, isString, readStoredList, readStoredMap, type StorageLike } from '../../templates/client/lib/storage.js';
import { deliveryHeaders, deliveryStats, loadDeliveries, loadSubscriptions, nextRetryAt, shouldRetry, signBody, successRate, validateSubscription, type Delivery, type Subscription } from '../../templates/client/lib/webhooks.js';
import { readEvents } from '../../templates/client/lib/analytics.js';

const test = suite('browser code: pure parts');

test('article filter: text AND (no chip OR any selected tag or jurisdiction)', () => {
  const card = { text: 'hashing evidence why a hash value is taken', tags: ['evidence', 'forensics'], jurisdiction: 'Global' };
  assert.ok(matchesFilters(card, { query: '', selected: [] }));
  assert.ok(matchesFilters(card, { query: '  HASH ', selected: [] }));
  assert.not.ok(matchesFilters(card, { query: 'privilege', selected: [] }));
  assert.ok(matchesFilters(card, { query: 'hash', selected: ['privilege', 'forensics'] }));
  assert.ok(matchesFilters(card, { query: '', selected: ['Global'] }));
  assert.not.ok(matchesFilters(card, { query: 'hash', selected: ['privilege'] }));
});

test('article filter state round-trips through the URL', () => {
  const state = { query: 'chain of custody', selected: ['evidence', 'United States'] };
  assert.equal(readUrlState(writeUrlState(state)), state);
  assert.is(writeUrlState({ query: '', selected: [] }), '');
});

test('glossary search trims and ignores case', () => {
  assert.ok(matchesTerm('hash value a fixed-length value', '  HASH '));
  assert.not.ok(matchesTerm('hash value', 'privilege'));
});

test('webhook signature is sha256= + hex HMAC-SHA256 of the exact body', async () => {
  const body = '{"event":"test","data":{},"timestamp":"2025-01-01T00:00:00.000Z","id":"e1"}';
  assert.is(await signBody('s3cret', body), `sha256=${createHmac('sha256', 's3cret').update(body).digest('hex')}`);
});

test('retries: attempt × 5 minutes, at most 3 attempts, only while the subscription is active', () => {
  const now = 1_000_000;
  assert.is(nextRetryAt(1, now), now + 5 * 60_000);
  assert.is(nextRetryAt(2, now), now + 10 * 60_000);
  assert.is(nextRetryAt(3, now), undefined);
  const d = { id: 'd', subscriptionId: 's', status: 'retry', attempt: 1 } as Delivery;
  const sub = { id: 's', active: true } as Subscription;
  assert.ok(shouldRetry(d, [sub]));
  assert.not.ok(shouldRetry(d, [{ ...sub, active: false }]), 'deactivated');
  assert.not.ok(shouldRetry(d, []), 'removed');
  assert.not.ok(shouldRetry({ ...d, status: 'success' }, [sub]), 'already succeeded');
});

test('success rate is successes / finished deliveries, 100 % when none', () => {
  assert.is(successRate(0, 0), 100);
  assert.is(successRate(4, 1), 75);
});

test('delivery statistics add up: a retry is pending, neither a success nor a failure; no rate until one finishes', () => {
  const sub = { id: 's', deliveryCount: 0, failureCount: 0 };
  const retrying = [{ id: 'd', subscriptionId: 's', status: 'retry', attempt: 1 }] as Delivery[];
  assert.equal(deliveryStats(sub, retrying), { finished: 0, failed: 0, pending: 1, rate: undefined });
  const done = [{ id: 'd', subscriptionId: 's', status: 'success', attempt: 2 }, { id: 'e', subscriptionId: 's', status: 'failed', attempt: 1 }, { id: 'f', subscriptionId: 'other', status: 'retry', attempt: 1 }] as Delivery[];
  assert.equal(deliveryStats({ id: 's', deliveryCount: 2, failureCount: 1 }, done), { finished: 2, failed: 1, pending: 0, rate: 50 });
});

test('webhook headers: the id is the body\'s id on every attempt; no User-Agent (a browser cannot set it); signed with a secret', async () => {
  const event = { id: 'evt-1', timestamp: '2025-01-01T00:00:00.000Z', version: '1.0' as const, event: 'test', data: {} };
  const body = JSON.stringify({ event: 'test', data: {}, timestamp: event.timestamp, id: 'evt-1' });
  const first = await deliveryHeaders({}, event, 1, body);
  const third = await deliveryHeaders({ secret: 'k' }, event, 3, body);
  assert.is(first['X-Webhook-Id'], JSON.parse(body).id);
  assert.is(third['X-Webhook-Id'], 'evt-1');
  assert.is(first['Content-Type'], 'application/json');
  assert.is(first['X-Webhook-User-Agent'], 'legalsite-integrations/1.0');
  assert.not.ok('User-Agent' in first);
  assert.not.ok('X-Webhook-Signature' in first);
  assert.is(third['X-Webhook-Signature'], `sha256=${createHmac('sha256', 'k').update(body).digest('hex')}`);
  assert.is(third['X-Webhook-Attempt'], '3');
});

test('subscription and automation validation messages are the spec texts', () => {
  assert.is(validateSubscription('', ['article.created']), 'Validation Error: Please provide a URL and select at least one event.');
  assert.is(validateSubscription('https://hooks.example.org/x', []), 'Validation Error: Please provide a URL and select at least one event.');
  assert.match(validateSubscription('javascript:alert(1)', ['article.created'])!, /http:\/\/ or https:\/\//);
  assert.is(validateSubscription('https://hooks.example.org/x', ['article.created']), undefined);
  assert.is(automationError('Zap', '', ['llm.usage']), 'Please fill in all fields and select at least one event.');
  assert.is(automationError('Zap', 'not-a-url', ['llm.usage']), undefined, 'no URL format check on the analytics page');
});

test('trend scores follow the spec formulas', () => {
  const day = 86_400_000;
  const now = Date.parse('2025-09-04T00:00:00Z');
  // age 10 days → 90; 3 tags → 15; 1,500 words → min(15, 20) = 15 → 120
  assert.is(contentTrendScore({ dateModified: '2025-08-25', tags: ['a', 'b', 'c'], wordCount: 1500 }, now), 120);
  // age 200 days → 0; no tags; no word count → 10
  assert.is(contentTrendScore({ dateModified: '2025-02-16', tags: [] }, now), 10);
  const e = (kind: string, extra: object, ago: number) => ({ id: String(Math.random()), sessionId: 's', timestamp: new Date(now - ago).toISOString(), kind, contentType: 'article', contentSlug: 'x', ...extra }) as AnalyticsEvent;
  // 2 views + 1 LLM use ×3 + 1 citation ×5 = 10, last activity 3.5 days ago → bonus 10 × (1 − 3.5/7) = 5
  const [x] = trendingScores([e('pageview', {}, 4 * day), e('pageview', {}, 4 * day), e('llm', {}, 4 * day), e('interaction', { interactionType: 'cite' }, 3.5 * day)], now);
  assert.is(x.score, 15);
});

test('bots are recognised by user-agent keywords', () => {
  for (const ua of ['Googlebot/2.1', 'Mozilla/5.0 (compatible; bingbot/2.0)', 'facebookexternalhit/1.1', 'Some Crawler', 'a web spider', 'Scraper 1.0', 'Slackbot-LinkExpanding']) assert.ok(isBot(ua), ua);
  assert.not.ok(isBot('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0 Safari/537.36'));
});

function fakeStorage(entries: [string, string][]) {
  const data = new Map<string, string>(entries);
  const storage: StorageLike = { getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
  return { data, storage };
}

function collectWarnings<T>(run: () => T): { result: T; warnings: string[] } {
  const warn = console.warn;
  const warnings: string[] = [];
  console.warn = (...args: unknown[]) => void warnings.push(args.map(String).join(' '));
  try {
    return { result: run(), warnings };
  } finally {
    console.warn = warn;
  }
}

test('stored data that is corrupt or not a list is discarded with a warning', () => {
  const { data, storage } = fakeStorage([['legalsite:saved', '{oops'], ['legalsite:list', '{"a":1}']]);
  const { result, warnings } = collectWarnings(() => [readStoredList('saved', isString, storage), readStoredList('list', isString, storage)]);
  assert.equal(result, [[], []]);
  assert.is(warnings.length, 2);
  assert.not.ok(data.has('legalsite:saved'), 'the corrupt value is removed');
});

test('stored records are checked field by field: a wrong-typed record is dropped with one warning, the rest kept, the list saved clean', () => {
  const good = { n: 2, at: '2025-08-26T10:00:00.000Z', name: 'ok' };
  const { data, storage } = fakeStorage([['legalsite:things', JSON.stringify([good, { ...good, n: 'two' }, { ...good, at: 'yesterday' }, { at: good.at, name: 'no n' }, null])]]);
  const isThing = hasFields<typeof good>({ n: isCount, at: isDateString, name: isString });
  const first = collectWarnings(() => readStoredList('things', isThing, storage));
  assert.equal(first.result, [good]);
  assert.is(first.warnings.length, 1);
  assert.match(first.warnings[0], /discarded 4 corrupt stored records of "things"/);
  assert.equal(JSON.parse(data.get('legalsite:things')!), [good], 'saved without the dropped records');
  assert.is(collectWarnings(() => readStoredList('things', isThing, storage)).warnings.length, 0, 'the next read is quiet');
  const map = fakeStorage([['legalsite:m', JSON.stringify({ a: good, b: { ...good, n: -1 } })]]);
  assert.equal(collectWarnings(() => readStoredMap('m', isThing, map.storage)).result, { a: good });
});

test('the shapes the pages read: wrong-typed events, subscriptions and deliveries are dropped, never shown', () => {
  const base = { id: 'e', timestamp: '2025-08-26T10:00:00.000Z', sessionId: 's' };
  const view = { ...base, kind: 'pageview', url: '/x', title: 'X', referrer: 'direct', userAgent: 'UA', contentType: 'article', contentSlug: 'x', scrollDepth: 50, timeOnPage: 12 };
  const { storage } = fakeStorage([
    ['legalsite:analytics:events', JSON.stringify([view, { ...view, contentSlug: 42 }, { ...view, timeOnPage: undefined }, { ...view, timestamp: 'soon' }, { ...base, kind: 'performance', metricType: 'page-load', value: 'fast', url: '/', metadata: {} }, { ...base, kind: 'mystery' }])],
    ['legalsite:webhooks:subscriptions', JSON.stringify([{ id: 's', url: 'https://h.example/x', events: ['test'], active: true, createdAt: base.timestamp, deliveryCount: 1, failureCount: 0 }, { id: 't', url: 'https://h.example/y', events: 'test', active: true, createdAt: base.timestamp, deliveryCount: 0, failureCount: 0 }, { id: 'u', url: 'https://h.example/z', events: [], active: true, createdAt: base.timestamp, failureCount: 0 }])],
    ['legalsite:webhooks:deliveries', JSON.stringify([{ id: 'd', subscriptionId: 's', eventId: 'e', url: 'https://h.example/x', status: 'success', attempt: 1 }, { id: 'd2', subscriptionId: 's', eventId: 'e', url: 'https://h.example/x', status: 'done', attempt: 1 }, { id: 'd3', subscriptionId: 's', eventId: 'e', url: 'https://h.example/x', status: 'failed', attempt: null }])],
  ]);
  const { result, warnings } = collectWarnings(() => [readEvents(storage).map((e) => e.id), loadSubscriptions(storage).map((s) => s.id), loadDeliveries(storage).map((d) => d.id)]);
  assert.equal(result, [['e'], ['s'], ['d']]);
  assert.is(warnings.length, 3, 'one warning per key');
});

test('copy formats: citation and LLM format as the spec defines', () => {
  const d = { slug: 's', title: 'T', url: 'https://x.org/articles/s', product: 'P', dateModified: '2025-08-26', jurisdiction: 'Global', tags: ['a', 'b'], points: ['One.', 'Two.'], takeaways: [], sources: [{ title: 'FRE 901', url: 'https://law/901', pinpoint: 'r 901(a)' }], license: 'CC BY 4.0' };
  assert.is(citationText(d), 'T — P, https://x.org/articles/s#answer (Last updated: 2025-08-26)');
  const llm = llmText(d);
  for (const s of ['ID: answers/s#a0', 'Jurisdiction: Global', 'Tags: a, b', '1. One.', '2. Two.', '- FRE 901, r 901(a) <https://law/901>', 'Last updated: 2025-08-26', 'License: CC BY 4.0']) assert.ok(llm.includes(s), s);
});

test.run();
