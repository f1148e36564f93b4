/** In the browser: the integration hub's webhook subscriptions and deliveries (signed, retried) and
 * the analytics page's dashboard and automation webhooks, against receivers on 127.0.0.1. */
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, serveFixture, watchErrors } from '../helpers/browser.js';

const test = suite('browser: webhooks and analytics');
let browser: Browser;
let context: BrowserContext;
let site: Awaited<ReturnType<typeof serveFixture>>;
let receiver: Server;
let receiverUrl = '';
const received: { headers: IncomingMessage['headers']; body: string; attempt: number }[] = [];
let posts = 0;
let closedUrl = '';

test.before(async () => {
  site = await serveFixture('minimal');
  browser = await launchBrowser();
  context = await browser.newContext();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.base });
  receiver = createServer((req, res) => {
    const cors = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': '*', 'Access-Control-Allow-Methods': 'POST' };
    // /no-cors is an ordinary receiver that knows nothing of CORS; /broken allows CORS and fails.
    if (req.url === '/no-cors') return void req.resume().on('end', () => res.writeHead(req.method === 'OPTIONS' ? 404 : 200).end());
    if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end();
    if (req.url === '/broken') return void req.resume().on('end', () => res.writeHead(500, cors).end('database down'));
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      if (req.method !== 'POST') return void res.writeHead(200, cors).end();
      posts += 1;
      // The first POST fails so that fetch() rejects, as it does on a network error: the answer lacks
      // the CORS header the browser requires. (A dropped socket is retried by Chrome itself.)
      if (posts === 1 && req.url === '/flaky') return void res.writeHead(502).end();
      received.push({ headers: req.headers, body, attempt: posts });
      res.writeHead(200, cors).end('ok');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}`;
  // A port nothing listens on: deliveries to it meet a network error.
  const closed = createServer();
  await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
  closedUrl = `http://127.0.0.1:${(closed.address() as { port: number }).port}/hook`;
  await new Promise((r) => closed.close(r));
});
test.after(async () => {
  await browser?.close();
  site?.stop();
  receiver?.close();
});

async function hub(retryDelayMs = 300): Promise<Page> {
  const page = await context.newPage();
  await page.addInitScript((ms) => ((globalThis as any).__legalsiteRetryDelayMs = ms), retryDelayMs);
  await page.goto(`${site.base}/integrations`);
  return page;
}

async function subscribe(page: Page, url: string): Promise<void> {
  await page.getByRole('button', { name: 'Add Webhook' }).click();
  await page.getByLabel('Webhook URL').fill(url);
  await page.getByLabel('article.created').check();
  await page.getByRole('button', { name: 'Create Webhook' }).click();
  await page.locator(`[data-subscription] >> text=${url}`).waitFor();
}

const stats = (page: Page) => page.locator('[data-delivery-stats]').innerText();

test('integrations: empty state, feed URL copy, and validation of the create form', async () => {
  const page = await hub();
  await page.getByText('No webhook subscriptions configured').waitFor();
  await page.getByRole('button', { name: 'Copy RSS feed URL' }).click();
  await page.getByText('URL Copied').waitFor();
  assert.is(await page.evaluate(() => navigator.clipboard.readText()), `${site.base}/feeds/rss.xml`);
  await page.getByRole('button', { name: 'Add Webhook' }).click();
  await page.getByRole('button', { name: 'Create Webhook' }).click();
  await page.getByText('Validation Error: Please provide a URL and select at least one event.').waitFor();
  await page.getByLabel('Webhook URL').fill('ftp://example.org/hook');
  await page.getByLabel('article.created').check();
  await page.getByRole('button', { name: 'Create Webhook' }).click();
  await page.getByText('Validation Error: The webhook URL must start with http:// or https://.').waitFor();
  await page.getByRole('button', { name: 'Cancel' }).click();
  assert.is(await page.getByRole('form', { name: 'New webhook subscription' }).count(), 0);
  await page.close();
});

test('integrations: a signed test event is retried after a network failure and then delivered', async () => {
  const page = await hub();
  const errors = watchErrors(page);
  await page.getByRole('button', { name: 'Add Webhook' }).click();
  await page.getByLabel('Webhook URL').fill(`${receiverUrl}/flaky`);
  await page.getByLabel('article.updated').check();
  await page.getByLabel('Secret (optional)').fill('s3cret');
  await page.getByRole('button', { name: 'Create Webhook' }).click();
  await page.getByText('Webhook Created').waitFor();
  await page.getByRole('button', { name: 'Send Test Event' }).click();
  await page.getByText('Test Event Sent').waitFor();
  await page.getByText(/success \(attempt 2\)/).waitFor({ timeout: 15_000 });
  const delivered = received.find((r) => r.headers['x-webhook-attempt'] === '2')!;
  assert.ok(delivered, 'the second attempt reached the receiver');
  const body = JSON.parse(delivered.body);
  assert.equal(Object.keys(body).sort(), ['data', 'event', 'id', 'timestamp']);
  assert.is(body.event, 'test');
  assert.is(delivered.headers['content-type'], 'application/json');
  assert.is(delivered.headers['x-webhook-id'], body.id, 'the header id is the body id');
  assert.is(delivered.headers['x-webhook-timestamp'], body.timestamp);
  assert.is(delivered.headers['x-webhook-user-agent'], 'legalsite-integrations/1.0');
  const expected = `sha256=${createHmac('sha256', 's3cret').update(delivered.body).digest('hex')}`;
  assert.is(delivered.headers['x-webhook-signature'], expected, 'HMAC of the exact body');
  await page.getByText(/Success rate: 100%/).waitFor();
  assert.is(await stats(page), 'Deliveries: 1 · Failures: 0 · Pending: 0 · Success rate: 100%', 'one delivery, counted once, although it took two attempts');
  // The browser itself logs the failed first attempt; the page adds no errors of its own.
  assert.equal(errors.filter((e) => !/Failed to load resource|blocked by CORS policy/.test(e)), []);
  await page.close();
});

test('integrations: toggle active, delete with "Webhook Deleted"', async () => {
  const page = await hub();
  const toggle = page.getByRole('switch');
  await toggle.first().uncheck();
  await page.reload();
  assert.is(await page.getByRole('switch').first().isChecked(), false, 'the toggle is kept');
  await page.getByRole('button', { name: 'Delete' }).first().click();
  await page.getByText('Webhook Deleted').waitFor();
  await page.getByText('No webhook subscriptions configured').waitFor();
  await page.close();
});

test('integrations: each subscription\'s controls name it, and after a delete the keyboard stays in the list', async () => {
  const page = await hub();
  const [a, b] = [`${receiverUrl}/named-a`, `${receiverUrl}/named-b`];
  await subscribe(page, a);
  await subscribe(page, b);
  for (const url of [a, b]) {
    assert.is(await page.getByRole('button', { name: `Delete webhook ${url}`, exact: true }).count(), 1, `Delete names ${url}`);
    assert.is(await page.getByRole('button', { name: `Send Test Event to ${url}`, exact: true }).count(), 1);
    assert.is(await page.getByRole('switch', { name: `Active: ${url}`, exact: true }).count(), 1);
  }
  await page.getByRole('button', { name: `Delete webhook ${a}`, exact: true }).focus();
  await page.keyboard.press('Enter');
  await page.getByText('Webhook Deleted').waitFor();
  await page.waitForFunction((url) => document.activeElement?.getAttribute('aria-label') === `Delete webhook ${url}`, b, { timeout: 5000 });
  await page.keyboard.press('Enter');
  await page.getByText('No webhook subscriptions configured').waitFor();
  await page.waitForFunction(() => document.activeElement?.textContent === 'Add Webhook', undefined, { timeout: 5000 });
  await page.close();
});

test('integrations: during a retry the statistics show it pending, not a success; the failure says why (CORS)', async () => {
  const page = await hub(600_000);
  await subscribe(page, `${receiverUrl}/no-cors`);
  await page.getByRole('button', { name: 'Send Test Event' }).click();
  await page.getByText(/failed, will retry \(attempt 1\)/).waitFor();
  assert.is(await stats(page), 'Deliveries: 0 · Failures: 0 · Pending: 1 · Success rate: none finished yet');
  assert.match(await page.locator('.deliveries').innerText(), /The receiver did not allow a cross-origin request from this site \(CORS\)/);
  await page.reload();
  assert.is(await stats(page), 'Deliveries: 0 · Failures: 0 · Pending: 1 · Success rate: none finished yet', 'the same after a reload');
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.close();
});

test('integrations: an HTTP error and a network error are failures that say so', async () => {
  const page = await hub(50);
  await subscribe(page, `${receiverUrl}/broken`);
  await page.getByRole('button', { name: 'Send Test Event' }).click();
  await page.getByText(/failed \(attempt 1\), HTTP 500/).waitFor();
  assert.match(await page.locator('.deliveries').innerText(), /The receiver answered HTTP 500 Internal Server Error\./);
  assert.is(await stats(page), 'Deliveries: 1 · Failures: 1 · Pending: 0 · Success rate: 0%', 'an error status is not retried');
  await page.getByRole('button', { name: 'Delete' }).click();

  await subscribe(page, closedUrl);
  await page.getByRole('button', { name: 'Send Test Event' }).click();
  await page.getByText(/^failed \(attempt 3\)/).waitFor({ timeout: 15_000 });
  assert.match(await page.locator('.deliveries').innerText(), /Network error: the receiver could not be reached/);
  assert.is(await stats(page), 'Deliveries: 1 · Failures: 1 · Pending: 0 · Success rate: 0%', 'three attempts, one failed delivery');
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.close();
});

test('analytics: loading text, four stat cards, trending and top content', async () => {
  const page = await context.newPage();
  await page.goto(`${site.base}/articles/hashing-evidence`);
  const fetched: string[] = [];
  page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
  await page.goto(`${site.base}/analytics`);
  for (const label of ['Total Events', 'LLM Usage', 'Avg. Time on Page (seconds)', 'Page Load (ms)', 'Trending Content', 'Top Performing Content']) await page.getByText(label, { exact: true }).first().waitFor();
  assert.match(await page.locator('#top-title + ol').innerText(), /hashing evidence/);
  // Trending Content ranks the build's few candidates (every item of this small site), not the whole index.
  const trending = await page.locator('#trending-title + ol').innerText();
  for (const title of ['Hashing evidence', 'Privilege basics', 'Hash value']) assert.ok(trending.includes(title), trending);
  assert.ok(fetched.includes('/analytics/trending.json'), fetched.join(' '));
  assert.not.ok(fetched.includes('/articles/index.json') || fetched.includes('/glossary.json'), fetched.join(' '));
  await page.close();
});

test('analytics: automation webhooks validate, test (no-cors) and delete; export and site update toasts', async () => {
  const page = await context.newPage();
  await page.goto(`${site.base}/analytics`);
  await page.getByRole('button', { name: 'Create Webhook' }).click();
  await page.getByText('Please fill in all fields and select at least one event.').waitFor();
  await page.getByLabel('Name').fill('Zap');
  await page.getByLabel('Webhook URL').fill(`${receiverUrl}/zap`);
  await page.getByLabel('content.cited').check();
  await page.getByRole('button', { name: 'Create Webhook' }).click();
  await page.getByText('Successfully created webhook "Zap"').waitFor();
  await page.getByText('Active', { exact: true }).waitFor();
  const before = received.length;
  await page.getByRole('button', { name: 'Test' }).click();
  await page.getByText('Test webhook sent to "Zap". Check your Zap\'s history.').waitFor();
  // The delivery reaches the receiver in this process: waited for here, not in the page.
  for (const deadline = Date.now() + 10_000; received.length === before && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 20));
  assert.ok(received.length > before, 'the test delivery arrived');
  const test = JSON.parse(received[received.length - 1].body);
  assert.is(received[received.length - 1].headers['content-type'], 'application/json', 'JSON with its content type: the receiver allows CORS');
  assert.is(test.event, 'test');
  assert.equal(Object.keys(test.data).sort(), ['message', 'testId', 'webhookName']);
  assert.equal(Object.keys(test.source).sort(), ['site', 'triggeredBy', 'version']);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Analytics Data' }).click();
  assert.match((await download).suggestedFilename(), /^legalsite-analytics-\d{4}-\d{2}-\d{2}\.json$/);
  await page.getByText('Analytics Exported').waitFor();
  await page.getByRole('button', { name: 'Trigger Site Update' }).click();
  await page.getByText('Search engines and webhooks have been notified of site updates.').waitFor();
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByText('Webhook Deleted').waitFor();
  await page.close();
});

test.run();
