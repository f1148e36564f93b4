/**
 * In the browser, on the shipped site: active filters never hide, focus follows the webhook form,
 * the focus ring is visible, wrong-typed stored data never breaks a page, pages say what works
 * without JavaScript, and the privilege-log article file is served where the spec's calls table
 * says.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, serveShipped, watchErrors, type ServedSite } from '../helpers/browser.js';

const test = suite('browser: the reader experience');
let browser: Browser;
let context: BrowserContext;
let site: ServedSite;

test.before(async () => {
  [site, browser] = await Promise.all([serveShipped(), launchBrowser()]);
  context = await browser.newContext();
});
test.after(async () => {
  await browser?.close();
  site?.stop();
});

const visibleCards = (page: Page) => page.locator('[data-article-list] [data-slug]:not([hidden])').count();

test('articles: an active filter is always in sight as a pressed chip, with the count, Clear filters and the URL', async () => {
  const page = await context.newPage();
  await page.goto(`${site.base}/articles`);
  await page.locator('.chip').first().waitFor();
  assert.not.ok((await page.locator('.chip').allInnerTexts()).includes('forensics'), 'forensics is not among the chips shown by default');

  await page.goto(`${site.base}/articles?f=forensics`);
  const chip = page.getByRole('button', { name: 'forensics', exact: true });
  await chip.waitFor();
  assert.is(await chip.getAttribute('aria-pressed'), 'true', 'the filter from the URL shows as a pressed chip');
  const total = await page.locator('[data-article-list] [data-slug]').count();
  const tagged = await page.locator('[data-article-list] [data-slug][data-tags~="forensics"]').count();
  assert.ok(tagged > 0 && tagged < total);
  await page.getByText(`Showing ${tagged} of ${total} articles`).waitFor();
  assert.is(await visibleCards(page), tagged);

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await page.getByText(`${total} articles`, { exact: true }).waitFor();
  assert.is(new URL(page.url()).search, '', 'the URL has no filter left');
  assert.is(await visibleCards(page), total);
  assert.is(await page.evaluate(() => document.activeElement?.id), 'article-search', 'the keyboard stays in the search box');

  // A tag chosen in the Filters panel stays pressed and in sight once the panel is closed.
  const shown = await page.locator('.chip').allInnerTexts();
  const filters = page.getByRole('button', { name: 'Filters', exact: true });
  await filters.click();
  const extra = (await page.locator('.chip').allInnerTexts()).find((c) => !shown.includes(c))!;
  assert.ok(extra, 'the panel has more filters than the chips shown');
  await page.getByRole('button', { name: extra, exact: true }).click();
  await filters.click();
  assert.is(await filters.getAttribute('aria-expanded'), 'false');
  assert.is(await page.getByRole('button', { name: extra, exact: true }).getAttribute('aria-pressed'), 'true');
  assert.equal(new URL(page.url()).searchParams.getAll('f'), [extra]);
  await page.getByText(/^Showing \d+ of \d+ articles$/).waitFor();
  assert.ok(await page.getByRole('button', { name: 'Clear filters' }).isVisible());
  await page.close();
});

/** WCAG contrast ratio of two CSS rgb() colours. */
function contrast(a: string, b: string): number {
  const lum = (c: string) => {
    const [r, g, bl] = c.match(/[\d.]+/g)!.slice(0, 3).map((v) => {
      const s = Number(v) / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

test('integrations: focus moves into the webhook form and back to Add Webhook on Cancel and Create; the focus ring has 3:1 contrast', async () => {
  const page = await context.newPage();
  await page.goto(`${site.base}/integrations`);
  const add = page.getByRole('button', { name: 'Add Webhook' });
  const isFocused = (locator: ReturnType<Page['getByLabel']>) => locator.evaluate((el) => el === document.activeElement);
  await add.focus();
  const ring = await add.evaluate((el) => ({ outline: getComputedStyle(el).outlineColor, style: getComputedStyle(el).outlineStyle, page: getComputedStyle(document.body).backgroundColor }));
  assert.is(ring.style, 'solid', 'a keyboard focus shows a ring');
  assert.ok(contrast(ring.outline, ring.page) >= 3, `focus ring ${ring.outline} on ${ring.page}: ${contrast(ring.outline, ring.page).toFixed(2)}:1`);

  await page.keyboard.press('Enter');
  await page.getByLabel('Webhook URL').waitFor();
  assert.ok(await isFocused(page.getByLabel('Webhook URL')), 'Add Webhook moves focus to the URL field');
  await page.getByRole('button', { name: 'Cancel' }).focus();
  await page.keyboard.press('Enter');
  assert.ok(await isFocused(add), 'Cancel gives focus back to Add Webhook');

  await page.keyboard.press('Enter');
  await page.keyboard.type('https://hooks.example.org/catch/1');
  await page.getByLabel('article.created').check();
  await page.getByRole('button', { name: 'Create Webhook' }).focus();
  await page.keyboard.press('Enter');
  await page.getByText('Webhook Created').waitFor();
  assert.ok(await isFocused(add), 'a successful create gives focus back to Add Webhook');
  assert.ok(await page.getByText('Deliveries: 0 · Failures: 0 · Pending: 0 · Success rate: none finished yet').isVisible());
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.close();
});

test('wrong-typed stored records are dropped with one warning per key: /analytics and /integrations work and never show NaN, undefined or Invalid Date', async () => {
  const ctx = await browser.newContext();
  const now = new Date().toISOString();
  const view = { id: 'v1', timestamp: now, sessionId: 's', kind: 'pageview', url: '/glossary/chain-of-custody', title: 'Chain of custody', referrer: 'direct', userAgent: 'UA', contentType: 'glossary', contentSlug: 'chain-of-custody', scrollDepth: 80, timeOnPage: 30 };
  const automation = { id: 'a1', name: 'Good automation', url: 'https://hooks.example.org/a', events: ['llm.usage'], active: true, createdAt: now, successCount: 1, failureCount: 0 };
  const sub = { id: 's1', url: 'https://hooks.example.org/good', events: ['article.created'], active: true, createdAt: now, deliveryCount: 1, failureCount: 0 };
  const delivery = { id: 'd1', subscriptionId: 's1', eventId: 'e1', url: sub.url, status: 'success', statusCode: 200, deliveredAt: now, attempt: 1 };
  const stored = {
    'analytics:events': [view, { ...view, id: 'v2', contentSlug: 42 }, { ...view, id: 'v3', timeOnPage: undefined }, { ...view, id: 'v4', timestamp: 'yesterday' }, { id: 'p1', timestamp: now, sessionId: 's', kind: 'performance', metricType: 'page-load', value: 'fast', url: '/', metadata: {} }],
    automations: [automation, { ...automation, id: 'a2', name: 'No counts', successCount: undefined }, { ...automation, id: 'a3', name: 'Events as text', events: 'llm.usage' }],
    'webhooks:subscriptions': [sub, { ...sub, id: 's2', url: 'https://hooks.example.org/count-as-text', deliveryCount: '3' }, { ...sub, id: 's3', url: 'https://hooks.example.org/bad-date', createdAt: 'not a date' }],
    'webhooks:deliveries': [delivery, { ...delivery, id: 'd2', attempt: null }, { ...delivery, id: 'd3', deliveredAt: 'soon' }],
  };
  // Seeded once, before the first page's scripts run.
  await ctx.addInitScript((data) => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    for (const [key, value] of Object.entries(data)) localStorage.setItem(`legalsite:${key}`, JSON.stringify(value));
  }, stored);
  const page = await ctx.newPage();
  const errors = watchErrors(page);
  const warnings: string[] = [];
  page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));

  await page.goto(`${site.base}/analytics`, { waitUntil: 'networkidle' });
  await page.getByText('Top Performing Content').waitFor();
  const analytics = await page.locator('main').innerText();
  assert.not.match(analytics, /NaN|undefined|Invalid Date/);
  assert.match(analytics, /Good automation/);
  assert.not.match(analytics, /No counts|Events as text/);
  assert.match(await page.locator('#top-title + ol').innerText(), /chain of custody/);
  for (const value of await page.locator('.stat-cards dd').allInnerTexts()) assert.match(value, /^\d+$/, 'every stat is a number');

  await page.goto(`${site.base}/integrations`, { waitUntil: 'networkidle' });
  await page.locator('[data-delivery-stats]').first().waitFor();
  const integrations = await page.locator('main').innerText();
  assert.not.match(integrations, /NaN|undefined|Invalid Date/);
  assert.match(integrations, /hooks\.example\.org\/good/);
  assert.not.match(integrations, /count-as-text|bad-date/);
  assert.match(integrations, /Deliveries: 1 · Failures: 0 · Pending: 0 · Success rate: 100%/);

  assert.equal(errors, []);
  for (const key of Object.keys(stored)) {
    assert.is(warnings.filter((w) => w.includes(`of "${key}"`)).length, 1, `one warning for "${key}": ${warnings.join(' | ')}`);
  }
  await ctx.close();
});

test('without JavaScript: no endless loading text and no controls that do nothing; each page says what works', async () => {
  const ctx = await browser.newContext({ javaScriptEnabled: false });
  const page = await ctx.newPage();
  const visible = (selector: string) => page.locator(selector).evaluateAll((els) => els.some((el) => el.checkVisibility()));
  // Chromium with scripts switched off by the test still parses <noscript> as text, so its message is
  // read from the markup rather than seen.
  const noscript = () => page.locator('noscript').allTextContents().then((t) => t.join(' '));

  await page.goto(`${site.base}/analytics`);
  assert.not.match(await page.locator('main').innerText(), /Loading analytics/);
  assert.match(await noscript(), /The dashboard reads what this browser has recorded and needs JavaScript/, '/analytics says what works');

  await page.goto(`${site.base}/integrations`);
  assert.not.ok(await visible('main button'), 'no Copy or Add Webhook button');
  assert.ok(await page.getByText('/feeds/rss', { exact: false }).first().isVisible(), 'the feed URLs are listed');
  assert.match(await noscript(), /Webhook subscriptions are kept and sent by this browser, so they need JavaScript/, '/integrations says what works');
  assert.ok(await page.getByText(/the receiver must allow cross-origin POST requests/).isVisible(), 'the CORS sentence is server-rendered');

  await page.goto(`${site.base}/articles`);
  assert.not.ok(await visible('input[type="search"]'), 'no search box that cannot search');
  assert.not.ok(await visible('.chip'), 'no filter chips that cannot filter');
  const cards = await page.locator('[data-article-list] [data-slug]').count();
  assert.match(await noscript(), new RegExp(`All ${cards} articles are listed below`), '/articles says every article is listed');

  await page.goto(`${site.base}/glossary`);
  assert.not.ok(await visible('#glossary-search'));
  assert.match(await noscript(), /Searching the glossary needs JavaScript/, '/glossary says how to find a term');

  await page.goto(`${site.base}/search?q=privilege`);
  assert.not.ok(await visible('#site-search'));
  assert.match(await noscript(), /Search needs JavaScript/, '/search says what to do');

  await page.goto(`${site.base}/articles/privilege-logs-bases-samples`);
  assert.not.ok(await visible('button'), 'no copy, share or save button');
  await ctx.close();
});

test('/content/articles/privilege-logs-bases-samples.json serves the article file (spec §7)', async () => {
  const response = await context.request.get(`${site.base}/content/articles/privilege-logs-bases-samples.json`);
  assert.is(response.status(), 200);
  assert.match(response.headers()['content-type'], /^application\/json/);
  const file = await response.json();
  const mirror = await (await context.request.get(`${site.base}/articles/privilege-logs-bases-samples.json`)).json();
  assert.equal(file, mirror, 'the same article file as its JSON mirror');
  assert.is(file.slug, 'privilege-logs-bases-samples');
  assert.ok(file.answer.title && Array.isArray(file.answer.content) && file.answer.citation, 'the answer object of spec §3');
  assert.ok(file.sections.bodyHtml && Array.isArray(file.sections.citations));
});

test.run();
