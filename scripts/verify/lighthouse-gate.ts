/** Lighthouse (npm lighthouse, Debian's Chromium) on a few pages: accessibility, best practices and
 * SEO must score 100; performance is reported, with the audits that keep it below 100. One known
 * exception: Lighthouse's robots.txt check does not know the Content-Signal directive (the site's
 * AI-use preferences, contentsignals.org), which crawlers that do not know it ignore; a robots.txt
 * whose only "errors" are Content-Signal lines passes, and every other line must still be valid. */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM } from '../../test/helpers/browser.js';
import type { Gate } from './browser-gates.js';

export async function lighthouseGate(base: string, urls: string[]): Promise<Gate[]> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
  const gates: Gate[] = [];
  try {
    for (const url of urls) {
      const result = await lighthouse(base + url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] });
      const lhr = result!.lhr;
      const problems: string[] = [];
      // A run that failed, or an audit of a gated category that errored, scores null: a failure, not
      // a pass with nothing checked (performance is only reported).
      if (lhr.runtimeError) problems.push(`the run failed: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      for (const [key, category] of Object.entries(lhr.categories)) {
        if (key === 'performance') continue;
        if (category.score === null) problems.push(`${key}: no score`);
        for (const ref of category.auditRefs) {
          const a = lhr.audits[ref.id];
          if (a?.scoreDisplayMode === 'error') problems.push(`${key}: ${a.id} errored${a.errorMessage ? `: ${a.errorMessage}` : ''}`);
        }
      }
      const scores = Object.fromEntries(Object.entries(lhr.categories).map(([k, c]) => [k, Math.round((c.score ?? 0) * 100)]));
      const notes: string[] = [];
      for (const [key, category] of Object.entries(lhr.categories)) {
        if ((category.score ?? 0) >= 1) continue;
        const obstacles = category.auditRefs
          .map((ref) => lhr.audits[ref.id])
          .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual')
          .filter((a) => !(a.id === 'robots-txt' && onlyContentSignals(a.details) && notes.push('seo: robots-txt — only its Content-Signal lines, a directive Lighthouse does not know')))
          .map((a) => `${key}: ${a.id} — ${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`);
        if (key === 'performance') notes.push(...obstacles);
        else problems.push(...obstacles);
      }
      gates.push({ name: `lighthouse ${url}`, figure: `performance ${scores.performance}, accessibility ${scores.accessibility}, best practices ${scores['best-practices']}, SEO ${scores.seo}${notes.length ? `; held back by: ${notes.join('; ')}` : ''}`, problems });
    }
  } finally {
    await chrome.kill();
  }
  return gates;
}

/** The robots.txt audit's errors are all on Content-Signal lines. */
function onlyContentSignals(details: unknown): boolean {
  const items = (details as { items?: { line?: string }[] } | undefined)?.items ?? [];
  return items.length > 0 && items.every((i) => /^\s*content-signal\s*:/i.test(i.line ?? ''));
}
