/**
 * No download grows faster than the site (issue 18): two generated sites, of 200 and 800 articles
 * (a fifth as many terms each), built with the shipped limits. For every kind of file a reader,
 * crawler or AI system downloads (bench/run/output-sizes.ts: pages, llms files, sitemaps, the
 * knowledge graph, every JSON export and feed), the largest at 800 articles is at most four times
 * the largest at 200, the site's own growth, with 5% for the random lengths of generated text; and
 * the budgeted ones stay within budget. One exception, measured against what it holds instead: the
 * knowledge graph, one file below 1,000 nodes, holds every relation, and an article mentions more
 * terms when the glossary grows with the site (4.2× the relations for 4× the site here); past 1,000
 * nodes it is split into parts of bounded size (split-files.test.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { generateCorpus } from '../../bench/generate-corpus.js';
import { measureOutputSizes, type SizeRow } from '../../bench/run/output-sizes.js';
import { build } from '../../src/build.js';
import { tempDir } from '../helpers/sites.js';

const test = suite('output growth');
const SMALL = 200;
const LARGE = 800;
const SLACK = 1.05;

async function sizesAt(articles: number): Promise<{ sizes: Map<string, SizeRow>; graphItems: number }> {
  const cwd = tempDir();
  generateCorpus({ dir: path.join(cwd, 'content'), articles, seed: 5 });
  const result = await build({ contentDir: 'content', outDir: 'dist', cwd, write: true, retainFiles: false });
  assert.ok(result.ok, JSON.stringify(result.diagnostics.slice(0, 3)));
  const graph = JSON.parse(readFileSync(path.join(cwd, 'dist/api/knowledge-graph.json'), 'utf8'));
  assert.ok(Array.isArray(graph.edges), 'the graph is one file at this size');
  return { sizes: new Map(measureOutputSizes(path.join(cwd, 'dist')).map((r) => [r.kind, r])), graphItems: graph.nodes.length + graph.edges.length };
}

test(`the largest file of each kind grows at most as the site does (${SMALL} → ${LARGE} articles)`, async () => {
  const small = await sizesAt(SMALL);
  const large = await sizesAt(LARGE);
  const checked: string[] = [];
  for (const [kind, big] of large.sizes) {
    const was = small.sizes.get(kind);
    if (!was?.largest || !big.largest) continue;
    const [ratio, of] = kind === '/api/knowledge-graph.json' ? [large.graphItems / small.graphItems, 'its nodes and edges'] : [LARGE / SMALL, 'the site'];
    const grew = big.largest.bytes / was.largest.bytes;
    assert.ok(grew <= ratio * SLACK, `${kind}: ${was.largest.bytes} → ${big.largest.bytes} bytes (${grew.toFixed(2)}×, ${of} ${ratio.toFixed(2)}×)`);
    if (big.budget !== undefined) assert.ok(big.largest.bytes <= big.budget && was.largest.bytes <= big.budget, `${kind} within its budget`);
    checked.push(kind);
  }
  for (const kind of ['HTML page', '/llms.txt', '/sitemap.xml', '/api/knowledge-graph.json', '/articles/index.json', '/glossary.json', '/for-ai-systems/index.json', '/exports/articles.jsonl', '/feed.xml', '/feeds/glossary.xml']) {
    assert.ok(checked.includes(kind), `${kind} was measured at both sizes`);
  }
});

test.run();
