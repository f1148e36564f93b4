/**
 * Pass-level benchmark of the graph passes at scale: `node --import tsx bench/graph-passes.ts [N]`
 * generates the seeded corpus (N articles, N/5 terms), loads it, and times backlinks and
 * recommendations alone (article text is the Markdown body, mentions come from the term matcher;
 * text features are taken before the clock starts, as the build takes them on its shards).
 * Times the compiled passes in lib/: run `npm run build` first.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import fg from 'fast-glob';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { generateCorpus } from './generate-corpus.js';

// The passes are timed as they ship: compiled by tsc into lib/ (run `npm run build` first). Under tsx
// every arrow function gets a naming wrapper, which costs seconds in these loops and is not shipped.
const lib = (module: string) => import(new URL(`../lib/src/${module}.js`, import.meta.url).href);
const { parseArticleText, readContent } = (await lib('load/read-content')) as typeof import('../src/load/read-content.js');
const { buildBacklinks } = (await lib('passes/backlinks')) as typeof import('../src/passes/backlinks.js');
const { buildRecommendations } = (await lib('passes/recommendations')) as typeof import('../src/passes/recommendations.js');
const { buildTermMatcher } = (await lib('passes/term-matcher')) as typeof import('../src/passes/term-matcher.js');
const { textFeatures } = (await lib('passes/text-features')) as typeof import('../src/passes/text-features.js');

const n = Number(process.argv[2] ?? 10000);
const dir = mkdtempSync(path.join(process.cwd(), '.bench-graph-'));
try {
  generateCorpus({ dir, articles: n, seed: 1 } as never);
  const loaded = readContent({ contentDir: dir, cwd: process.cwd() });
  const { terms } = loaded.site!;
  const articles = fg.sync('articles/*.md', { cwd: dir, absolute: true }).sort().flatMap((abs) => parseArticleText(readFileSync(abs, 'utf8'), abs).article ?? []);
  const matcher = buildTermMatcher(terms);
  const mentions = new Map(articles.map((a) => [a.slug, [...new Set(matcher.find(a.body).map((m) => m.slug))].map((termSlug) => ({ termSlug, context: '', via: 'auto' as const }))]));
  let t = performance.now();
  buildBacklinks(articles, terms, mentions);
  const backlinksMs = performance.now() - t;
  const features = new Map(articles.map((a) => [a.slug, textFeatures(a.body, { words: '', weights: '' })]));
  t = performance.now();
  buildRecommendations(articles, terms, features, new Map());
  const recMs = performance.now() - t;
  console.log(`graph passes at ${articles.length} articles + ${terms.length} terms: backlinks ${(backlinksMs / 1000).toFixed(2)} s, recommendations ${(recMs / 1000).toFixed(2)} s`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
