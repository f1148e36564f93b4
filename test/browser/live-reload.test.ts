/**
 * In the browser, against `legalsite serve`: an edited article reloads its open page at once keeping
 * the scroll position, pages the edit does not change stay as they are, and invalid content shows
 * the file:line error in an overlay while the last good site stays served; fixing it clears it.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchBrowser, serveFixture } from '../helpers/browser.js';

const test = suite('browser: live reload and error overlay');
let browser: Browser;
let context: BrowserContext;
let site: Awaited<ReturnType<typeof serveFixture>>;

const articleFile = () => path.join(site.dir, 'content/articles/privilege-basics.md');
const edit = (from: string | RegExp, to: string) => writeFileSync(articleFile(), readFileSync(articleFile(), 'utf8').replace(from, to));

/** Resolves when `file` in dist/ contains `text` (the full rebuild has written it). */
async function distContains(file: string, text: string, ms = 30_000) {
  const abs = path.join(site.dir, 'dist', file);
  const start = Date.now();
  while (!(existsSync(abs) && readFileSync(abs, 'utf8').includes(text))) {
    if (Date.now() - start > ms) throw new Error(`${file} never contained "${text}"`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

test.before(async () => {
  site = await serveFixture('minimal', (dir) => {
    // A long body, so the page scrolls.
    const f = path.join(dir, 'content/articles/privilege-basics.md');
    writeFileSync(f, `${readFileSync(f, 'utf8')}\n${Array.from({ length: 60 }, (_, i) => `Paragraph ${i + 1} about privilege logs and withheld documents.`).join('\n\n')}\n`);
  });
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 800, height: 500 } });
});

test.after(async () => {
  await browser?.close();
  site?.stop();
});

test('an edited article reloads its open page with the edit, at the same scroll position; other pages stay', async () => {
  const article = await context.newPage();
  await article.goto(`${site.base}/articles/privilege-basics`);
  await article.evaluate(() => window.scrollTo(0, 900));
  await article.waitForFunction(() => window.scrollY === 900);
  const about = await context.newPage();
  await about.goto(`${site.base}/about`);
  await about.evaluate(() => ((window as unknown as { untouched: boolean }).untouched = true));

  edit('Privilege protects', 'Privilege shields');
  await article.getByText('Privilege shields confidential legal advice.').waitFor();
  await article.waitForFunction(() => window.scrollY === 900);
  // Once the full rebuild has written everything, the about page (its HTML unchanged) was not reloaded.
  await distContains('articles/privilege-basics.json', 'Privilege shields');
  await about.waitForTimeout(300);
  assert.ok(await about.evaluate(() => (window as unknown as { untouched?: boolean }).untouched), 'the about page was not reloaded');
  await article.close();
  await about.close();
});

test('invalid content: the overlay shows the file:line error, the last good page stays served, a fix clears it', async () => {
  const page = await context.newPage();
  await page.goto(`${site.base}/articles/privilege-basics`);
  edit('tags: [privilege, procedure]', 'tags: [privilege, procedur]');
  const overlay = page.getByRole('alertdialog', { name: 'Build errors' });
  await overlay.waitFor();
  const text = await overlay.innerText();
  assert.match(text, /content\/articles\/privilege-basics\.md:5:\d+/);
  assert.match(text, /"procedur" is not a known tag/);
  const served = await (await fetch(`${site.base}/articles/privilege-basics`)).text();
  assert.match(served, /procedure/, 'the last good page is still served');
  // A page opened while the error stands shows the overlay too.
  const other = await context.newPage();
  await other.goto(`${site.base}/about`);
  await other.getByRole('alertdialog', { name: 'Build errors' }).waitFor();
  edit('tags: [privilege, procedur]', 'tags: [privilege, procedure]');
  await overlay.waitFor({ state: 'detached' });
  await other.getByRole('alertdialog', { name: 'Build errors' }).waitFor({ state: 'detached' });
  await page.close();
  await other.close();
});

test.run();
