/** In Chromium, on a static host that sends no security header at all (test/helpers/static-host.ts, as
 * S3 or GitHub Pages): every page's own `<meta http-equiv="Content-Security-Policy">` blocks an
 * injected inline script and event handler, and no page of any type reports a violation while it
 * loads and runs its own scripts. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, watchErrors } from '../helpers/browser.js';
import { shippedBuild } from '../helpers/shipped-build.js';
import { startStaticHost, type StaticHost } from '../helpers/static-host.js';

const test = suite('browser: page security policy');
let browser: Browser;
let context: BrowserContext;
let host: StaticHost;
let dist = '';

declare global {
  interface Window {
    __violations: string[];
    __injected?: number;
    __handler?: number;
  }
}

test.before(async () => {
  ({ dist } = await shippedBuild());
  host = await startStaticHost(dist);
  browser = await launchBrowser();
  context = await browser.newContext();
  // Every violation a page reports, from its first script on.
  await context.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(`${e.effectiveDirective} ${e.blockedURI}`));
  });
});

test.after(async () => {
  await browser?.close();
  await host?.close();
});

/** Opens a page and waits until its scripts have loaded and run. */
async function open(url: string): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  const errors = watchErrors(page);
  const res = await page.goto(host.url + url, { waitUntil: 'networkidle' });
  assert.ok(res, url);
  return { page, errors };
}

const pageHtml = (file: string) => readFileSync(path.join(dist, file), 'utf8');
/** A page with an attacker's markup inserted at the start of its body, as a stored XSS would be. */
const inject = (html: string) => html.replace(/<body([^>]*)>/, '<body$1><script>window.__injected = 1</script><img src="/favicon.svg" onload="window.__handler = 1" alt="">');

test('no response carries a security header: the policy can only come from the page', async () => {
  const res = await fetch(`${host.url}/articles`);
  assert.is(res.headers.get('content-security-policy'), null);
  assert.match(await res.text(), /<meta http-equiv="Content-Security-Policy" content="default-src &#x27;self&#x27;; script-src &#x27;self&#x27;;/);
});

test("an injected inline script and event handler are blocked by the page's own policy", async () => {
  host.override('/articles/hash-first-chain-of-custody', inject(pageHtml('articles/hash-first-chain-of-custody.html')));
  try {
    const { page } = await open('/articles/hash-first-chain-of-custody');
    assert.is(await page.evaluate(() => window.__injected), undefined, 'the inline script did not run');
    assert.is(await page.evaluate(() => window.__handler), undefined, 'the inline event handler did not run');
    const violations = await page.evaluate(() => window.__violations);
    assert.ok(violations.some((v) => v.startsWith('script-src-elem inline')), violations.join('\n'));
    assert.ok(violations.some((v) => v.startsWith('script-src-attr inline')), violations.join('\n'));
    // The page's own scripts still ran: the article actions are hydrated.
    await page.getByRole('button', { name: /copy/i }).first().waitFor();
    await page.close();
  } finally {
    host.override('/articles/hash-first-chain-of-custody', undefined);
  }
});

test('the same injection runs once the meta policy is removed (the test would notice a missing policy)', async () => {
  const unprotected = inject(pageHtml('articles/hash-first-chain-of-custody.html')).replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/, '');
  host.override('/unprotected', unprotected);
  try {
    const { page } = await open('/unprotected');
    assert.is(await page.evaluate(() => window.__injected), 1);
    await page.close();
  } finally {
    host.override('/unprotected', undefined);
  }
});

test('no page type reports a violation while it loads and runs its scripts', async () => {
  const { result } = await shippedBuild();
  const article = result.site!.articles[0].slug;
  const term = result.site!.terms[0].slug;
  const dataset = result.site!.source.datasets[0].slug;
  const urls = [
    '/', '/articles', `/articles/${article}`, '/articles/privilege-logs-bases-samples', '/glossary', `/glossary/${term}`, '/answers', '/datasets',
    `/datasets/${dataset}`, '/about', '/privacy', '/api', '/integrations', '/analytics', '/search?q=hash', '/templates', '/for-ai-systems',
    '/content-recommendations', `/recommendations/article/${article}`, `/recommendations/term/${term}`, '/feeds/rss', '/no/such/page',
  ];
  const problems: string[] = [];
  for (const url of urls) {
    const { page, errors } = await open(url);
    const violations = await page.evaluate(() => window.__violations);
    problems.push(...violations.map((v) => `${url}: ${v}`), ...errors.filter((e) => /Content.Security.Policy/i.test(e)).map((e) => `${url}: ${e}`));
    await page.close();
  }
  assert.equal(problems, []);
});

test('the islands work under the policy: search answers, and the integration hub opens its form', async () => {
  const { page } = await open('/search?q=hash');
  await page.locator('a[href^="/glossary/hash"], a[href^="/articles/hash"]').first().waitFor();
  await page.goto(`${host.url}/integrations`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Add Webhook' }).click();
  await page.getByLabel('Webhook URL').waitFor();
  assert.equal(await page.evaluate(() => window.__violations), []);
  await page.close();
});

test.run();
