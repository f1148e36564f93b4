/**
 * In the browser (issue 17), on the minimal site with a renamed article (helpers/cited-site.ts):
 * - a former address, with a paragraph or section anchor, reaches the new page keeping the anchor:
 *   from `legalsite serve` (a 301) and from a plain static host serving the same dist/ (the redirect
 *   page's script); without JavaScript the plain host's redirect page still gets there (meta refresh);
 *   the mirrors' former addresses answer too (301, or the copy on a plain host);
 * - each paragraph's ¶ link is reached by keyboard and copies a pinpoint citation, with the toast;
 *   without JavaScript it is a plain link to the paragraph; "Cite this" copies the article's citation.
 */
import { createHash } from 'node:crypto';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import path from 'node:path';
import { launchBrowser, serveFixture, watchErrors, type ServedSite } from '../helpers/browser.js';
import { CITED_TITLE, makeCited } from '../helpers/cited-site.js';
import { startStaticHost, type StaticHost } from '../helpers/static-host.js';

const test = suite('browser: citations and redirects');
const CANONICAL = 'https://test.example.org/articles/hashing-evidence';
let browser: Browser;
let site: ServedSite;
let host: StaticHost;
let context: BrowserContext;

test.before(async () => {
  [site, browser] = await Promise.all([serveFixture('minimal', makeCited), launchBrowser()]);
  // The plain host serves the very dist/ that serve built.
  host = await startStaticHost(path.join(site.dir, 'dist'));
  context = await browser.newContext();
  for (const origin of [site.base, host.url]) await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
});
test.after(async () => {
  await browser?.close();
  await host?.close();
  site?.stop();
});

/** Opens `url` and waits until the page has settled at the address it ends at. */
async function arrive(page: Page, url: string, expected: RegExp): Promise<URL> {
  await page.goto(url);
  await page.waitForURL(expected);
  await page.waitForLoadState('load');
  return new URL(page.url());
}

test('legalsite serve answers every former address with a 301 to the new one', async () => {
  for (const [from, to] of [
    ['/articles/hash-basics', '/articles/hashing-evidence'],
    ['/articles/hash-basics.json', '/articles/hashing-evidence.json'],
    ['/articles/hash-basics.md', '/articles/hashing-evidence.md'],
    ['/articles/hash-basics.bib', '/articles/hashing-evidence.bib'],
    ['/glossary/hash-digest', '/glossary/hash-value'],
    ['/recommendations/term/hash-digest', '/recommendations/term/hash-value'],
  ]) {
    const res = await fetch(site.base + from, { redirect: 'manual' });
    assert.is(res.status, 301, from);
    assert.is(res.headers.get('location'), to, from);
  }
});

for (const [name, base] of [['legalsite serve (301)', () => site.base], ['a plain static host (the redirect page)', () => host.url]] as const) {
  test(`${name}: the old address with a paragraph or section anchor reaches the new page with the anchor`, async () => {
    const page = await context.newPage();
    const errors = watchErrors(page);
    // A section's anchor does not name the slug: it is the same element on the new page.
    const section = await arrive(page, `${base()}/articles/hash-basics#why-it-matters`, /\/articles\/hashing-evidence#why-it-matters$/);
    assert.is(section.pathname, '/articles/hashing-evidence');
    assert.is(await page.evaluate(() => document.querySelector(':target')?.id), 'why-it-matters', 'the section is the target');
    assert.is(await page.locator('h1').innerText(), CITED_TITLE);
    // A paragraph anchor made under the old slug arrives as it was (the new page keeps old ids as
    // anchors: the pinpoints work of issue 17), and one of the new page's paragraphs is its target.
    const old = await arrive(page, `${base()}/articles/hash-basics#hash-basics-p002`, /#hash-basics-p002$/);
    assert.is(old.pathname, '/articles/hashing-evidence');
    assert.is(await page.evaluate(() => document.querySelector(':target')?.closest('p')?.id), 'hashing-evidence-p002', 'the old pinpoint marks the same paragraph on the new page');
    const para = await arrive(page, `${base()}/articles/hash-basics#hashing-evidence-p002`, /\/articles\/hashing-evidence#hashing-evidence-p002$/);
    assert.is(para.pathname, '/articles/hashing-evidence');
    assert.is(await page.evaluate(() => document.querySelector(':target')?.id), 'hashing-evidence-p002');
    // A glossary term's old address too.
    await arrive(page, `${base()}/glossary/hash-digest`, /\/glossary\/hash-value$/);
    assert.equal(errors, []);
    await page.close();
  });
}

test('a plain static host serves the mirrors at their former addresses (a copy that names its canonical URL)', async () => {
  const old = await fetch(`${host.url}/articles/hash-basics.json`);
  assert.is(old.status, 200);
  assert.match(old.headers.get('content-type')!, /^application\/json/);
  const json = await old.json();
  assert.is(json.canonicalUrl, CANONICAL);
  assert.equal(json, await (await fetch(`${host.url}/articles/hashing-evidence.json`)).json());
  const md = await fetch(`${host.url}/articles/hash-basics.md`);
  assert.is(md.status, 200);
  assert.match(await md.text(), new RegExp(`^url: ${CANONICAL}$`, 'm'));
});

test('without JavaScript, the redirect page on a plain host still takes the reader to the new page (its meta refresh; the fragment is lost)', async () => {
  const ctx = await browser.newContext({ javaScriptEnabled: false });
  const page = await ctx.newPage();
  const url = await arrive(page, `${host.url}/articles/hash-basics#why-it-matters`, /\/articles\/hashing-evidence$/);
  assert.is(url.pathname, '/articles/hashing-evidence');
  await ctx.close();
});

test('a ¶ link is reached by keyboard and copies a pinpoint citation of its paragraph, with the toast', async () => {
  const page = await context.newPage();
  await page.goto(`${site.base}/articles/hashing-evidence`);
  const link = page.locator('a.para-link[href="#hashing-evidence-p002"]');
  assert.is(await link.getAttribute('tabindex'), null, 'a link with an href: in the tab order');
  await link.focus();
  assert.is(await page.evaluate(() => document.activeElement?.getAttribute('href')), '#hashing-evidence-p002');
  // What a sighted reader sees: "¶ 2" (the word "Paragraph" is for screen readers, 1 px and clipped).
  const seen = await link.evaluate((el) => ({
    text: [...el.childNodes].filter((n) => !(n instanceof Element && n.classList.contains('visually-hidden'))).map((n) => n.textContent).join(''),
    hidden: (el.querySelector('.visually-hidden') as HTMLElement).getBoundingClientRect().width,
  }));
  assert.equal(seen, { text: '¶ 2', hidden: 1 });
  await page.keyboard.press('Enter');
  await page.getByText('Citation copied').waitFor();
  assert.is(await page.evaluate(() => navigator.clipboard.readText()), `${CITED_TITLE} — Test Reference, para 2, ${CANONICAL}#hashing-evidence-p002 (Last updated: 2025-08-26)`);
  assert.is(new URL(page.url()).hash, '#hashing-evidence-p002', 'the address bar shows the paragraph');
  // The accessible name says what it is.
  assert.equal(await page.getByRole('link', { name: 'Paragraph 2', exact: true }).count(), 1);
  await page.close();
});

test('a ¶ clicked on a page opened at another paragraph moves the highlight with the address, and the page stays where it was', async () => {
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 500 });
  await page.goto(`${site.base}/articles/hashing-evidence#hashing-evidence-p001`);
  assert.is(await page.evaluate(() => document.querySelector(':target')?.id), 'hashing-evidence-p001');
  const entries = await page.evaluate(() => history.length);
  await page.locator('a.para-link[href="#hashing-evidence-p002"]').scrollIntoViewIfNeeded();
  const before = await page.evaluate(() => window.scrollY);
  await page.locator('a.para-link[href="#hashing-evidence-p002"]').click();
  await page.getByText('Citation copied').waitFor();
  assert.is(new URL(page.url()).hash, '#hashing-evidence-p002');
  assert.is(await page.evaluate(() => document.querySelector(':target')?.id), 'hashing-evidence-p002', 'the highlighted paragraph is the one the citation names');
  assert.is(await page.evaluate(() => window.scrollY), before, 'no jump');
  assert.is(await page.evaluate(() => history.length), entries, 'the address is replaced, not added to history');
  await page.close();
});

test('an address naming an FAQ question opens it, on arrival and when the address changes', async () => {
  const page = await context.newPage();
  await page.goto(`${site.base}/articles/hashing-evidence#faq-why`);
  await page.waitForFunction(() => (document.getElementById('faq-why') as HTMLDetailsElement | null)?.open === true, undefined, { timeout: 5000 });
  assert.ok(await page.getByText('unchanged').isVisible(), 'its answer is shown');
  await page.evaluate(() => {
    (document.getElementById('faq-why') as HTMLDetailsElement).open = false;
    location.hash = '';
  });
  await page.evaluate(() => (location.hash = '#faq-why'));
  await page.waitForFunction(() => (document.getElementById('faq-why') as HTMLDetailsElement).open, undefined, { timeout: 5000 });
  await page.close();
});

test('an answer point, a reference and an FAQ question an address names are marked as a cited paragraph is', async () => {
  const page = await context.newPage();
  for (const id of ['hashing-evidence-p001', 'a0-1', 'ref-nist', 'faq-why']) {
    await page.goto(`${site.base}/articles/hashing-evidence#${id}`);
    const background = await page.evaluate((target) => getComputedStyle(document.getElementById(target)!).backgroundColor, id);
    assert.is(background, 'rgb(255, 246, 214)', id);
  }
  await page.close();
});

test("a quotation checks against the mirror: each paragraph's text on the page, its ¶ link left out and normalised as docs/content.md says, hashes to the mirror's sha256", async () => {
  const page = await context.newPage();
  try {
    await arrive(page, `${site.base}/articles/hashing-evidence`, /\/articles\/hashing-evidence$/);
    const mirror = (await (await fetch(`${site.base}/articles/hashing-evidence.json`)).json()) as { sections: { paragraphs: { id: string; text: string; sha256: string }[] } };
    // The page's text as a reader's script takes it (the DOM), hashed here as anyone would.
    const shown = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('p[id]:has(> a.para-link)')].map((p) => {
        const copy = p.cloneNode(true) as HTMLElement;
        copy.querySelectorAll('a.para-link').forEach((a) => a.remove());
        return { id: p.id, text: (copy.textContent ?? '').normalize('NFC').replace(/\s+/g, ' ').trim() };
      }),
    );
    assert.ok(mirror.sections.paragraphs.length >= 2, 'the fixture has numbered paragraphs');
    assert.equal(shown.map((p) => ({ ...p, sha256: createHash('sha256').update(p.text, 'utf8').digest('hex') })), mirror.sections.paragraphs);
  } finally {
    await page.close();
  }
});

test('"Cite this" copies the citation of the whole article', async () => {
  const page = await context.newPage();
  await page.goto(`${host.url}/articles/hashing-evidence`);
  await page.getByRole('button', { name: 'Copy article citation' }).click();
  await page.getByText('Citation copied').waitFor();
  assert.is(await page.evaluate(() => navigator.clipboard.readText()), `${CITED_TITLE} — Test Reference, ${CANONICAL} (Last updated: 2025-08-26)`);
  await page.close();
});

test('without JavaScript a ¶ link is a plain link to its paragraph, and the copy button is not shown', async () => {
  const ctx = await browser.newContext({ javaScriptEnabled: false });
  const page = await ctx.newPage();
  await page.goto(`${host.url}/articles/hashing-evidence`);
  assert.not.ok(await page.getByRole('button', { name: 'Copy article citation' }).isVisible());
  await page.locator('a.para-link[href="#hashing-evidence-p002"]').click();
  await page.waitForURL(/#hashing-evidence-p002$/);
  assert.is(await page.evaluate(() => document.querySelector(':target')?.id), 'hashing-evidence-p002');
  await ctx.close();
});

test('at 390 px the page with Cite this, Changes and ¶ links is no wider than the screen; printed, the ¶ links give way to the margin ids', async () => {
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await ctx.newPage();
  await page.goto(`${site.base}/articles/hashing-evidence`);
  const fit = await page.evaluate(() => {
    const vw = document.documentElement.clientWidth;
    const outside = [...document.querySelectorAll('.para-link, #cite-this *, #changes *')].filter((el) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && (r.right > vw + 0.5 || r.left < -0.5);
    });
    return { page: document.documentElement.scrollWidth, vw, outside: outside.map((el) => el.outerHTML.slice(0, 80)) };
  });
  assert.is(fit.page, fit.vw, 'no sideways scroll');
  assert.equal(fit.outside, []);
  await page.emulateMedia({ media: 'print' });
  const printed = await page.evaluate(() => ({
    links: [...document.querySelectorAll('.para-link')].some((el) => el.checkVisibility()),
    margin: getComputedStyle(document.getElementById('hashing-evidence-p002')!, '::before').content,
    citation: document.querySelector('.citation-text')!.checkVisibility(),
    changes: document.getElementById('changes')!.checkVisibility(),
  }));
  assert.equal(printed, { links: false, margin: '"¶ hashing-evidence-p002"', citation: true, changes: true });
  await ctx.close();
});

test.run();
