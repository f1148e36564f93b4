/** Webhook events from a manifest diff, signatures, and delivery: backoff of attempt × base delay,
 * the per-attempt timeout, and which failures are retried. */
import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { signWebhookBody, verifyWebhookSignature } from '../../src/notify/signature.js';
import { webhookEvents } from '../../src/notify/webhook-events.js';
import { deliverWebhooks } from '../../src/notify/webhooks.js';
import { startReceiver } from './receiver.js';

const test = suite('webhooks');
const all = ['article.created', 'article.updated', 'article.corrected', 'term.created', 'term.updated', 'content.deleted'];

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

test('a new correction gives article.corrected, after the updates, with the correction and its anchor', () => {
  const correction = { key: 'article:b', id: 'change-2025-09-01', date: '2025-09-01', summary: 'Fixed a date.' };
  const events = webhookEvents({ created: [], updated: ['article:b'], deleted: ['glossary:v'], corrected: [correction] }, 'https://ref.example.com');
  assert.equal(events.map((e) => `${e.event} ${e.data.key}`), ['article.updated article:b', 'article.corrected article:b', 'content.deleted glossary:v']);
  assert.equal(events[1].data, {
    key: 'article:b', type: 'article', slug: 'b', url: 'https://ref.example.com/articles/b',
    correction: { id: 'change-2025-09-01', date: '2025-09-01', summary: 'Fixed a date.', url: 'https://ref.example.com/articles/b#change-2025-09-01' },
  });
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

for (const status of [301, 302, 303, 307, 308]) {
  test(`a ${status} redirect is a failed delivery with its status, and the redirect is not followed`, async () => {
    const receiver = await startReceiver((req) => (req.path === '/old' ? status : 200), (req): Record<string, string> => (req.path === '/old' ? { Location: '/new' } : {}));
    try {
      const [d] = await deliverWebhooks([{ url: `${receiver.url}/old`, events: all }], event, { env: {}, userAgent: 'legalsite/test', baseDelayMs: 1 });
      assert.not.ok(d.ok);
      assert.is(d.status, status);
      assert.is(d.attempts, 1, 'a redirect fails the same way every time: not retried');
      assert.match(d.error!, `redirects are not followed (to ${receiver.url}/new)`);
      assert.equal(receiver.to('/new'), [], 'nothing was sent to the redirect target');
    } finally {
      await receiver.close();
    }
  });
}

test("a receiver's error body is reported without its terminal controls", async () => {
  const server = createServer((req, res) => {
    req.resume();
    res.writeHead(500, { 'Content-Type': 'text/plain' });
    res.end('boom \u001b[31mred\u001b[0m\u001b]0;title\u0007 \u009b2J done');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/h`;
    const [d] = await deliverWebhooks([{ url, events: all }], event, { env: {}, userAgent: 'legalsite/test', baseDelayMs: 1 });
    assert.not.ok(d.ok);
    assert.not.match(d.error!, /[\u0000-\u001f\u007f-\u009f]/);
    assert.match(d.error!, /^HTTP 500 Internal Server Error: boom \[31mred \[0m \]0;title 2J done$/);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

test('reads only the start of an error response, however long its body is', async () => {
  // An endless 500 body: reading it whole would never end (the attempt would time out instead).
  let sent = 0;
  const server = createServer((req, res) => {
    req.resume();
    res.writeHead(500, { 'Content-Type': 'text/plain' });
    const chunk = Buffer.alloc(64 * 1024, 'x');
    const pump = () => {
      while (!res.destroyed && res.write(chunk)) sent += chunk.length;
      if (!res.destroyed) res.once('drain', pump);
    };
    pump();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/h`;
    const started = Date.now();
    const [d] = await deliverWebhooks([{ url, events: all }], event, { env: {}, userAgent: 'legalsite/test', baseDelayMs: 1, timeoutMs: 10_000 });
    assert.not.ok(d.ok);
    assert.is(d.status, 500);
    assert.match(d.error!, /^HTTP 500 Internal Server Error: x{100}/);
    assert.ok(Date.now() - started < 9_000, 'each attempt ended after reading the start of the body, not at the timeout');
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  assert.ok(sent < 64 * 1024 * 1024, `the server could send only ${sent} bytes before the client stopped reading`);
});

test.run();
