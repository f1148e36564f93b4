/**
 * Runs webhook deliveries for the integration hub: one attempt now; a delivery that threw is marked
 * "retry" and re-run after attempt × 5 minutes (while a page is open, and on the next visit), at most
 * 3 attempts, skipped when the subscription was removed or deactivated. State lives in localStorage.
 * A delivery is recorded as pending while its attempt is in flight, and counted in its
 * subscription's deliveryCount / failureCount only once it has finished (delivered, or failed for
 * good): a retry is pending, not a success and not yet a failure.
 */
import { randomId } from '../../client/lib/analytics.js';
import {
  attemptDelivery, type Delivery, loadDeliveries, loadQueue, loadSubscriptions, makeEvent, MAX_ATTEMPTS, nextRetryAt, RETRY_DELAY_MS,
  saveDeliveries, saveQueue, saveSubscriptions, shouldRetry, type Subscription, type WebhookEvent,
} from '../../client/lib/webhooks.js';

/** Tests may shorten the retry delay by setting this global before the page loads. */
const retryDelay = () => (globalThis as { __legalsiteRetryDelayMs?: number }).__legalsiteRetryDelayMs ?? RETRY_DELAY_MS;

const announce = () => window.dispatchEvent(new CustomEvent('legalsite:deliveries'));

function record(delivery: Delivery): void {
  saveDeliveries([...loadDeliveries().filter((d) => d.id !== delivery.id), delivery]);
}

export async function deliver(sub: Subscription, event: WebhookEvent, attempt: number, deliveryId = randomId()): Promise<Delivery> {
  const base = { id: deliveryId, subscriptionId: sub.id, eventId: event.id, url: sub.url, attempt };
  record({ ...base, status: 'pending' });
  announce();
  const outcome = await attemptDelivery(sub, event, attempt);
  const retryAt = outcome.threw ? nextRetryAt(attempt, Date.now()) : undefined;
  const delivery: Delivery = {
    ...base,
    status: retryAt !== undefined ? 'retry' : outcome.status, statusCode: outcome.statusCode, response: outcome.response, reason: outcome.reason, deliveredAt: new Date().toISOString(),
    nextRetry: retryAt !== undefined ? new Date(Date.now() + (attempt * retryDelay())).toISOString() : undefined,
  };
  record(delivery);
  const finished = delivery.status === 'success' || delivery.status === 'failed';
  if (finished) {
    const failed = delivery.status === 'failed' ? 1 : 0;
    saveSubscriptions(loadSubscriptions().map((s) => (s.id === sub.id ? { ...s, deliveryCount: s.deliveryCount + 1, failureCount: s.failureCount + failed, lastDelivery: delivery.deliveredAt } : s)));
  }
  if (delivery.status === 'retry') scheduleRetry(delivery);
  announce();
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
}

/** On page load: re-arm every pending retry (due ones run at once); trim the logs hourly. An
 * attempt still "pending" was cut short when its page closed: it counts as an attempt that threw. */
export function resumeRetries(): void {
  for (const d of loadDeliveries()) {
    if (d.status === 'pending') {
      const again = nextRetryAt(d.attempt, Date.now()) !== undefined;
      const cut: Delivery = { ...d, status: again ? 'retry' : 'failed', reason: 'The page closed before the receiver answered.', nextRetry: again ? new Date().toISOString() : undefined };
      record(cut);
      if (!again) saveSubscriptions(loadSubscriptions().map((s) => (s.id === d.subscriptionId ? { ...s, deliveryCount: s.deliveryCount + 1, failureCount: s.failureCount + 1 } : s)));
      if (again) scheduleRetry(cut);
    } else if (d.status === 'retry') scheduleRetry(d);
  }
  const trim = () => {
    saveQueue(loadQueue());
    saveDeliveries(loadDeliveries());
  };
  trim();
  setInterval(trim, 60 * 60 * 1000);
}
