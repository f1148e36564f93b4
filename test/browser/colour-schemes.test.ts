/**
 * In the browser, on the shipped site: every text a reader sees meets WCAG's contrast minimum
 * (4.5:1, 3:1 for large text) against the background it sits on, in the light page and in the dark
 * one a system set to dark gets; printing from a dark screen still gives dark ink on white paper.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, serveShipped, type ServedSite } from '../helpers/browser.js';

const test = suite('browser: light and dark colour schemes');
let browser: Browser;
let site: ServedSite;

test.before(async () => {
  [site, browser] = await Promise.all([serveShipped(), launchBrowser()]);
});
test.after(async () => {
  await browser?.close();
  site?.stop();
});

/** Pages that between them show every kind of box: callouts, tables, the answer box, FAQ, an
 * editorial note, tags, badges, chips, forms, search marks, the A–Z index, the footer. */
const PAGES = [
  '/articles/ai-vendor-due-diligence-for-legal',
  '/articles/rag-for-legal-teams#rag-for-legal-teams-p003',
  '/articles',
  '/glossary',
  '/search?q=privilege%20log',
  '/integrations',
  '/analytics',
  '/',
];

interface LowContrast {
  page: string;
  element: string;
  text: string;
  ratio: number;
  needed: number;
}

/** Every visible text of the page whose colour is too close to its background's. */
function lowContrast(page: Page, url: string): Promise<LowContrast[]> {
  return page.evaluate((url) => {
    const channels = (c: string) => c.match(/[\d.]+/g)!.map(Number);
    const luminance = ([r, g, b]: number[]) => {
      const lin = (v: number) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    const over = (top: number[], under: number[]) => {
      const a = top[3] ?? 1;
      return [0, 1, 2].map((i) => top[i] * a + under[i] * (1 - a));
    };
    /** The colour under `el`: its own background and its ancestors', translucent ones blended. */
    const backgroundOf = (el: Element | null): number[] => {
      if (!el) return [255, 255, 255];
      const bg = channels(getComputedStyle(el).backgroundColor);
      if ((bg[3] ?? 1) === 1) return bg;
      const under = backgroundOf(el.parentElement);
      return bg[3] === 0 ? under : over(bg, under);
    };
    const shown = (el: Element) => {
      for (let e: Element | null = el; e; e = e.parentElement) {
        const s = getComputedStyle(e);
        if (s.display === 'none' || s.visibility === 'hidden' || Number(s.opacity) < 1) return false;
      }
      const r = el.getBoundingClientRect();
      return r.width > 1 && r.height > 1 && r.right > 0 && r.bottom > 0;
    };
    const out: LowContrast[] = [];
    for (const el of document.body.querySelectorAll('*')) {
      const text = [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.nodeValue).join('').trim();
      // Inactive controls (a letter of the A–Z index with no terms) are exempt, as WCAG 1.4.3 says.
      if (!text || el.closest('[aria-disabled="true"], script, style, noscript') || !shown(el)) continue;
      const s = getComputedStyle(el);
      const size = parseFloat(s.fontSize);
      const large = size >= 24 || (Number(s.fontWeight) >= 700 && size >= 18.66);
      const fg = channels(s.color);
      const bg = backgroundOf(el);
      const [hi, lo] = [luminance(over(fg, bg)), luminance(bg)].sort((a, b) => b - a);
      const ratio = (hi + 0.05) / (lo + 0.05);
      const needed = large ? 3 : 4.5;
      if (ratio < needed) out.push({ page: url, element: `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`, text: text.slice(0, 40), ratio: Math.round(ratio * 100) / 100, needed });
    }
    return out;
  }, url);
}

const darkness = (page: Page) =>
  page.evaluate(() => {
    const [r, g, b] = getComputedStyle(document.body).backgroundColor === 'rgba(0, 0, 0, 0)' ? getComputedStyle(document.documentElement).backgroundColor.match(/[\d.]+/g)!.map(Number) : getComputedStyle(document.body).backgroundColor.match(/[\d.]+/g)!.map(Number);
    const [ir, ig, ib] = getComputedStyle(document.body).color.match(/[\d.]+/g)!.map(Number);
    return { background: (r + g + b) / 3, ink: (ir + ig + ib) / 3 };
  });

/** tsx keeps function names with an `__name` helper that a function sent to the page lacks. */
const NAME_SHIM = { content: 'window.__name = (f) => f;' };

for (const colorScheme of ['light', 'dark'] as const) {
  test(`${colorScheme}: every visible text has the contrast WCAG asks for, on every kind of page`, async () => {
    const context = await browser.newContext({ colorScheme });
    await context.addInitScript(NAME_SHIM);
    const page = await context.newPage();
    const found: LowContrast[] = [];
    for (const url of PAGES) {
      await page.goto(`${site.base}${url}`);
      if (url.startsWith('/search')) await page.locator('.search-result mark').first().waitFor();
      if (url === '/articles') await page.locator('.chip').first().waitFor();
      found.push(...(await lowContrast(page, url)));
    }
    assert.equal(found, [], found.map((f) => `${f.page} ${f.element} "${f.text}" ${f.ratio}:1 < ${f.needed}:1`).join('\n'));
    const { background, ink } = await darkness(page);
    if (colorScheme === 'dark') assert.ok(background < 40 && ink > 200, `a dark page: background ${background}, ink ${ink}`);
    else assert.ok(background > 240 && ink < 60, `a light page: background ${background}, ink ${ink}`);
    await context.close();
  });
}

test('printed from a dark screen, an article is still dark ink on white', async () => {
  const context = await browser.newContext({ colorScheme: 'dark' });
  const page = await context.newPage();
  await page.goto(`${site.base}/articles/ai-vendor-due-diligence-for-legal`);
  assert.ok((await darkness(page)).background < 40, 'dark on screen');
  await page.emulateMedia({ media: 'print' });
  const { background, ink } = await darkness(page);
  assert.ok(background > 240 && ink < 60, `printed: background ${background}, ink ${ink}`);
  await context.close();
});

test.run();
