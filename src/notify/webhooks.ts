/**
 * Delivers webhook events to the subscribers configured in site.yaml (spec §7 and §9): one POST per
 * event a subscriber asked for, body `{event, data, timestamp, id}`; headers Content-Type, User-Agent,
 * X-Webhook-Id, X-Webhook-Timestamp, the Standard Webhooks headers (webhook-id, webhook-timestamp and,
 * when the subscriber names secrets, webhook-signature: standard-webhooks.ts) and, signed with the
 * first secret, the spec's X-Webhook-Signature (`sha256=` of the body) for existing receivers.
 * Each delivery gets up to 3 attempts (the same body and id each time, so receivers can deduplicate;
 * the Standard Webhooks timestamp and signature are those of each attempt, so a retry is never
 * stale), waiting attempt × the base delay between them, and a 30-second timeout per attempt.
 * Reads: the secrets' environment variables. Writes: the network.
 */
import { randomUUID } from 'node:crypto';
import type { SiteConfig } from '../model.js';
import { runPool } from '../publish/pool.js';
import { REQUEST_TIMEOUT_MS, WEBHOOK_CONCURRENCY, WEBHOOK_EVENTS, WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY_BASE_MS, type WebhookEventName } from './constants.js';
import { postJson, type PostOutcome } from './http.js';
import { signWebhookBody } from './signature.js';
import { SecretError, signingKey, standardWebhookHeaders } from './standard-webhooks.js';
import type { WebhookEvent } from './webhook-events.js';

export type WebhookSubscription = SiteConfig['webhooks'][number];

/** The outcome of one event sent to one subscriber. */
export interface Delivery {
  /** The subscriber's index in site.yaml's `webhooks`. */
  subscriber: number;
  url: string;
  event: WebhookEventName;
  key: string;
  id: string;
  /** Attempts made (0 when it could not be sent at all). */
  attempts: number;
  ok: boolean;
  status?: number;
  error?: string;
}

export interface DeliveryOptions {
  env: NodeJS.ProcessEnv;
  userAgent: string;
  /** Wait before attempt n+1 is n × this (default 5 s; tests pass a few ms). */
  baseDelayMs?: number;
  timeoutMs?: number;
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
}

/** The events a subscriber asked for (site.yaml's schema defaults `events` to all five). */
export const subscribedEvents = (sub: WebhookSubscription): readonly WebhookEventName[] => (sub.events.length ? (sub.events as WebhookEventName[]) : WEBHOOK_EVENTS);

/** Sends every event to every subscriber that asked for it; subscribers in parallel. */
export async function deliverWebhooks(subscriptions: WebhookSubscription[], events: WebhookEvent[], opts: DeliveryOptions): Promise<Delivery[]> {
  const perSubscriber = await Promise.all(
    subscriptions.map((sub, index) => {
      const wanted = new Set(subscribedEvents(sub));
      const signing = signingOf(sub, opts.env);
      const mine = events.filter((e) => wanted.has(e.event));
      return runPool(mine, WEBHOOK_CONCURRENCY, (e) => deliverOne(index, sub, e, signing, opts));
    }),
  );
  return perSubscriber.flat();
}

/** How a subscriber's deliveries are signed, or why none can be sent. */
export type Signing = { secrets: string[]; keys: Buffer[] } | { problem: string };

/** The secrets of `secretEnv`, in order (the first also signs X-Webhook-Signature), with their keys. */
export function signingOf(sub: WebhookSubscription, env: NodeJS.ProcessEnv): Signing {
  const names = sub.secretEnv ?? [];
  const unset = names.filter((n) => !env[n]);
  // A subscriber that expects signed requests would reject unsigned ones; do not send them.
  if (unset.length) return { problem: `the environment variable${unset.length > 1 ? 's' : ''} ${unset.join(', ')} (secretEnv) ${unset.length > 1 ? 'are' : 'is'} not set` };
  const secrets = names.map((n) => env[n]!);
  const keys: Buffer[] = [];
  for (const [i, name] of names.entries()) {
    try {
      keys.push(signingKey(secrets[i]));
    } catch (error) {
      if (!(error instanceof SecretError)) throw error;
      return { problem: `the secret in ${name} (secretEnv) ${error.message}` };
    }
  }
  return { secrets, keys };
}

async function deliverOne(subscriber: number, sub: WebhookSubscription, e: WebhookEvent, signing: Signing, opts: DeliveryOptions): Promise<Delivery> {
  const id = randomUUID();
  const base = { subscriber, url: sub.url, event: e.event, key: e.data.key, id };
  if ('problem' in signing) return { ...base, attempts: 0, ok: false, error: `${signing.problem}, so nothing was sent` };
  const now = opts.now ?? (() => new Date());
  const timestamp = now().toISOString();
  const body = JSON.stringify({ event: e.event, data: e.data, timestamp, id });
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'User-Agent': opts.userAgent,
    'X-Webhook-Id': id,
    'X-Webhook-Timestamp': timestamp,
  };
  if (signing.secrets.length) headers['X-Webhook-Signature'] = signWebhookBody(body, signing.secrets[0]);
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  let outcome: PostOutcome = { ok: false };
  let attempts = 0;
  while (attempts < WEBHOOK_MAX_ATTEMPTS) {
    if (attempts > 0) await sleep(attempts * (opts.baseDelayMs ?? WEBHOOK_RETRY_BASE_MS));
    attempts += 1;
    const attempt = standardWebhookHeaders(id, Math.floor(now().getTime() / 1000), body, signing.keys);
    outcome = await postJson(sub.url, body, { ...headers, ...attempt }, opts.timeoutMs ?? REQUEST_TIMEOUT_MS);
    if (outcome.ok || !isRetryable(outcome)) break;
  }
  return { ...base, attempts, ...outcome };
}

// A rejected request (400, 401, 404 …) fails the same way every time; timeouts, network errors,
// 408, 429 and 5xx may pass on a later attempt.
const isRetryable = (o: PostOutcome) => o.status === undefined || o.status === 408 || o.status === 429 || o.status >= 500;
