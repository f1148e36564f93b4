/** Machine versions are discoverable: each article page declares its Markdown and JSON mirrors with
 * `<link rel="alternate">`, and robots.txt states the AI-use preferences of site.yaml as Content
 * Signals (allowed unless site.yaml says otherwise). */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { build } from '../../src/build.js';
import { shippedBuild } from '../helpers/shipped-build.js';
import { copyFixture } from '../helpers/sites.js';

const test = suite('discoverable machine versions');

const alternates = (html: string) =>
  [...html.split('</head>')[0].matchAll(/<link rel="alternate"[^>]*>/g)].map(([tag]) => ({ type: /type="([^"]+)"/.exec(tag)![1], href: /href="([^"]+)"/.exec(tag)![1] }));

test('every article page declares its Markdown and JSON mirrors, and both exist', async () => {
  const { dist, result } = await shippedBuild();
  const slugs = result.site!.articles.map((a) => a.slug);
  assert.ok(slugs.length > 5);
  for (const slug of slugs) {
    const links = alternates(readFileSync(path.join(dist, `articles/${slug}.html`), 'utf8'));
    assert.equal(links.slice(0, 2), [
      { type: 'text/markdown', href: `/articles/${slug}.md` },
      { type: 'application/json', href: `/articles/${slug}.json` },
    ], slug);
    assert.match(readFileSync(path.join(dist, `articles/${slug}.md`), 'utf8'), /^---\n/, `${slug}.md is the Markdown mirror`);
    assert.is(JSON.parse(readFileSync(path.join(dist, `articles/${slug}.json`), 'utf8')).slug, slug);
  }
});

test('pages other than articles declare no mirrors they do not have', async () => {
  const { dist } = await shippedBuild();
  for (const file of ['index.html', 'glossary.html', 'about.html']) {
    assert.equal(alternates(readFileSync(path.join(dist, file), 'utf8')).map((l) => l.type), ['application/rss+xml'], file);
  }
});

test('robots.txt allows search, AI input and AI training by default, in the group for every crawler', async () => {
  const { dist } = await shippedBuild();
  const robots = readFileSync(path.join(dist, 'robots.txt'), 'utf8');
  const group = robots.split('\n').filter((l) => l && !l.startsWith('#'));
  assert.equal(group.slice(0, 3), ['User-agent: *', 'Content-Signal: search=yes, ai-input=yes, ai-train=yes', 'Allow: /']);
  assert.match(robots, /^Sitemap: https:\/\/reference\.example\.com\/sitemap\.xml$/m);
  assert.match(robots, /^# .*contentsignals\.org/m);
});

async function robotsWith(contentSignals: string): Promise<{ robots?: string; problems: { rule: string; field: string; line: number }[] }> {
  const cwd = copyFixture('minimal');
  const site = path.join(cwd, 'content/site.yaml');
  writeFileSync(site, `${readFileSync(site, 'utf8')}contentSignals:\n${contentSignals}`);
  const result = await build({ contentDir: 'content', outDir: 'dist', cwd, write: false });
  const robots = result.files.find((f) => f.path === 'robots.txt')?.body;
  return { robots: robots === undefined ? undefined : String(robots), problems: result.diagnostics };
}

test("site.yaml's contentSignals change the preferences robots.txt states", async () => {
  const { robots, problems } = await robotsWith('  aiTrain: false\n');
  assert.equal(problems, []);
  assert.match(robots!, /^Content-Signal: search=yes, ai-input=yes, ai-train=no$/m);
  const none = await robotsWith('  search: false\n  aiInput: false\n  aiTrain: false\n');
  assert.match(none.robots!, /^Content-Signal: search=no, ai-input=no, ai-train=no$/m);
});

test('a preference written as a word instead of true or false is a located error', async () => {
  const { problems } = await robotsWith('  aiTrain: "no"\n');
  assert.is(problems.length, 1);
  assert.is(problems[0].rule, 'wrong-type');
  assert.is(problems[0].field, 'contentSignals.aiTrain');
});

test.run();
