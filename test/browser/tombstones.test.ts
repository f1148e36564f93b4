/** In the browser, JavaScript off: a removed paragraph's tombstone is hidden from reading and shows
 * in place when the address points at its id, or at one of its second anchors (a former slug's). */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchBrowser, serveFixture } from '../helpers/browser.js';

const test = suite('browser: tombstones');
let browser: Browser;
let context: BrowserContext;
let site: Awaited<ReturnType<typeof serveFixture>>;

/** A record in which the article had two paragraphs no longer in it: both are tombstones now. */
const RECORD = [
  '{"legalsite":"pinpoints","version":1,"about":"test"}',
  '{"article":"privilege-basics","issued":2}',
  '{"id":"p001","hash":"0000000000000001","sketch":"","start":"An old first paragraph"}',
  '{"id":"p002","hash":"0000000000000002","sketch":"","start":"An old second paragraph"}',
  '',
].join('\n');

test.before(async () => {
  site = await serveFixture('minimal', (dir) => {
    const article = path.join(dir, 'content/articles/privilege-basics.md');
    writeFileSync(article, readFileSync(article, 'utf8').replace('tags: [', 'formerSlugs: [privilege-101]\ntags: ['));
    writeFileSync(path.join(dir, 'content/pinpoints.jsonl'), RECORD);
  });
  browser = await launchBrowser();
  context = await browser.newContext({ javaScriptEnabled: false });
});
test.after(async () => {
  await browser?.close();
  site?.stop();
});

const shown = (page: import('playwright-core').Page, id: string) => page.locator(`[id="${id}"]`).isVisible();

test('hidden while reading; shown in place when it is the target, by its id or a second anchor', async () => {
  const page = await context.newPage();
  await page.goto(`${site.base}/articles/privilege-basics`);
  assert.is(await shown(page, 'privilege-basics-p001'), false);
  assert.is(await shown(page, 'privilege-basics-p003'), true, 'the paragraph itself reads as usual');
  assert.not.match(await page.locator('.prose').innerText(), /removed/);
  await page.goto(`${site.base}/articles/privilege-basics#privilege-basics-p002`);
  assert.is(await shown(page, 'privilege-basics-p002'), true);
  assert.is(await shown(page, 'privilege-basics-p001'), false, 'only the target shows');
  assert.match(await page.locator('[id="privilege-basics-p002"]').innerText(), /^This paragraph was removed on Aug 27, 2025\.$/);
  const box = await page.locator('[id="privilege-basics-p002"]').boundingBox();
  assert.ok(box && box.y > -2 && box.y < (page.viewportSize()?.height ?? 720), `scrolled into view: ${JSON.stringify(box)} ${await page.evaluate('window.scrollY')}`);
  await page.goto(`${site.base}/articles/privilege-basics#privilege-101-p001`);
  assert.is(await shown(page, 'privilege-basics-p001'), true, "a former slug's anchor shows the tombstone too");
  await page.close();
});

test.run();
