/**
 * The site search in Chromium, on a fixture site served by `legalsite serve`: full text down to the
 * last paragraph with a link to its pinpoint, one typo, facets kept in the URL, the "/" shortcut on
 * each kind of page, initialisms ("S.D.N.Y."), text that stays text, and what /search says without JavaScript.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, serveFixture, watchErrors } from '../helpers/browser.js';

const test = suite('browser: site search');
let browser: Browser;
let context: BrowserContext;
let site: Awaited<ReturnType<typeof serveFixture>>;

/** An article whose last paragraph alone holds a rare word, and a paragraph that looks like markup. */
const FIELD_NOTES = `---
title: Field notes on custody
summary: Notes taken while moving exhibits between rooms.
datePublished: "2025-09-01"
tags: [evidence]
jurisdiction: Global
---
The first paragraph says where the exhibits were kept, for a case in the S.D.N.Y. that the U.S. brought.

## Moving day

The second paragraph says who carried them. Its text reads <img src=x onerror="window.__injected=1"> as a reader typed it.

- a list item about the van
- another about the keys

The last paragraph names the quokkaesque cataloguing method the clerk used.
`;

test.before(async () => {
  site = await serveFixture('minimal', (dir) => {
    writeFileSync(path.join(dir, 'content/articles/field-notes.md'), FIELD_NOTES);
    // Seven articles sharing one rare word: more results than one page shows.
    for (let i = 1; i <= 7; i++) writeFileSync(path.join(dir, `content/articles/ledger-${i}.md`), `---\ntitle: Ledger ${i}\nsummary: Ledger number ${i}.\ndatePublished: "2025-09-0${i}"\ntags: [evidence]\njurisdiction: Global\n---\nThe wombatish ledger ${i} records exhibits.\n`);
  });
  browser = await launchBrowser();
  context = await browser.newContext();
});
test.after(async () => {
  await browser?.close();
  site?.stop();
});

async function searchFor(page: Page, query: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search the site' }).fill(query);
  await page.waitForFunction(() => /results?\b|No results/.test(document.querySelector('[data-search-status]')?.textContent ?? ''));
  await page.waitForFunction(() => document.querySelector('[data-search-results]')!.children.length > 0 || /No results/.test(document.querySelector('[data-search-status]')!.textContent!));
}

const resultTitles = (page: Page) => page.locator('.search-result .result-title').allInnerTexts();

test('a word only the last paragraph of an article holds is found, and its result links to that paragraph', async () => {
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${site.base}/articles/field-notes`);
  const lastId = await page.evaluate(() => [...document.querySelectorAll('.prose p')].at(-1)!.id);
  assert.match(lastId, /^field-notes-p\d+$/, 'the last paragraph has a pinpoint id');
  await page.goto(`${site.base}/search`);
  await searchFor(page, 'quokkaesque');
  assert.equal(await resultTitles(page), ['Field notes on custody']);
  const link = page.locator('.result-passages a').first();
  assert.is(await link.getAttribute('href'), `/articles/field-notes#${lastId}`);
  assert.is(await page.locator('.result-passages mark').first().innerText(), 'quokkaesque');
  await link.click();
  await page.waitForURL(`**/articles/field-notes#${lastId}`);
  assert.equal(errors, []);
  await page.close();
});

test('one typo still finds the word', async () => {
  const page = await context.newPage();
  await page.goto(`${site.base}/search?q=quokaesque`);
  await page.locator('.search-result').first().waitFor();
  assert.equal(await resultTitles(page), ['Field notes on custody']);
  assert.is(await page.locator('.result-passages mark').first().innerText(), 'quokkaesque', 'the word found is the one marked');
  await page.close();
});

test('a plural finds the singular, and the word found is marked', async () => {
  const page = await context.newPage();
  await page.goto(`${site.base}/search?q=${encodeURIComponent('vans')}`);
  await page.locator('.search-result').first().waitFor();
  assert.equal(await resultTitles(page), ['Field notes on custody']);
  assert.is(await page.locator('.result-passages mark').first().innerText(), 'van');
  await page.close();
});

test('an initialism typed with its dots is found, and marked whole', async () => {
  const page = await context.newPage();
  await page.goto(`${site.base}/search`);
  await searchFor(page, 'S.D.N.Y.');
  assert.equal(await resultTitles(page), ['Field notes on custody']);
  assert.is(await page.locator('.result-passages mark').first().innerText(), 'S.D.N.Y');
  await page.goto(`${site.base}/search?q=${encodeURIComponent('S.D.')}`);
  await page.waitForFunction(() => /results?\b|No results/.test(document.querySelector('[data-search-status]')?.textContent ?? ''));
  assert.match(await page.locator('[data-search-status]').innerText(), /No results/, 'a shorter initialism is not the longer one');
  await page.close();
});

test('a passage that reads like markup is shown as text, and runs nothing', async () => {
  const page = await context.newPage();
  await page.goto(`${site.base}/search?q=onerror`);
  await page.locator('.search-result').first().waitFor();
  assert.match(await page.locator('.result-passages').first().innerText(), /<img src=x onerror="window.__injected=1">/);
  assert.is(await page.locator('.search-results img').count(), 0);
  assert.is(await page.evaluate(() => (window as unknown as { __injected?: number }).__injected), undefined);
  await page.close();
});

test('facets narrow the results, show their counts, and survive a reload', async () => {
  const page = await context.newPage();
  await page.goto(`${site.base}/search?q=custody`);
  await page.locator('.search-result').first().waitFor();
  const types = await page.locator('.search-result > .tag').allInnerTexts();
  assert.ok(new Set(types).size >= 2, `articles and terms: ${types.join(', ')}`);
  const termBox = page.getByRole('checkbox', { name: /Glossary terms \(\d+\)/ });
  const count = Number((await termBox.locator('xpath=..').innerText()).match(/\((\d+)\)/)![1]);
  await termBox.check();
  await page.waitForURL(/[?&]type=term/);
  await page.waitForFunction((n) => document.querySelectorAll('.search-result').length === n, count);
  assert.equal([...new Set(await page.locator('.search-result > .tag').allInnerTexts())], ['Glossary term']);
  const narrowed = await resultTitles(page);
  await page.reload();
  await page.waitForFunction((n) => document.querySelectorAll('.search-result').length === n, count);
  assert.ok(await page.getByRole('checkbox', { name: /Glossary terms/ }).isChecked(), 'the facet is still chosen');
  assert.equal(await resultTitles(page), narrowed);
  assert.is(await page.getByRole('searchbox', { name: 'Search the site' }).inputValue(), 'custody');
  // A jurisdiction too, given in the URL as the article list's filters give it.
  await page.goto(`${site.base}/search?q=privilege&jurisdiction=United+States&type=article`);
  await page.locator('.search-result').first().waitFor();
  assert.equal(await resultTitles(page), ['Privilege basics']);
  await page.close();
});

test('a phrase no result holds as written says "No results", with nothing offered to show more', async () => {
  const page = await context.newPage();
  await page.goto(`${site.base}/search`);
  for (const query of ['"log privilege"', 'zebra-crossing']) {
    await page.getByRole('searchbox', { name: 'Search the site' }).fill(query);
    await page.waitForFunction((q) => document.querySelector('[data-search-status]')?.textContent === `No results for “${q}”.`, query, { timeout: 10_000 });
    assert.is(await page.locator('.search-result').count(), 0, query);
    assert.not.ok(await page.getByRole('button', { name: 'Show more results' }).isVisible(), query);
  }
  await page.close();
});

test('"Show more results" from the keyboard: focus goes to the first new result, never to the page', async () => {
  const page = await context.newPage();
  await page.goto(`${site.base}/search?q=wombatish`);
  await page.waitForFunction(() => document.querySelectorAll('.search-result').length === 5);
  await page.getByRole('button', { name: 'Show more results' }).focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelectorAll('.search-result').length === 7);
  const focused = await page.evaluate(() => ({ text: document.activeElement?.textContent, inSixth: document.querySelectorAll('.search-result')[5].contains(document.activeElement) }));
  assert.ok(focused.inSixth, `the sixth result has the focus: ${focused.text}`);
  await page.close();
});

test('the keyboard reaches the results before the facets; a phone shows the facets after the results, a wide screen to their left', async () => {
  for (const [width, facetsLeft] of [[390, false], [1280, true]] as const) {
    const ctx = await browser.newContext({ viewport: { width, height: 844 } });
    const page = await ctx.newPage();
    await page.goto(`${site.base}/search?q=wombatish`);
    await page.locator('.search-result').first().waitFor();
    const order = await page.evaluate(() => {
      const all = [...document.querySelectorAll<HTMLElement>('a[href], input, button')].filter((e) => e.checkVisibility() && e.tabIndex >= 0);
      const firstResult = all.findIndex((e) => e.closest('.search-result'));
      const firstFacet = all.findIndex((e) => e.closest('[data-search-facets]'));
      const r = document.querySelector('[data-search-results]')!.getBoundingClientRect();
      const f = document.querySelector('[data-search-facets]')!.getBoundingClientRect();
      return { firstResult, firstFacet, facetsBelow: f.top >= r.bottom, facetsLeft: f.right <= r.left };
    });
    assert.ok(order.firstResult < order.firstFacet, `${width}: results come first in the tab order`);
    assert.is(order.facetsLeft, facetsLeft, `${width}: facets to the left`);
    if (!facetsLeft) assert.ok(order.facetsBelow, `${width}: facets after the results`);
    await ctx.close();
  }
});

test('Back undoes a chosen facet and a sent search', async () => {
  const page = await context.newPage();
  await page.goto(`${site.base}/search?q=custody`);
  await page.locator('.search-result').first().waitFor();
  const all = await resultTitles(page);
  await page.getByRole('checkbox', { name: /Glossary terms \(\d+\)/ }).check();
  await page.waitForURL(/[?&]type=term/);
  await page.waitForFunction((n) => document.querySelectorAll('.search-result').length < n, all.length);
  await page.goBack();
  await page.waitForURL((url) => !url.search.includes('type='));
  await page.waitForFunction((n) => document.querySelectorAll('.search-result').length === n, all.length);
  assert.not.ok(await page.getByRole('checkbox', { name: /Glossary terms/ }).isChecked());
  const box = page.getByRole('searchbox', { name: 'Search the site' });
  await box.fill('wombatish');
  await box.press('Enter');
  await page.waitForURL(/q=wombatish/);
  await page.goBack();
  await page.waitForURL(/q=custody/);
  assert.is(await box.inputValue(), 'custody');
  await page.close();
});

test('"/" focuses the search box of /search, the filter box of /articles and /glossary, and opens /search elsewhere', async () => {
  const page = await context.newPage();
  const focusedAfterSlash = async (url: string) => {
    await page.goto(site.base + url);
    await page.waitForLoadState('networkidle');
    await page.locator('h1').click();
    await page.keyboard.press('/');
    return page.evaluate(() => document.activeElement?.id);
  };
  assert.is(await focusedAfterSlash('/search'), 'site-search');
  assert.is(await focusedAfterSlash('/articles'), 'article-search');
  assert.is(await focusedAfterSlash('/glossary'), 'glossary-search');
  await page.goto(`${site.base}/about`);
  await page.keyboard.press('/');
  await page.waitForURL(/\/search$/);
  await page.waitForFunction(() => document.activeElement?.id === 'site-search');
  await page.close();
});

test('without JavaScript, /search says that search needs it and links to the A–Z glossary and the article list', async () => {
  const noJs = await browser.newContext({ javaScriptEnabled: false });
  const page = await noJs.newPage();
  await page.goto(`${site.base}/search?q=privilege`);
  assert.not.ok(await page.locator('#site-search').isVisible(), 'no box that cannot search');
  const note = page.locator('main noscript, main p:has(a[href="/glossary"])').last();
  assert.match(await note.innerText(), /Search needs JavaScript/);
  assert.is(await page.getByRole('link', { name: 'A–Z glossary' }).getAttribute('href'), '/glossary');
  assert.is(await page.getByRole('link', { name: 'list of articles' }).getAttribute('href'), '/articles');
  await noJs.close();
});

test.run();
