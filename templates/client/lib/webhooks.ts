/**
 * Webhook subscriptions and deliveries of the integration hub (spec §3, §4, §7, §9), kept in the
 * visitor's browser: HMAC-SHA256 signatures with WebCrypto, a 30 s timeout, up to 3 attempts with
 * a delay of attempt × 5 minutes for deliveries that threw, skipped when the delivery already
 * succeeded or the subscription was removed or deactivated. Pure parts are exported for tests.
 * A delivery counts once, when it finishes (delivered, or failed for good): while a retry is
 * pending it is neither a success nor a failure. A failure says why it may have happened.
 */
import { hasFields, isBoolean, isCount, isDateString, isRecord, isString, isStringList, oneOf, optional, readStoredList, writeStored, type StorageLike } from './storage.js';

export const INTEGRATION_EVENTS = ['article.created', 'article.updated', 'term.created', 'term.updated', 'content.deleted'] as const;
export const MAX_ATTEMPTS = 3;
export const RETRY_DELAY_MS = 5 * 60 * 1000;
export const TIMEOUT_MS = 30_000;
export const MAX_QUEUE = 1000;
export const MAX_DELIVERIES = 10_000;

export interface Subscription {
  id: string;
  url: string;
  events: string[];
  active: boolean;
  secret?: string;
  createdAt: string;
  deliveryCount: number;
  failureCount: number;
  lastDelivery?: string;
}

export interface Delivery {
  id: string;
  subscriptionId: string;
  eventId: string;
  url: string;
  status: 'pending' | 'success' | 'failed' | 'retry';
  statusCode?: number;
  response?: string;
  deliveredAt?: string;
  attempt: number;
  nextRetry?: string;
  /** Why the delivery may have failed, in a reader's words (CORS, network, HTTP status, timeout). */
  reason?: string;
}

export interface WebhookEvent {
  id: string;
  timestamp: string;
  version: '1.0';
  event: string;
  data: Record<string, unknown>;
}

const isSubscription = hasFields<Subscription>({
  id: isString, url: isString, events: isStringList, active: isBoolean, secret: optional(isString), createdAt: isDateString,
  deliveryCount: isCount, failureCount: isCount, lastDelivery: optional(isDateString),
});
const isDelivery = hasFields<Delivery>({
  id: isString, subscriptionId: isString, eventId: isString, url: isString, status: oneOf('pending', 'success', 'failed', 'retry'),
  statusCode: optional(isCount), response: optional(isString), deliveredAt: optional(isDateString), attempt: isCount, nextRetry: optional(isDateString), reason: optional(isString),
});
const isEvent = hasFields<WebhookEvent>({ id: isString, timestamp: isDateString, version: oneOf('1.0'), event: isString, data: isRecord });

export const loadSubscriptions = (s?: StorageLike) => readStoredList('webhooks:subscriptions', isSubscription, s);
export const saveSubscriptions = (list: Subscription[], s?: StorageLike) => writeStored('webhooks:subscriptions', list, s);
export const loadDeliveries = (s?: StorageLike) => readStoredList('webhooks:deliveries', isDelivery, s);
export const saveDeliveries = (list: Delivery[], s?: StorageLike) => writeStored('webhooks:deliveries', list.slice(-MAX_DELIVERIES), s);
export const loadQueue = (s?: StorageLike) => readStoredList('webhooks:events', isEvent, s);
export const saveQueue = (list: WebhookEvent[], s?: StorageLike) => writeStored('webhooks:events', list.slice(-MAX_QUEUE), s);

/** Spec §5 plus a URL check: a URL and at least one event; the URL must be http(s). */
export function validateSubscription(url: string, events: string[]): string | undefined {
  if (!url.trim() || events.length === 0) return 'Validation Error: Please provide a URL and select at least one event.';
  try {
    const parsed = new URL(url.trim());
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'Validation Error: The webhook URL must start with http:// or https://.';
  } catch {
    return 'Validation Error: The webhook URL is not a valid URL.';
  }
  return undefined;
}

/** "sha256=" + hex HMAC-SHA256 of the exact body, with WebCrypto. */
export async function signBody(secret: string, body: string): Promise<string> {
  const enc = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', enc.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, enc.encode(body)));
  return `sha256=${[...mac].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** When the next attempt of a delivery that threw should run, or undefined when there is none. */
export function nextRetryAt(attempt: number, now: number): number | undefined {
  return attempt < MAX_ATTEMPTS ? now + attempt * RETRY_DELAY_MS : undefined;
}

/** A retry runs only if the delivery has not succeeded and its subscription still exists and is active. */
export function shouldRetry(delivery: Delivery, subscriptions: Subscription[]): boolean {
  const sub = subscriptions.find((s) => s.id === delivery.subscriptionId);
  return delivery.status === 'retry' && Boolean(sub?.active);
}

/** Successes / finished deliveries as a percentage; 100 when none has finished (spec §9). */
export function successRate(finished: number, failed: number): number {
  return finished === 0 ? 100 : Math.round(((finished - failed) / finished) * 100);
}

export interface DeliveryStats {
  /** Deliveries that finished: delivered, or failed after their last attempt. */
  finished: number;
  failed: number;
  /** Deliveries in flight or waiting for a retry: neither a success nor a failure yet. */
  pending: number;
  /** Successes / finished, as a percentage; undefined until one has finished. */
  rate?: number;
}

/** A subscription's statistics: its counters (kept however long the log is) and its pending deliveries. */
export function deliveryStats(sub: Pick<Subscription, 'id' | 'deliveryCount' | 'failureCount'>, deliveries: Delivery[]): DeliveryStats {
  const pending = deliveries.filter((d) => d.subscriptionId === sub.id && (d.status === 'pending' || d.status === 'retry')).length;
  return { finished: sub.deliveryCount, failed: sub.failureCount, pending, rate: sub.deliveryCount > 0 ? successRate(sub.deliveryCount, sub.failureCount) : undefined };
}

export function makeEvent(event: string, data: Record<string, unknown>, id: string, now: Date): WebhookEvent {
  return { id, timestamp: now.toISOString(), version: '1.0', event, data };
}

/** What a browser can send (it will not let a page set User-Agent, so the agent travels as
 * X-Webhook-User-Agent); the integrations page documents the same list. */
export const USER_AGENT = 'legalsite-integrations/1.0';

/** The headers of one attempt. X-Webhook-Id is the event's id, the same as the body's `id` and the
 * same on every attempt, so a receiver can drop repeats. */
export async function deliveryHeaders(sub: Pick<Subscription, 'secret'>, event: WebhookEvent, attempt: number, body: string): Promise<Record<string, string>> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'X-Webhook-Id': event.id,
    'X-Webhook-Timestamp': event.timestamp,
    'X-Webhook-Attempt': String(attempt),
    'X-Webhook-User-Agent': USER_AGENT,
  };
  if (sub.secret) headers['X-Webhook-Signature'] = await signBody(sub.secret, body);
  return headers;
}

export const deliveryBody = (event: WebhookEvent) => JSON.stringify({ event: event.event, data: event.data, timestamp: event.timestamp, id: event.id });

export const CORS_REASON = 'The receiver did not allow a cross-origin request from this site (CORS), so the browser blocked the delivery or hid its answer.';
export const NETWORK_REASON = 'Network error: the receiver could not be reached (wrong address, offline, connection refused, or blocked by the browser).';
export const TIMEOUT_REASON = `No answer within ${TIMEOUT_MS / 1000} seconds.`;
export const httpReason = (status: number, statusText: string) => `The receiver answered HTTP ${status}${statusText ? ` ${statusText}` : ''}.`;

/**
 * Why a fetch that threw failed. A browser gives the page the same TypeError for a CORS refusal and
 * for a network error; a no-cors HEAD request (which carries no event, and whose answer the page
 * cannot read) tells them apart: it succeeds when the receiver is reachable.
 */
export async function explainThrow(error: unknown, url: string, fetchImpl: typeof fetch = fetch): Promise<string> {
  if ((error as Error)?.name === 'AbortError') return TIMEOUT_REASON;
  try {
    await fetchImpl(url, { method: 'HEAD', mode: 'no-cors', cache: 'no-store' });
    return CORS_REASON;
  } catch {
    return NETWORK_REASON;
  }
}

/** One attempt: POST the JSON body with the spec's headers; resolves with the outcome, never throws. */
export async function attemptDelivery(sub: Subscription, event: WebhookEvent, attempt: number, fetchImpl: typeof fetch = fetch): Promise<Pick<Delivery, 'status' | 'statusCode' | 'response' | 'reason'> & { threw: boolean }> {
  const body = deliveryBody(event);
  const headers = await deliveryHeaders(sub, event, attempt, body);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  try {
    const res = await fetchImpl(sub.url, { method: 'POST', headers, body, signal: controller.signal });
    const text = (await res.text().catch(() => '')).slice(0, 500);
    if (res.ok) return { status: 'success', statusCode: res.status, response: text, threw: false };
    return { status: 'failed', statusCode: res.status, response: text, reason: httpReason(res.status, res.statusText), threw: false };
  } catch (error) {
    return { status: 'failed', response: (error as Error)?.message ?? String(error), reason: await explainThrow(error, sub.url, fetchImpl), threw: true };
  } finally {
    clearTimeout(timer);
  }
}
