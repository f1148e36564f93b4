/** In the browser: feedback, term sharing, reader events that notify webhooks, and the 404 page. */
import { createServer, type Server } from 'node:http';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchBrowser, serveFixture } from '../helpers/browser.js';

const test = suite('browser: reader behaviours');
let browser: Browser;
let context: BrowserContext;
let site: Awaited<ReturnType<typeof serveFixture>>;
let receiver: Server;
let receiverUrl = '';
const received: { event: string; data: Record<string, unknown>; source: Record<string, unknown> }[] = [];

test.before(async () => {
  site = await serveFixture('minimal');
  browser = await launchBrowser();
  context = await browser.newContext();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.base });
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      if (req.method === 'POST') received.push(JSON.parse(body));
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/zap`;
});
test.after(async () => {
  await browser?.close();
  site?.stop();
  receiver?.close();
});

test('feedback: yes/no with a comment, kept per page, a second answer replaces the first, by keyboard', async () => {
  const page = await context.newPage();
  await page.goto(`${site.base}/glossary/hash-value`);
  await page.getByRole('heading', { name: 'Was this helpful?' }).waitFor();
  await page.getByLabel('Yes').focus();
  await page.keyboard.press('Space');
  await page.getByLabel('Comment (optional)').fill('Clear definition.');
  await page.getByRole('button', { name: 'Send feedback' }).press('Enter');
  await page.getByText('Thank you for your feedback.').first().waitFor();
  await page.getByLabel('No').check();
  await page.getByRole('button', { name: 'Send feedback' }).click();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('legalsite:feedback')!));
  assert.equal(Object.keys(stored), ['glossary:hash-value']);
  assert.is(stored['glossary:hash-value'].helpful, false);
  const mail = await page.getByRole('link', { name: 'Email the editors' }).getAttribute('href');
  assert.match(mail!, /^mailto:editors@test\.example\.org\?subject=Feedback%3A%20Hash%20value&body=Page%3A%20https%3A%2F%2Ftest\.example\.org%2Fglossary%2Fhash-value/);
  await page.close();
});

test('term pages share like articles: native share, else "Link copied"', async () => {
  const page = await context.newPage();
  await page.addInitScript(() => Object.defineProperty(navigator, 'share', { value: undefined }));
  await page.goto(`${site.base}/glossary/hash-value`);
  await page.getByRole('button', { name: 'Share' }).click();
  await page.getByText('Link copied').waitFor();
  assert.is(await page.evaluate(() => navigator.clipboard.readText()), 'https://test.example.org/glossary/hash-value');
  await page.close();
});

test('copying a citation fires content.cited and engagement.high to subscribed automation webhooks', async () => {
  const page = await context.newPage();
  await page.goto(`${site.base}/about`);
  const automation = { id: 'a1', name: 'Zap', url: receiverUrl, events: ['content.cited', 'engagement.high', 'llm.usage', 'download.requested'], active: true, createdAt: '2025-08-26T00:00:00.000Z', successCount: 0, failureCount: 0 };
  await page.evaluate((json) => localStorage.setItem('legalsite:automations', json), JSON.stringify([automation]));
  await page.goto(`${site.base}/articles/hashing-evidence`);
  await page.getByRole('button', { name: 'Copy citation' }).click();
  await waitFor(() => received.some((r) => r.event === 'content.cited') && received.some((r) => r.event === 'engagement.high'));
  const cited = received.find((r) => r.event === 'content.cited')!;
  assert.is(cited.data.slug, 'hashing-evidence');
  assert.equal(Object.keys(cited.source).sort(), ['site', 'triggeredBy', 'version']);
  await page.getByRole('button', { name: 'Copy LLM format' }).click();
  await waitFor(() => received.some((r) => r.event === 'llm.usage'));
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download answer JSON' }).click()]);
  assert.ok(download);
  await waitFor(() => received.some((r) => r.event === 'download.requested'));
  await page.close();
});

test('the 404 page logs the attempted path and names a missing term', async () => {
  const page = await context.newPage();
  const logs: string[] = [];
  page.on('console', (m) => logs.push(m.text()));
  await page.goto(`${site.base}/glossary/no-such-term`);
  await page.getByText('Page Not Found').first().waitFor();
  await page.getByText("The glossary term you're looking for could not be found.").waitFor();
  assert.ok(logs.some((l) => l.includes('/glossary/no-such-term')));
  await page.goto(`${site.base}/recommendations/term/nothing`);
  await page.getByText('Content not found').waitFor();
  await page.close();
});

async function waitFor(check: () => boolean, ms = 10_000) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error('timed out waiting for the webhook');
    await new Promise((r) => setTimeout(r, 50));
  }
}

test.run();
