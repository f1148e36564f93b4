/**
 * Webhook subscriptions and deliveries of the integration hub (spec §3, §4, §7, §9), kept in the
 * visitor's browser: HMAC-SHA256 signatures with WebCrypto, a 30 s timeout, up to 3 attempts with
 * a delay of attempt × 5 minutes for deliveries that threw, skipped when the delivery already
 * succeeded or the subscription was removed or deactivated. Pure parts are exported for tests.
 */
import { isArrayOf, isRecord, readStored, writeStored, type StorageLike } from './storage.js';

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
}

export interface WebhookEvent {
  id: string;
  timestamp: string;
  version: '1.0';
  event: string;
  data: Record<string, unknown>;
}

const isSubscription = (v: unknown): v is Subscription => isRecord(v) && typeof v.id === 'string' && typeof v.url === 'string' && Array.isArray(v.events) && typeof v.active === 'boolean';
const isDelivery = (v: unknown): v is Delivery => isRecord(v) && typeof v.id === 'string' && typeof v.subscriptionId === 'string' && typeof v.status === 'string';
const isEvent = (v: unknown): v is WebhookEvent => isRecord(v) && typeof v.id === 'string' && typeof v.event === 'string';

export const loadSubscriptions = (s?: StorageLike) => readStored('webhooks:subscriptions', isArrayOf(isSubscription), [], s);
export const saveSubscriptions = (list: Subscription[], s?: StorageLike) => writeStored('webhooks:subscriptions', list, s);
export const loadDeliveries = (s?: StorageLike) => readStored('webhooks:deliveries', isArrayOf(isDelivery), [], s);
export const saveDeliveries = (list: Delivery[], s?: StorageLike) => writeStored('webhooks:deliveries', list.slice(-MAX_DELIVERIES), s);
export const loadQueue = (s?: StorageLike) => readStored('webhooks:events', isArrayOf(isEvent), [], s);
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

/** Successes / total deliveries as a percentage; 100 when there are none. */
export function successRate(deliveries: Delivery[]): number {
  const done = deliveries.filter((d) => d.status === 'success' || d.status === 'failed');
  if (done.length === 0) return 100;
  return Math.round((done.filter((d) => d.status === 'success').length / done.length) * 100);
}

export function makeEvent(event: string, data: Record<string, unknown>, id: string, now: Date): WebhookEvent {
  return { id, timestamp: now.toISOString(), version: '1.0', event, data };
}

/** One attempt: POST the JSON body with the spec's headers; resolves with the outcome, never throws. */
export async function attemptDelivery(sub: Subscription, event: WebhookEvent, attempt: number, deliveryId: string, fetchImpl: typeof fetch = fetch): Promise<Pick<Delivery, 'status' | 'statusCode' | 'response'> & { threw: boolean }> {
  const body = JSON.stringify({ event: event.event, data: event.data, timestamp: event.timestamp, id: event.id });
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'User-Agent': 'legalsite-integrations/1.0',
    'X-Webhook-User-Agent': 'legalsite-integrations/1.0',
    'X-Webhook-Id': deliveryId,
    'X-Webhook-Timestamp': event.timestamp,
    'X-Webhook-Attempt': String(attempt),
  };
  if (sub.secret) headers['X-Webhook-Signature'] = await signBody(sub.secret, body);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  try {
    const res = await fetchImpl(sub.url, { method: 'POST', headers, body, signal: controller.signal });
    const text = (await res.text().catch(() => '')).slice(0, 500);
    return { status: res.ok ? 'success' : 'failed', statusCode: res.status, response: text, threw: false };
  } catch (error) {
    return { status: 'failed', response: (error as Error).message, threw: true };
  } finally {
    clearTimeout(timer);
  }
}
