/**
 * `npm run verify`: the quality gates of issue 8 on the shipped site. Builds content/ into a temporary
 * folder (with the base URL of the local server, so canonical links and feeds point where Lighthouse
 * looks), then runs every gate and prints a figure for each; exits 1 if any gate fails.
 *   static   links and fragments, metadata, structured data (legalsite check --dist)
 *   html     W3C Nu Html Checker (vnu-jar, Java): 0 errors on every page
 *   xml      sitemaps against the sitemaps.org schema (xmllint); feeds through a feed parser
 *   browser  axe-core: 0 serious or critical violations per page type; CSP: 0 violations per page
 *            type under the policy `legalsite serve` sends; keyboard use of the interactive parts
 *   lighthouse  scores for the home page, an article and the glossary; accessibility, best
 *            practices and SEO must be 100; performance is reported with what stands in its way
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseFeed } from '@rowanmanning/feed-parser';
import { auditDist } from '../src/verify/audit-dist.js';
import { build } from '../src/build.js';
import { startServer } from '../src/serve.js';
import { SECURITY_HEADERS } from '../src/security.js';
import { FEEDS } from '../src/routes/feeds.js';
import { browserGates } from './verify/browser-gates.js';
import { lighthouseGate } from './verify/lighthouse-gate.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const failures: string[] = [];
const report = (name: string, ok: boolean, figure: string, details: string[] = []) => {
  console.log(`${ok ? 'pass' : 'FAIL'}  ${name}: ${figure}`);
  for (const d of details.slice(0, 20)) console.log(`      ${d}`);
  if (!ok) failures.push(name);
};

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dist = path.join(mkdtempSync(path.join(tmpdir(), 'legalsite-verify-')), 'dist');
const built = await build({ contentDir: 'content', outDir: dist, cwd: ROOT, baseUrl: base, write: true });
if (!built.ok) throw new Error('the shipped content does not build; run legalsite check');
console.log(`Built ${built.pages} pages into ${dist}`);

for (const r of auditDist(dist)) report(r.name, r.problems.length === 0, r.figure, r.problems);

try {
  const jar = path.join(ROOT, 'node_modules/vnu-jar/build/dist/vnu.jar');
  execFileSync('java', ['-jar', jar, '--errors-only', '--format', 'gnu', '--skip-non-html', dist], { stdio: 'pipe' });
  // What the checker read: every HTML file in the output folder (it skips the rest), counted there.
  const htmlFiles = readdirSync(dist, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && e.name.endsWith('.html')).length;
  report('html validity', htmlFiles > 0, `${htmlFiles} HTML files, 0 errors (W3C Nu Html Checker)`);
} catch (error) {
  const e = error as { code?: string; stderr?: Buffer; stdout?: Buffer };
  if (e.code === 'ENOENT') report('html validity', false, 'java not found: apt-get install -y default-jre-headless');
  else {
    const lines = String(e.stderr ?? '').trim().split('\n').filter(Boolean);
    report('html validity', false, `${lines.length} errors (W3C Nu Html Checker)`, lines);
  }
}

// A sitemap index (a site past the protocol's limits) has a schema of its own.
const sitemaps = ['sitemap.xml', ...readdirSync(path.join(dist, 'sitemaps')).map((f) => `sitemaps/${f}`)];
const schemaOf = (file: string) => path.join(ROOT, 'test/fixtures/xsd', /<sitemapindex[\s>/]/.test(readFileSync(path.join(dist, file), 'utf8').slice(0, 200)) ? 'siteindex.xsd' : 'sitemap.xsd');
try {
  for (const f of sitemaps) execFileSync('xmllint', ['--noout', '--schema', schemaOf(f), path.join(dist, f)], { stdio: 'pipe' });
  report('sitemaps', true, `${sitemaps.length} sitemaps valid against the sitemaps.org schemas`);
} catch (error) {
  report('sitemaps', false, String((error as { stderr?: Buffer }).stderr ?? error).split('\n')[0]);
}
let feedItems = 0;
const feedProblems: string[] = [];
// Every feed the site writes; each but the corrections feed (a site may have none yet) holds items.
const feeds = [{ file: 'feed.xml', mayBeEmpty: false }, ...FEEDS.map((f) => ({ file: f.file.slice(1), mayBeEmpty: f.items === 'corrections' }))];
for (const { file, mayBeEmpty } of feeds) {
  try {
    const items = parseFeed(readFileSync(path.join(dist, file), 'utf8')).items.length;
    if (items === 0 && !mayBeEmpty) feedProblems.push(`${file}: no items`);
    feedItems += items;
  } catch (error) {
    feedProblems.push(`${file}: ${(error as Error).message}`);
  }
}
report('feeds', feedProblems.length === 0, `${feeds.length} feeds parsed, ${feedItems} items`, feedProblems);

const server = await startServer({ root: dist, port, host: '127.0.0.1', headers: SECURITY_HEADERS });
try {
  const article = built.site!.articles[0].slug;
  const term = built.site!.terms[0].slug;
  const pageTypes = ['/', '/articles', `/articles/${article}`, '/glossary', `/glossary/${term}`, '/answers', '/api', '/for-ai-systems', '/datasets', `/datasets/${built.site!.source.datasets[0].slug}`, '/templates', '/search?q=privilege', `/recommendations/article/${article}`, `/recommendations/term/${term}`, '/content-recommendations', '/analytics', '/integrations', '/about', '/privacy', '/terms', '/legal-disclaimer', '/no-such-page'];
  for (const r of await browserGates(base, pageTypes)) report(r.name, r.problems.length === 0, r.figure, r.problems);
  if (!process.argv.includes('--no-lighthouse')) {
    for (const r of await lighthouseGate(base, ['/', `/articles/${article}`, '/glossary'])) report(r.name, r.problems.length === 0, r.figure, r.problems);
  }
} finally {
  await server.close();
  rmSync(path.dirname(dist), { recursive: true, force: true });
}

console.log(failures.length ? `\n${failures.length} gate(s) failed: ${failures.join(', ')}` : '\nAll quality gates pass.');
process.exitCode = failures.length ? 1 : 0;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });
}
