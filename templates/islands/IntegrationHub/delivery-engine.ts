/**
 * Runs webhook deliveries for the integration hub: one attempt now; a delivery that threw is marked
 * "retry" and re-run after attempt × 5 minutes (while a page is open, and on the next visit), at most
 * 3 attempts, skipped when the subscription was removed or deactivated. State lives in localStorage.
 */
import { randomId } from '../../client/lib/analytics.js';
import {
  attemptDelivery, type Delivery, loadDeliveries, loadQueue, loadSubscriptions, makeEvent, MAX_ATTEMPTS, nextRetryAt, RETRY_DELAY_MS,
  saveDeliveries, saveQueue, saveSubscriptions, shouldRetry, type Subscription, type WebhookEvent,
} from '../../client/lib/webhooks.js';

/** Tests may shorten the retry delay by setting this global before the page loads. */
const retryDelay = () => (globalThis as { __legalsiteRetryDelayMs?: number }).__legalsiteRetryDelayMs ?? RETRY_DELAY_MS;

export async function deliver(sub: Subscription, event: WebhookEvent, attempt: number, deliveryId = randomId()): Promise<Delivery> {
  const outcome = await attemptDelivery(sub, event, attempt, deliveryId);
  const retryAt = outcome.threw ? nextRetryAt(attempt, Date.now()) : undefined;
  const delivery: Delivery = {
    id: deliveryId, subscriptionId: sub.id, eventId: event.id, url: sub.url, attempt,
    status: retryAt !== undefined ? 'retry' : outcome.status, statusCode: outcome.statusCode, response: outcome.response, deliveredAt: new Date().toISOString(),
    nextRetry: retryAt !== undefined ? new Date(Date.now() + (attempt * retryDelay())).toISOString() : undefined,
  };
  const deliveries = loadDeliveries().filter((d) => d.id !== deliveryId);
  saveDeliveries([...deliveries, delivery]);
  const subs = loadSubscriptions().map((s) => (s.id === sub.id ? { ...s, deliveryCount: s.deliveryCount + 1, failureCount: s.failureCount + (delivery.status === 'success' ? 0 : 1), lastDelivery: delivery.deliveredAt } : s));
  saveSubscriptions(subs);
  if (delivery.status === 'retry') scheduleRetry(delivery);
  return delivery;
}

/** Sends `eventName` to every active subscription listening for it. */
export async function dispatch(eventName: string, data: Record<string, unknown>, only?: Subscription): Promise<Delivery[]> {
  const event = makeEvent(eventName, data, randomId(), new Date());
  saveQueue([...loadQueue(), event]);
  const targets = only ? [only] : loadSubscriptions().filter((s) => s.active && s.events.includes(eventName));
  return Promise.all(targets.map((s) => deliver(s, event, 1)));
}

const timers = new Map<string, ReturnType<typeof setTimeout>>();

function scheduleRetry(d: Delivery): void {
  const wait = Math.max(0, Date.parse(d.nextRetry ?? '') - Date.now());
  clearTimeout(timers.get(d.id));
  timers.set(d.id, setTimeout(() => void runRetry(d.id), wait));
}

async function runRetry(deliveryId: string): Promise<void> {
  timers.delete(deliveryId);
  const delivery = loadDeliveries().find((d) => d.id === deliveryId);
  const subs = loadSubscriptions();
  if (!delivery || !shouldRetry(delivery, subs)) return;
  const event = loadQueue().find((e) => e.id === delivery.eventId);
  const sub = subs.find((s) => s.id === delivery.subscriptionId)!;
  if (!event || delivery.attempt >= MAX_ATTEMPTS) return;
  await deliver(sub, event, delivery.attempt + 1, delivery.id);
  window.dispatchEvent(new CustomEvent('legalsite:deliveries'));
}

/** On page load: re-arm every pending retry (due ones run at once); trim the logs hourly. */
export function resumeRetries(): void {
  for (const d of loadDeliveries()) if (d.status === 'retry') scheduleRetry(d);
  const trim = () => {
    saveQueue(loadQueue());
    saveDeliveries(loadDeliveries());
  };
  trim();
  setInterval(trim, 60 * 60 * 1000);
}
