/** Webhook deliveries as a receiver checks them: verified by the official Standard Webhooks library
 * (npm `standardwebhooks`) and by the spec's `sha256=` check; several secrets for rotation, each
 * signing; a replayed delivery rejected for its old timestamp; a retry signed again at its own time. */
import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Webhook } from 'standardwebhooks';
import { verifyWebhookSignature } from '../../src/notify/signature.js';
import { webhookEvents } from '../../src/notify/webhook-events.js';
import { deliverWebhooks } from '../../src/notify/webhooks.js';
import { ROOT, tempDir } from '../helpers/sites.js';
import { startReceiver, type Received } from './receiver.js';

const test = suite('standard webhooks');
const all = ['article.created', 'article.updated', 'term.created', 'term.updated', 'content.deleted'];
const event = webhookEvents({ created: ['article:a'], updated: [], deleted: [] }, 'https://ref.example.com');
const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** The headers as the receiver got them, as a plain record (what the library takes). */
const headersOf = (r: Received) => Object.fromEntries(Object.entries(r.headers).map(([k, v]) => [k, String(v)]));

/** Runs `verify` as if the receiver's clock read `at` (ms since the epoch). */
function at<T>(ms: number, verify: () => T): T {
  const real = Date.now;
  Date.now = () => ms;
  try {
    return verify();
  } finally {
    Date.now = real;
  }
}

/** Delivers the event once to a fresh receiver and returns what it received. */
async function deliverTo(secretEnv: string[] | undefined, env: NodeJS.ProcessEnv, respond?: (r: Received, all: Received[]) => number) {
  const receiver = await startReceiver(respond);
  try {
    const deliveries = await deliverWebhooks([{ url: `${receiver.url}/hook`, events: all, secretEnv }], event, { env, userAgent: 'legalsite/test', baseDelayMs: 1 });
    return { deliveries, received: [...receiver.received] };
  } finally {
    await receiver.close();
  }
}

test('a delivery verifies with the official library and with the sha256= check', async () => {
  const secret = newSecret();
  const { deliveries, received } = await deliverTo(['HOOK_SECRET'], { HOOK_SECRET: secret });
  assert.ok(deliveries[0].ok);
  const [req] = received;
  const payload = new Webhook(secret).verify(req.body, headersOf(req)) as { id: string; event: string };
  assert.equal(payload, JSON.parse(req.body));
  assert.is(req.headers['webhook-id'], payload.id);
  assert.match(String(req.headers['webhook-timestamp']), /^\d{10}$/);
  assert.ok(Math.abs(Number(req.headers['webhook-timestamp']) - Date.now() / 1000) < 60, 'the attempt time, in seconds');
  assert.match(String(req.headers['webhook-signature']), /^v1,[A-Za-z0-9+/]{43}=$/);
  // The spec's signature, kept for existing receivers: sha256= and the hex HMAC of the body, keyed with the secret as written.
  assert.is(req.headers['x-webhook-signature'], `sha256=${createHmac('sha256', secret).update(req.body).digest('hex')}`);
  assert.ok(verifyWebhookSignature(req.body, String(req.headers['x-webhook-signature']), secret));
});

test('rotation: every listed secret signs; a receiver holding either one verifies, one holding another rejects', async () => {
  const [current, previous, stranger] = [newSecret(), newSecret(), newSecret()];
  const { received } = await deliverTo(['HOOK_SECRET', 'HOOK_SECRET_OLD'], { HOOK_SECRET: current, HOOK_SECRET_OLD: previous });
  const [req] = received;
  assert.is(String(req.headers['webhook-signature']).split(' ').length, 2);
  assert.ok(new Webhook(current).verify(req.body, headersOf(req)));
  assert.ok(new Webhook(previous).verify(req.body, headersOf(req)));
  assert.throws(() => new Webhook(stranger).verify(req.body, headersOf(req)), /No matching signature found/);
  // sha256= has room for one signature: the first secret's.
  assert.ok(verifyWebhookSignature(req.body, String(req.headers['x-webhook-signature']), current));
  assert.not.ok(verifyWebhookSignature(req.body, String(req.headers['x-webhook-signature']), previous));
});

test('a replayed delivery is rejected by the library for its old timestamp', async () => {
  const secret = newSecret();
  const { received } = await deliverTo(['HOOK_SECRET'], { HOOK_SECRET: secret });
  const [req] = received;
  const sentAt = Number(req.headers['webhook-timestamp']) * 1000;
  const verify = () => new Webhook(secret).verify(req.body, headersOf(req));
  assert.ok(at(sentAt + 4 * 60_000, verify), 'within the library tolerance (5 minutes) it verifies');
  assert.throws(() => at(sentAt + 6 * 60_000, verify), /Message timestamp too old/);
  assert.throws(() => at(sentAt + 24 * 3600_000, verify), /Message timestamp too old/);
});

test('a changed body or id is rejected by the library', async () => {
  const secret = newSecret();
  const { received } = await deliverTo(['HOOK_SECRET'], { HOOK_SECRET: secret });
  const [req] = received;
  assert.throws(() => new Webhook(secret).verify(req.body.replace('article:a', 'article:b'), headersOf(req)), /No matching signature found/);
  assert.throws(() => new Webhook(secret).verify(req.body, { ...headersOf(req), 'webhook-id': 'another-id' }), /No matching signature found/);
});

test('a retry keeps its id and body and is signed again at its own time, so it is never stale', async () => {
  const secret = newSecret();
  const receiver = await startReceiver((_, all) => (all.length === 1 ? 503 : 200));
  let clock = Date.parse('2026-03-02T10:00:00Z');
  try {
    const [d] = await deliverWebhooks([{ url: `${receiver.url}/hook`, events: all, secretEnv: ['HOOK_SECRET'] }], event, {
      env: { HOOK_SECRET: secret },
      userAgent: 'legalsite/test',
      now: () => new Date(clock),
      // The retry waits ten minutes: longer than the receivers' tolerance.
      sleep: async () => void (clock += 10 * 60_000),
    });
    assert.ok(d.ok);
    const [first, second] = receiver.received;
    assert.is(second.body, first.body);
    assert.is(second.headers['webhook-id'], first.headers['webhook-id']);
    assert.is(Number(second.headers['webhook-timestamp']) - Number(first.headers['webhook-timestamp']), 600);
    assert.ok(at(Number(second.headers['webhook-timestamp']) * 1000, () => new Webhook(secret).verify(second.body, headersOf(second))));
    assert.throws(() => at(Number(second.headers['webhook-timestamp']) * 1000, () => new Webhook(secret).verify(first.body, headersOf(first))), /too old/);
  } finally {
    await receiver.close();
  }
});

test('a secret without whsec_ signs with its bytes: the library verifies it in its raw format', async () => {
  const secret = 'an-older-shared-secret';
  const { received } = await deliverTo(['HOOK_SECRET'], { HOOK_SECRET: secret });
  const [req] = received;
  assert.ok(new Webhook(secret, { format: 'raw' }).verify(req.body, headersOf(req)));
  assert.ok(verifyWebhookSignature(req.body, String(req.headers['x-webhook-signature']), secret));
});

test('an unsigned subscriber gets the id and timestamp headers but no signature', async () => {
  const { received } = await deliverTo(undefined, {});
  const [req] = received;
  assert.is(req.headers['webhook-id'], JSON.parse(req.body).id);
  assert.match(String(req.headers['webhook-timestamp']), /^\d+$/);
  assert.is(req.headers['webhook-signature'], undefined);
  assert.is(req.headers['x-webhook-signature'], undefined);
});

test('a whsec_ secret that is not 24 to 64 bytes of base64 sends nothing and says why', async () => {
  for (const [secret, why] of [
    ['whsec_not base64!', /^the secret in HOOK_SECRET \(secretEnv\) is not whsec_ followed by base64 .*, so nothing was sent$/],
    [`whsec_${randomBytes(8).toString('base64')}`, /^the secret in HOOK_SECRET \(secretEnv\) holds 8 bytes after whsec_; Standard Webhooks secrets are 24 to 64 random bytes, so nothing was sent$/],
  ] as const) {
    const { deliveries, received } = await deliverTo(['HOOK_SECRET'], { HOOK_SECRET: secret });
    assert.equal(received, []);
    assert.is(deliveries[0].attempts, 0);
    assert.match(deliveries[0].error!, why);
  }
  const { deliveries } = await deliverTo(['HOOK_SECRET', 'HOOK_SECRET_OLD'], { HOOK_SECRET: newSecret() });
  assert.is(deliveries[0].error, 'the environment variable HOOK_SECRET_OLD (secretEnv) is not set, so nothing was sent');
});

test("docs/webhooks.md's verification without a library accepts deliveries and rejects stale or forged ones", async () => {
  const docs = readFileSync(path.join(ROOT, 'docs/webhooks.md'), 'utf8');
  const code = [...docs.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]).find((c) => c.includes('function verify('));
  assert.ok(code, 'the docs show a verify function');
  const file = path.join(tempDir(), 'verify.mjs');
  writeFileSync(file, `${code}\nexport { verify };\n`);
  const { verify } = (await import(pathToFileURL(file).href)) as { verify: (body: string, headers: Record<string, string>, secret: string) => boolean };
  for (const secret of [newSecret(), 'an-older-shared-secret']) {
    const { received } = await deliverTo(['HOOK_SECRET', 'HOOK_SECRET_OLD'], { HOOK_SECRET: newSecret(), HOOK_SECRET_OLD: secret });
    const [req] = received;
    assert.ok(verify(req.body, headersOf(req), secret), 'the second of two signatures verifies');
    assert.not.ok(verify(req.body, headersOf(req), newSecret()), 'another secret does not');
    assert.not.ok(verify(`${req.body} `, headersOf(req), secret), 'a changed body does not');
    const sentAt = Number(req.headers['webhook-timestamp']) * 1000;
    assert.not.ok(at(sentAt + 6 * 60_000, () => verify(req.body, headersOf(req), secret)), 'a replay six minutes later does not');
  }
});

test.run();
