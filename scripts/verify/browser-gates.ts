/** Browser gates: axe-core accessibility (no serious or critical violations), the Content Security
 * Policy (no violations, no console errors) on every page type, and keyboard-only use of the
 * interactive parts. Uses playwright-core with Debian's Chromium. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { META_CONTENT_SECURITY_POLICY } from '../../src/security.js';
import { launchBrowser } from '../../test/helpers/browser.js';

export interface Gate {
  name: string;
  figure: string;
  problems: string[];
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export async function browserGates(base: string, urls: string[]): Promise<Gate[]> {
  const browser = await launchBrowser();
  const a11y: string[] = [];
  const csp: string[] = [];
  const keyboard: string[] = [];
  let checked = 0;
  try {
    // Accessibility: axe is injected, so this context bypasses the CSP; the next one enforces it.
    // Reduced motion: axe measures the settled page, not cards halfway through their fade-in.
    const axeContext = await browser.newContext({ bypassCSP: true, reducedMotion: 'reduce' });
    for (const url of urls) {
      const page = await axeContext.newPage();
      await page.goto(base + url, { waitUntil: 'networkidle' });
      await page.addScriptTag({ content: axeSource });
      const result = await page.evaluate(async () => (window as any).axe.run(document, { resultTypes: ['violations'] }));
      for (const v of result.violations as { id: string; impact: string; nodes: unknown[]; help: string }[]) {
        if (v.impact === 'serious' || v.impact === 'critical') a11y.push(`${url}: ${v.id} (${v.impact}, ${v.nodes.length} nodes): ${v.help}`);
      }
      checked++;
      await page.close();
    }
    await axeContext.close();

    // Clipboard permission, so that the keyboard gate's copy can succeed and show its toast.
    const cspContext = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
    await cspContext.addInitScript(() => {
      (window as any).__violations = [];
      document.addEventListener('securitypolicyviolation', (e) => (window as any).__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    for (const url of urls) {
      const page = await cspContext.newPage();
      const errors: string[] = [];
      const notFoundPage = url === '/no-such-page';
      page.on('console', (m) => {
        if (m.type() !== 'error') return;
        // The not-found page's own 404 is what it is for; any other 404 is a file the page misses.
        if (notFoundPage && /404 \(Not Found\)/.test(m.text()) && m.location().url === base + url) return;
        errors.push(`${m.text()}${m.location().url ? ` (${m.location().url})` : ''}`);
      });
      page.on('pageerror', (e) => errors.push(String(e)));
      const response = await page.goto(base + url, { waitUntil: 'networkidle' });
      const status = response?.status();
      if (status !== (notFoundPage ? 404 : 200)) csp.push(`${url}: HTTP ${status}`);
      // The policy the page carries itself (the server here adds the header too, as a host would).
      const own = await page.evaluate(() => document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content'));
      if (own !== META_CONTENT_SECURITY_POLICY) csp.push(`${url}: ${own ? 'its Content-Security-Policy meta is not the site\'s' : 'no Content-Security-Policy meta'}`);
      const violations = await page.evaluate(() => (window as any).__violations as string[]);
      for (const v of violations) csp.push(`${url}: blocked ${v}`);
      for (const e of errors) csp.push(`${url}: console error: ${e}`);
      await page.close();
    }

    const page = await cspContext.newPage();
    await page.goto(`${base}/articles`);
    // The filters stay hidden until their script has run, as a reader sees them; tabbing before that
    // walks past them into the article links, and Enter would then leave the page.
    await page.locator('.article-filters').waitFor({ state: 'visible' });
    const onChip = () => page.evaluate(() => Boolean(document.activeElement?.classList.contains('chip')));
    await page.keyboard.press('Tab');
    for (let i = 0; i < 40 && !(await onChip()); i++) await page.keyboard.press('Tab');
    if (!(await onChip())) keyboard.push('/articles: no filter chip is reached with Tab');
    else {
      await page.keyboard.press('Enter');
      if ((await page.evaluate(() => document.activeElement?.getAttribute('aria-pressed'))) !== 'true') keyboard.push('/articles: a filter chip cannot be toggled by keyboard');
    }
    await page.goto(`${base}/articles/${urls.find((u) => u.startsWith('/articles/'))!.split('/')[2]}`);
    await page.locator('details summary').first().focus();
    await page.keyboard.press('Enter');
    if (!(await page.locator('details').first().evaluate((d) => (d as HTMLDetailsElement).open))) keyboard.push('FAQ does not open with Enter');
    await page.getByRole('button', { name: 'Copy citation' }).focus();
    await page.keyboard.press('Enter');
    const copied = await page.getByText('Citation copied').waitFor({ timeout: 5000 }).then(() => true, () => false);
    if (!copied) keyboard.push('Copy citation does not copy with Enter');
    await page.goto(`${base}/search`);
    // The box has focus as /search loads: moved away first, so that the shortcut has something to do.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    if ((await page.evaluate(() => document.activeElement?.id)) === 'site-search') keyboard.push('the search box keeps its focus when blurred');
    await page.keyboard.press('Control+k');
    if ((await page.evaluate(() => document.activeElement?.id)) !== 'site-search') keyboard.push('Ctrl-K does not focus the search box');
    await page.goto(`${base}/integrations`);
    await page.getByRole('button', { name: 'Add Webhook' }).focus();
    await page.keyboard.press('Enter');
    await page.getByLabel('Webhook URL').focus();
    await page.keyboard.type('https://hooks.example.org/x');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'Create Webhook' }).focus();
    await page.keyboard.press('Enter');
    if (!(await page.getByText('Webhook Created').count())) keyboard.push('the webhook form cannot be completed by keyboard');
    await cspContext.close();
  } finally {
    await browser.close();
  }
  return [
    { name: 'accessibility', figure: `${checked} page types, ${a11y.length} serious or critical axe violations`, problems: a11y },
    { name: 'content security policy', figure: `${urls.length} page types under the policy, ${csp.length} violations or console errors`, problems: csp },
    { name: 'keyboard', figure: `chips, FAQ, copy, search shortcut, webhook form: ${keyboard.length} problems`, problems: keyboard },
  ];
}
