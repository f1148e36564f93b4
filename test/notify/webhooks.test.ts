/** Webhook events from a manifest diff, signatures, and delivery: backoff of attempt × base delay,
 * the per-attempt timeout, and which failures are retried. */
import { createHmac } from 'node:crypto';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { signWebhookBody, verifyWebhookSignature } from '../../src/notify/signature.js';
import { webhookEvents } from '../../src/notify/webhook-events.js';
import { deliverWebhooks } from '../../src/notify/webhooks.js';
import { startReceiver } from './receiver.js';

const test = suite('webhooks');
const all = ['article.created', 'article.updated', 'term.created', 'term.updated', 'content.deleted'];

test('events: articles and terms created or updated, anything deleted; datasets only when deleted', () => {
  const events = webhookEvents(
    { created: ['article:a', 'dataset:d', 'glossary:t'], updated: ['article:b', 'dataset:e', 'glossary:u'], deleted: ['article:c', 'dataset:f', 'glossary:v'] },
    'https://ref.example.com',
  );
  assert.equal(events.map((e) => `${e.event} ${e.data.key}`), [
    'article.created article:a',
    'term.created glossary:t',
    'article.updated article:b',
    'term.updated glossary:u',
    'content.deleted article:c',
    'content.deleted dataset:f',
    'content.deleted glossary:v',
  ]);
  assert.equal(events[1].data, { key: 'glossary:t', type: 'term', slug: 't', url: 'https://ref.example.com/glossary/t' });
  assert.equal(events[5].data, { key: 'dataset:f', type: 'dataset', slug: 'f', url: 'https://ref.example.com/datasets/f' });
});

test('the signature is sha256= and the hex HMAC-SHA256 of the exact body', () => {
  const body = '{"event":"article.created"}';
  assert.is(signWebhookBody(body, 'k'), `sha256=${createHmac('sha256', 'k').update(body).digest('hex')}`);
  assert.ok(verifyWebhookSignature(body, signWebhookBody(body, 'k'), 'k'));
  assert.not.ok(verifyWebhookSignature(`${body} `, signWebhookBody(body, 'k'), 'k'));
  assert.not.ok(verifyWebhookSignature(body, 'sha256=00', 'k'));
});

const event = webhookEvents({ created: ['article:a'], updated: [], deleted: [] }, 'https://ref.example.com');

test('waits attempt × base delay between attempts, and stops after three', async () => {
  const receiver = await startReceiver(() => 502);
  const waits: number[] = [];
  try {
    const [d] = await deliverWebhooks([{ url: `${receiver.url}/h`, events: all }], event, { env: {}, userAgent: 'legalsite/test', baseDelayMs: 5000, sleep: async (ms) => void waits.push(ms) });
    assert.equal(waits, [5000, 10000]);
    assert.is(d.attempts, 3);
    assert.not.ok(d.ok);
    assert.is(d.status, 502);
    assert.is(receiver.received.length, 3);
  } finally {
    await receiver.close();
  }
});

test('an attempt that gets no answer in time is abandoned and retried', async () => {
  const receiver = await startReceiver(() => new Promise((resolve) => setTimeout(() => resolve(200), 1000)));
  try {
    const [d] = await deliverWebhooks([{ url: `${receiver.url}/slow`, events: all }], event, { env: {}, userAgent: 'legalsite/test', baseDelayMs: 1, timeoutMs: 50 });
    assert.is(d.attempts, 3);
    assert.is(d.error, 'no response within 50 ms');
  } finally {
    await receiver.close();
  }
});

test('an unreachable subscriber is a failed delivery, not an exception', async () => {
  const closed = await startReceiver();
  await closed.close();
  const [d] = await deliverWebhooks([{ url: `${closed.url}/h`, events: all }], event, { env: {}, userAgent: 'legalsite/test', baseDelayMs: 1 });
  assert.not.ok(d.ok);
  assert.is(d.attempts, 3);
  assert.match(d.error!, /ECONNREFUSED/);
});

test.run();
