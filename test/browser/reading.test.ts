/** In the browser: article filters, glossary search, site search, article actions, no console errors. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchBrowser, serveFixture, watchErrors } from '../helpers/browser.js';

const test = suite('browser: reading and finding');
let browser: Browser;
let context: BrowserContext;
let site: Awaited<ReturnType<typeof serveFixture>>;

test.before(async () => {
  site = await serveFixture('minimal');
  browser = await launchBrowser();
  context = await browser.newContext();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.base });
});
test.after(async () => {
  await browser?.close();
  site?.stop();
});

test('every page type loads without console errors', async () => {
  const page = await context.newPage();
  const errors = watchErrors(page);
  for (const url of ['/', '/articles', '/articles/hashing-evidence', '/glossary', '/glossary/hash-value', '/search?q=hash', '/analytics', '/integrations', '/answers', '/api', '/datasets/custody-log', '/recommendations/article/hashing-evidence', '/about']) {
    await page.goto(site.base + url);
    await page.waitForLoadState('networkidle');
  }
  assert.equal(errors, []);
  await page.close();
});

test('articles: the search box filters by title or summary and keeps the query in the URL', async () => {
  const page = await context.newPage();
  await page.goto(`${site.base}/articles`);
  await page.getByPlaceholder('Search articles...').fill('PRIVILEGE');
  await page.waitForFunction(() => document.querySelectorAll('[data-article-list] [data-slug]:not([hidden])').length === 1);
  assert.match(page.url(), /\?q=PRIVILEGE$/);
  await page.getByPlaceholder('Search articles...').fill('no such words');
  await page.getByText('No articles found matching your criteria.').waitFor();
  await page.close();
});

test('articles: chips filter by tag or jurisdiction; Back restores the previous state', async () => {
  const page = await context.newPage();
  await page.goto(`${site.base}/articles`);
  await page.getByRole('button', { name: 'forensics', exact: true }).click();
  await page.waitForFunction(() => document.querySelectorAll('[data-article-list] [data-slug]:not([hidden])').length === 1);
  assert.is(await page.getByRole('button', { name: 'forensics', exact: true }).getAttribute('aria-pressed'), 'true');
  assert.match(page.url(), /f=forensics/);
  await page.getByRole('button', { name: 'United States', exact: true }).click();
  await page.waitForFunction(() => document.querySelectorAll('[data-article-list] [data-slug]:not([hidden])').length === 2);
  await page.goBack();
  await page.waitForFunction(() => document.querySelectorAll('[data-article-list] [data-slug]:not([hidden])').length === 1);
  await page.goto(`${site.base}/articles?f=privilege`);
  await page.waitForFunction(() => document.querySelectorAll('[data-article-list] [data-slug]:not([hidden])').length === 1);
  await page.close();
});

// The minimal site has fewer filter options than are shown at once, so only the button's state is
// checked here; reader-experience.test.ts checks what it reveals on the shipped site.
test('articles: the Filters button says whether every filter option is shown (aria-expanded)', async () => {
  const page = await context.newPage();
  await page.goto(`${site.base}/articles`);
  const filters = page.getByRole('button', { name: 'Filters' });
  assert.is(await filters.getAttribute('aria-expanded'), 'false');
  await filters.click();
  assert.is(await filters.getAttribute('aria-expanded'), 'true');
  await page.close();
});

test('glossary: search matches title, definition, alternate names, tags and jurisdiction; counter updates', async () => {
  const page = await context.newPage();
  await page.goto(`${site.base}/glossary`);
  await page.getByText('3 of 3 terms').waitFor();
  await page.getByPlaceholder('Search terms...').fill('  withheld  ');
  await page.getByText('1 of 3 terms').waitFor();
  assert.ok(await page.locator('#privilege-log').isVisible());
  await page.getByPlaceholder('Search terms...').fill('united states');
  await page.getByText('1 of 3 terms').waitFor();
  await page.getByPlaceholder('Search terms...').fill('');
  await page.getByText('3 of 3 terms').waitFor();
  await page.close();
});

test('site search: prefix and fuzzy matches with highlighted snippets and typed results', async () => {
  const page = await context.newPage();
  await page.goto(`${site.base}/search?q=custdy`);
  await page.locator('.search-results li').first().waitFor();
  const text = await page.locator('.search-results').innerText();
  assert.match(text, /Chain of custody|Custody log/);
  await page.getByRole('searchbox', { name: 'Search the site' }).fill('hash');
  await page.locator('.search-results mark').first().waitFor();
  assert.match(await page.locator('.search-results').innerText(), /Article\s+Hashing evidence/);
  await page.close();
});

test('"/" or Ctrl+K on any page goes to search and focuses the box', async () => {
  const page = await context.newPage();
  const focused = () => page.evaluate(() => document.activeElement?.id);
  await page.goto(`${site.base}/about`);
  await page.keyboard.press('/');
  await page.waitForURL(/\/search$/);
  await page.waitForFunction(() => document.activeElement?.id === 'site-search');
  // /search focuses its box as it loads: moved away from it first, Ctrl+K brings it back.
  await page.locator('h1').click();
  assert.is.not(await focused(), 'site-search');
  await page.keyboard.press('Control+k');
  assert.is(await focused(), 'site-search');
  // A page without a search box: Ctrl+K opens /search.
  await page.goto(`${site.base}/about`);
  await page.keyboard.press('Control+k');
  await page.waitForURL(/\/search$/);
  await page.close();
});

test('article: copy citation, summary, LLM format and takeaways, with the spec toasts and formats', async () => {
  const page = await context.newPage();
  await page.goto(`${site.base}/articles/hashing-evidence`);
  await page.getByRole('button', { name: 'Copy citation' }).click();
  await page.getByText('Citation copied').waitFor();
  assert.is(await page.evaluate(() => navigator.clipboard.readText()), 'Hashing evidence — Test Reference, https://test.example.org/articles/hashing-evidence#answer (Last updated: 2025-08-26)');
  await page.getByRole('button', { name: 'Copy summary' }).click();
  await page.getByText('Summary copied').waitFor();
  await page.getByRole('button', { name: 'Copy LLM format' }).click();
  await page.getByText('LLM format copied').waitFor();
  const llm = await page.evaluate(() => navigator.clipboard.readText());
  for (const line of ['ID: answers/hashing-evidence#a0', 'Jurisdiction: Global', 'Tags: evidence, forensics', '1. Take a hash value at acquisition.', 'Sources:', 'Last updated: 2025-08-26', 'License: CC BY 4.0']) assert.ok(llm.includes(line), line);
  await page.getByRole('button', { name: 'Copy key takeaways' }).click();
  await page.getByText('Key takeaways copied').waitFor();
  await page.close();
});

test('article: share falls back to copying the link; Save Article is listed on /articles', async () => {
  const page = await context.newPage();
  await page.addInitScript(() => Object.defineProperty(navigator, 'share', { value: undefined }));
  await page.goto(`${site.base}/articles/hashing-evidence`);
  await page.getByRole('button', { name: 'Share' }).click();
  await page.getByText('Link copied').waitFor();
  assert.is(await page.evaluate(() => navigator.clipboard.readText()), 'https://test.example.org/articles/hashing-evidence');
  await page.getByRole('button', { name: 'Save Article' }).click();
  await page.getByText('Article saved').waitFor();
  await page.goto(`${site.base}/articles`);
  await page.getByRole('heading', { name: 'Saved articles' }).waitFor();
  assert.ok(await page.locator('.saved a[href="/articles/hashing-evidence"]').isVisible());
  await page.close();
});

test('tracker: page views, reading depth once per view, LLM usage; bots record nothing', async () => {
  const page = await context.newPage();
  await page.goto(`${site.base}/about`);
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${site.base}/articles/hashing-evidence`);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForTimeout(200);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.getByRole('button', { name: 'Copy LLM format' }).click();
  // The event is recorded once the copy has finished, which the toast announces.
  await page.getByText('LLM format copied').waitFor();
  await page.goto(`${site.base}/about`);
  const events = await page.evaluate(() => JSON.parse(localStorage.getItem('legalsite:analytics:events') ?? '[]'));
  const view = events.find((e: any) => e.kind === 'pageview' && e.contentSlug === 'hashing-evidence');
  assert.ok(view && view.sessionId && view.userAgent && typeof view.timeOnPage === 'number' && view.referrer);
  const depths = events.filter((e: any) => e.interactionType === 'reading-depth').map((e: any) => e.metadata.milestone);
  assert.equal(depths.sort((a: number, b: number) => a - b), [25, 50, 75, 100]);
  assert.ok(events.some((e: any) => e.kind === 'llm'));
  await page.close();
  const bot = await browser.newContext({ userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1)' });
  const botPage = await bot.newPage();
  await botPage.goto(`${site.base}/articles/hashing-evidence`);
  await botPage.goto(`${site.base}/about`);
  assert.is(await botPage.evaluate(() => localStorage.getItem('legalsite:analytics:events')), null);
  await bot.close();
});

test('corrupt stored data is discarded with a warning, never a broken page', async () => {
  const page = await context.newPage();
  const warnings: string[] = [];
  page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
  const errors = watchErrors(page);
  await page.goto(`${site.base}/about`);
  await page.evaluate(() => {
    localStorage.setItem('legalsite:saved-articles', '{not json');
    localStorage.setItem('legalsite:webhooks:subscriptions', '[{"bogus":1}]');
  });
  // The empty state is in the server-rendered HTML, so it shows before the island
  // hydrates and reads the stored list; wait for the warning itself, one per key.
  const warned = (key: string) => warnings.some((w) => w.includes('legalsite: discarded') && w.includes(`"${key}"`));
  const until = async (done: () => boolean) => {
    for (let waited = 0; !done() && waited < 10_000; waited += 50) await page.waitForTimeout(50);
  };
  await page.goto(`${site.base}/articles`);
  await until(() => warned('saved-articles'));
  await page.goto(`${site.base}/integrations`);
  await until(() => warned('webhooks:subscriptions'));
  await page.getByText('No webhook subscriptions configured').waitFor();
  assert.equal(errors, []);
  assert.ok(warned('saved-articles'), warnings.join('\n'));
  assert.ok(warned('webhooks:subscriptions'), warnings.join('\n'));
  await page.close();
});

test.run();
