/**
 * In the browser, on a generated site of 250 articles served by a plain static host: /articles over
 * numbered pages, its search box and filter chips sending the reader to /search with the query
 * (`?q=…&type=article`, `&jurisdiction=…` or `&tag=…`), the Filters button showing every filter, the
 * pager by mouse and keyboard; and no serious accessibility problem (axe-core) on the paged lists
 * and the glossary's letter pages.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, watchErrors } from '../helpers/browser.js';
import { generatedBuild, LOW_LIMITS } from '../helpers/generated-site.js';
import { startStaticHost, type StaticHost } from '../helpers/static-host.js';

const test = suite('browser: lists over numbered pages');
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
let browser: Browser;
let host: StaticHost;
let low: StaticHost;

test.before(async () => {
  host = await startStaticHost((await generatedBuild()).dist);
  low = await startStaticHost((await generatedBuild(LOW_LIMITS)).dist);
  browser = await launchBrowser();
});
test.after(async () => {
  await browser?.close();
  await host?.close();
  await low?.close();
});

const params = (page: Page) => {
  const url = new URL(page.url());
  return { path: url.pathname, query: Object.fromEntries(url.searchParams) };
};

test('the search box searches the whole site: Enter opens /search with the words and the article type', async () => {
  const page = await browser.newPage();
  const errors = watchErrors(page);
  await page.goto(`${host.url}/articles/page/2`);
  await page.getByRole('searchbox', { name: 'Search articles' }).fill('chain of custody');
  await Promise.all([page.waitForURL(/\/search\?/), page.keyboard.press('Enter')]);
  assert.equal(params(page), { path: '/search', query: { q: 'chain of custody', type: 'article' } });
  assert.equal(errors, []);
  await page.close();
});

test('a chip opens /search filtered by it; Filters shows every other jurisdiction and tag', async () => {
  const page = await browser.newPage();
  await page.goto(`${host.url}/articles`);
  const chips = page.locator('.site-filters > ul.chips a.chip');
  assert.is(await chips.count(), 7);
  const first = (await chips.first().textContent())!;
  await Promise.all([page.waitForURL(/\/search\?/), chips.first().click()]);
  assert.equal(params(page), { path: '/search', query: { type: 'article', jurisdiction: first } });
  await page.goBack();
  const more = page.locator('.more-filters a.chip');
  assert.not.ok(await more.first().isVisible(), 'the other filters wait behind the Filters button');
  await page.getByText('Filters', { exact: true }).click();
  assert.ok(await more.first().isVisible());
  const tag = (await more.first().textContent())!;
  await Promise.all([page.waitForURL(/\/search\?/), more.first().click()]);
  assert.equal(params(page), { path: '/search', query: { type: 'article', tag } });
  await page.close();
});

test('the pager: Next, a page number and Previous, by mouse and by keyboard; the current page is marked', async () => {
  const page = await browser.newPage();
  await page.goto(`${host.url}/articles`);
  const pager = page.getByRole('navigation', { name: 'Pages of articles' });
  await Promise.all([page.waitForURL(/\/articles\/page\/2$/), pager.getByRole('link', { name: 'Next' }).click()]);
  assert.is(await pager.locator('[aria-current="page"]').textContent(), '2');
  assert.is(await page.locator('[data-article-list] [data-slug]').count(), 100);
  await pager.getByRole('link', { name: 'Page 3 of 3' }).focus();
  await Promise.all([page.waitForURL(/\/articles\/page\/3$/), page.keyboard.press('Enter')]);
  assert.is(await pager.getByRole('link', { name: 'Next' }).count(), 0, 'no Next on the last page');
  await Promise.all([page.waitForURL(/\/articles\/page\/2$/), pager.getByRole('link', { name: 'Previous' }).click()]);
  await Promise.all([page.waitForURL(/\/articles$/), pager.getByRole('link', { name: 'Page 1 of 3' }).click()]);
  await page.close();
});

test('no serious or critical accessibility problem on the paged lists and the glossary by letter (axe-core)', async () => {
  const context = await browser.newContext({ bypassCSP: true, reducedMotion: 'reduce' });
  const problems: string[] = [];
  for (const [site, url] of [[host, '/articles'], [host, '/articles/page/3'], [host, '/answers/page/2'], [low, '/glossary'], [low, '/glossary/letter/a'], [low, '/content-recommendations/page/2']] as const) {
    const page = await context.newPage();
    await page.goto(site.url + url, { waitUntil: 'networkidle' });
    await page.addScriptTag({ content: axeSource });
    const result = await page.evaluate(async () => (window as any).axe.run(document, { resultTypes: ['violations'] }));
    for (const v of result.violations as { id: string; impact: string; help: string }[]) if (v.impact === 'serious' || v.impact === 'critical') problems.push(`${url}: ${v.id}: ${v.help}`);
    await page.close();
  }
  await context.close();
  assert.equal(problems, []);
});

test.run();
