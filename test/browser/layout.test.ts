/**
 * In the browser, on the shipped site: every page type at a phone's width (390 px) and a desktop's
 * (1280 px) is never wider than its viewport, no element sticks out of it, no box clips or spills
 * its text, and whatever scrolls sideways (tables) can be reached by keyboard. Each page is saved as
 * a screenshot for a reviewer (test-output/screenshots/, or $LEGALSITE_SCREENSHOTS). Also the print
 * stylesheet, under emulated print media.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, serveShipped, watchErrors, type ServedSite } from '../helpers/browser.js';
import { ROOT } from '../helpers/sites.js';

const test = suite('browser: layout at phone and desktop widths, and print');
const SHOTS = process.env.LEGALSITE_SCREENSHOTS ?? path.join(ROOT, 'test-output', 'screenshots');
/** Full-page screenshots are cut at this height (the glossary is very long on a phone). */
const MAX_SHOT_HEIGHT = 8_000;

/** One page of every type, and the article pages whose content is widest (tables, code). */
const PAGES: [name: string, url: string][] = [
  ['home', '/'],
  ['articles', '/articles'],
  ['articles-filtered', '/articles?f=forensics'],
  ['article', '/articles/hash-first-chain-of-custody'],
  ['article-privilege-logs', '/articles/privilege-logs-bases-samples'],
  ['article-prompts', '/articles/lawyers-using-ai-tools-safely-playbook'],
  ['article-fact-table', '/articles/chronology-fact-table-standard'],
  ['glossary', '/glossary'],
  ['term', '/glossary/chain-of-custody'],
  ['answers', '/answers'],
  ['datasets', '/datasets'],
  ['dataset', '/datasets/privilege-log'],
  ['templates', '/templates'],
  ['for-ai-systems', '/for-ai-systems'],
  ['api', '/api'],
  ['content-recommendations', '/content-recommendations'],
  ['recommendations-article', '/recommendations/article/privilege-logs-bases-samples'],
  ['recommendations-term', '/recommendations/term/chain-of-custody'],
  ['integrations', '/integrations'],
  ['analytics', '/analytics'],
  ['search', '/search?q=privilege'],
  ['about', '/about'],
  ['not-found', '/no-such-page'],
];

/** Stored browser data, so the webhook and analytics pages are shown filled in (no retries pending:
 * nothing is sent anywhere). */
const STORED: Record<string, unknown> = {
  'legalsite:webhooks:subscriptions': [{ id: 's1', url: 'https://hooks.example.org/catch/123456/abcdef-a-long-path-segment', events: ['article.created', 'article.updated'], active: true, secret: 'x', createdAt: '2025-08-26T09:00:00.000Z', deliveryCount: 2, failureCount: 1, lastDelivery: '2025-08-26T09:05:00.000Z' }],
  'legalsite:webhooks:deliveries': [
    { id: 'd1', subscriptionId: 's1', eventId: 'e1', url: 'https://hooks.example.org/x', status: 'success', statusCode: 200, deliveredAt: '2025-08-26T09:01:00.000Z', attempt: 1 },
    { id: 'd2', subscriptionId: 's1', eventId: 'e2', url: 'https://hooks.example.org/x', status: 'failed', deliveredAt: '2025-08-26T09:05:00.000Z', attempt: 3, reason: 'The receiver did not allow a cross-origin request from this site (CORS), so the browser blocked the delivery or hid its answer.' },
  ],
  'legalsite:automations': [{ id: 'a1', name: 'Zap: new citations to the team channel', url: 'https://hooks.zapier.example/hooks/catch/123456/abcdef', events: ['content.cited', 'llm.usage'], active: true, createdAt: '2025-08-26T09:00:00.000Z', successCount: 3, failureCount: 0 }],
};

let browser: Browser;
let site: ServedSite;

test.before(async () => {
  [site, browser] = await Promise.all([serveShipped(), launchBrowser()]);
  mkdirSync(SHOTS, { recursive: true });
});
test.after(async () => {
  await browser?.close();
  site?.stop();
});

/**
 * Runs in the page: every way a page can be too wide for its viewport or hide its text. An element
 * that sticks out of the viewport; a box whose content runs out of it (a long URL in a card), or
 * that clips it (overflow hidden); a sideways scroller the keyboard cannot reach. Inside a scroller
 * (a table's box) content may be as wide as it likes. Elements hidden on purpose for screen readers
 * (1 px, or a skip link parked off-screen) are not content.
 */
function layoutProblems(): string[] {
  const vw = document.documentElement.clientWidth;
  const problems: string[] = [];
  const describe = (el: Element) => {
    const cls = typeof el.className === 'string' && el.className.trim() ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
    return `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${cls}> "${(el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 50)}"`;
  };
  if (document.documentElement.scrollWidth > vw) problems.push(`the page is ${document.documentElement.scrollWidth} px wide in a ${vw} px viewport`);
  const walk = (parent: Element, inScroller: boolean) => {
    for (const el of parent.children) {
      const style = getComputedStyle(el);
      if (style.display === 'none' || el.tagName === 'SCRIPT' || el.tagName === 'TEMPLATE') continue;
      const rect = el.getBoundingClientRect();
      if (style.position === 'absolute' && (rect.right <= 0 || style.clip !== 'auto' || style.clipPath !== 'none')) continue;
      if (!inScroller && rect.width > 0 && (rect.right > vw + 0.5 || rect.left < -0.5)) problems.push(`${describe(el)} spans ${Math.round(rect.left)}–${Math.round(rect.right)} px`);
      const scrolls = style.overflowX === 'auto' || style.overflowX === 'scroll';
      const clips = style.overflowX === 'hidden' || style.overflowX === 'clip';
      const isBox = style.display !== 'inline' && style.display !== 'contents' && el.clientWidth > 0;
      if (isBox && el.scrollWidth > el.clientWidth + 1) {
        if (scrolls && (el as HTMLElement).tabIndex < 0) problems.push(`${describe(el)} scrolls sideways but the keyboard cannot reach it`);
        else if (clips) problems.push(`${describe(el)} clips its content (${el.scrollWidth} px in ${el.clientWidth} px)`);
        else if (!scrolls && !inScroller) problems.push(`${describe(el)}: its content runs out of its box (${el.scrollWidth} px in ${el.clientWidth} px)`);
      }
      walk(el, inScroller || scrolls);
    }
  };
  walk(document.body, false);
  return problems;
}

/** tsx keeps function names with an `__name` helper that a function sent to the page lacks. */
const NAME_SHIM = { content: 'window.__name = (f) => f;' };

async function shoot(page: Page, file: string) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const width = page.viewportSize()!.width;
  await page.screenshot({ path: path.join(SHOTS, file), fullPage: true, clip: { x: 0, y: 0, width, height: Math.min(height, MAX_SHOT_HEIGHT) } });
}

/** Opens every page type at one width: its layout problems, and a screenshot of each. */
async function checkWidth(width: number, height: number): Promise<{ problems: string[]; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width, height }, reducedMotion: 'reduce' });
  await context.addInitScript(NAME_SHIM);
  await context.addInitScript((stored) => {
    for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, JSON.stringify(value));
  }, STORED);
  const page = await context.newPage();
  const errors = watchErrors(page);
  const problems: string[] = [];
  for (const [name, url] of PAGES) {
    // Island pages fetch data after load; the rest are done at load.
    await page.goto(site.base + url, { waitUntil: /integrations|analytics|search/.test(url) ? 'networkidle' : 'load' });
    for (const p of await page.evaluate(layoutProblems)) problems.push(`${width} px ${url}: ${p}`);
    await shoot(page, `${name}-${width}.png`);
  }
  await context.close();
  return { problems, errors: errors.filter((e) => !/404 \(Not Found\)/.test(e)) };
}

test('every page type at 390 and 1280 px: nothing wider than the viewport, no clipped or spilling text; screenshots saved', async () => {
  // The two widths run side by side: each page is its own browser process.
  const results = await Promise.all([checkWidth(390, 844), checkWidth(1280, 800)]);
  const problems = results.flatMap((r) => r.problems);
  assert.equal(problems, [], `layout problems:\n${problems.join('\n')}`);
  assert.equal(results.flatMap((r) => r.errors), [], 'no console errors');
});

test('print: no header, footer, buttons or islands; URL, dates, pinpoints and reference URLs printed; tables whole', async () => {
  // 688 px is an A4 page's width inside 14 mm margins, at 96 px per inch.
  const context = await browser.newContext({ viewport: { width: 688, height: 1000 } });
  await context.addInitScript(NAME_SHIM);
  const page = await context.newPage();
  await page.emulateMedia({ media: 'print' });
  const shown = (selector: string) => page.evaluate((s) => [...document.querySelectorAll(s)].some((el) => el.checkVisibility()), selector);
  for (const [name, url, canonical] of [
    ['print-article', '/articles/privilege-logs-bases-samples', 'https://reference.example.com/articles/privilege-logs-bases-samples'],
    ['print-article-wide-table', '/articles/chronology-fact-table-standard', 'https://reference.example.com/articles/chronology-fact-table-standard'],
    ['print-term', '/glossary/chain-of-custody', 'https://reference.example.com/glossary/chain-of-custody'],
    ['print-dataset', '/datasets/privilege-log', 'https://reference.example.com/datasets/privilege-log'],
  ]) {
    await page.goto(site.base + url);
    for (const hidden of ['.site-header', '.site-footer', 'button', '.button', '[data-island]', 'form']) assert.not.ok(await shown(hidden), `${url}: ${hidden} is not printed`);
    assert.is((await page.locator('.print-url').innerText()).trim(), canonical, `${url}: the page's URL is printed`);
    assert.equal(await page.evaluate(layoutProblems), [], `${url}: nothing is cut off the page`);
    await shoot(page, `${name}.png`);
  }
  // The printed pages above have no islands: the article list's filters are one, and are not printed.
  await page.goto(`${site.base}/articles`);
  assert.ok((await page.locator('[data-island]').count()) > 0, '/articles has an island');
  assert.not.ok(await shown('[data-island]'), '/articles: its islands are not printed');
  await page.goto(`${site.base}/articles/privilege-logs-bases-samples`);
  const printed = await page.evaluate(() => ({
    dates: document.querySelector('.byline')!.textContent,
    pinpoint: getComputedStyle(document.getElementById('privilege-logs-bases-samples-p001')!, '::before').content,
    reference: getComputedStyle(document.querySelector('.references a[href^="http"]')!, '::after').content,
    href: document.querySelector('.references a[href^="http"]')!.getAttribute('href'),
    faqAnswerHeight: document.querySelector('details:not([open]) .faq-answer')!.getBoundingClientRect().height,
  }));
  assert.match(printed.dates!, /Published Aug 25, 2025/);
  assert.match(printed.dates!, /Last modified/);
  assert.is(printed.pinpoint, '"¶ privilege-logs-bases-samples-p001"', 'the paragraph id is printed in the margin');
  assert.is(printed.reference, `" <${printed.href}>"`, 'the reference URL is printed after it');
  assert.ok(printed.faqAnswerHeight > 0, 'closed FAQ answers are printed');
  await context.close();
});

test.run();
