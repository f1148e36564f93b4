/** The knowledge graph and its parts: a large graph is cut into runs of nodes (in id order) with the
 * edges pointing at them, within the node and edge limits, and the parts together are the graph. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildBacklinks, countByTarget } from '../../src/passes/backlinks.js';
import { buildKnowledgeGraph, graphNodeIds, graphPartition, splitKnowledgeGraph } from '../../src/passes/knowledge-graph.js';
import type { TermMention } from '../../src/model.js';
import { makeArticle, makeConfig, makeTerm } from '../helpers/make-site.js';

const test = suite('knowledge graph');

/** 30 articles mentioning 6 terms (the first term by all of them), sharing tags. */
function site() {
  const terms = Array.from({ length: 6 }, (_, i) => makeTerm({ slug: `term-${i}`, title: `Term ${i}`, tags: ['evidence'], seeAlso: i ? [`term-${i - 1}`] : [] }));
  const articles = Array.from({ length: 30 }, (_, i) => makeArticle({ slug: `article-${String(i).padStart(2, '0')}`, title: `Article ${i}`, tags: i % 2 ? ['evidence'] : ['privilege'] }));
  const mentions = new Map<string, TermMention[]>(articles.map((a, i) => [a.slug, [{ termSlug: 'term-0', context: '', via: 'auto' }, { termSlug: `term-${1 + (i % 5)}`, context: '', via: 'auto' }]]));
  const backlinks = buildBacklinks(articles, terms, mentions);
  return { articles, terms, mentions, backlinks, graph: buildKnowledgeGraph(articles, terms, backlinks.relations, makeConfig()) };
}

test('the relations are the same however often they are read, counted first or not', () => {
  const { articles, terms, mentions, backlinks } = site();
  const first = backlinks.relations;
  assert.ok(first.length > 30);
  assert.equal(backlinks.relations, first, 'read again (not kept, so listed again)');
  const counted = buildBacklinks(articles, terms, mentions);
  assert.equal(counted.relationCounts, countByTarget(first));
  assert.equal(counted.relations, first, 'the list counted is the one handed on');
  assert.equal(counted.relations, first, 'and a later read lists the same again');
});

test('a node gives its jurisdictions as the page states them and one by one, to filter by', () => {
  const term = makeTerm({ slug: 'hearsay', jurisdiction: 'United States, England and Wales', jurisdictions: ['United States', 'England and Wales'] });
  const graph = buildKnowledgeGraph([makeArticle({ slug: 'a', jurisdiction: 'Australia' })], [term], buildBacklinks([], [term], new Map()).relations, makeConfig());
  assert.equal(graph.nodes.map((n) => [n.id, n.jurisdiction, n.jurisdictions]), [['article:a', 'Australia', ['Australia']], ['glossary:hearsay', 'United States, England and Wales', ['United States', 'England and Wales']]]);
});

test('node ids are in code-unit order, the order edges are listed by target', () => {
  const { articles, terms, graph } = site();
  const ids = graphNodeIds(articles, terms);
  assert.equal(ids, [...ids].sort());
  const targets = graph.edges.map((e) => e.target);
  assert.equal(targets, [...targets].sort(), 'edges come grouped by target, in id order');
});

test('runs hold at most so many nodes, closed early when their edges would pass the edge limit', () => {
  const counts = new Map([['a', 3], ['b', 3], ['c', 3], ['d', 1], ['e', 0], ['f', 0]]);
  assert.equal(graphPartition(['a', 'b', 'c', 'd', 'e', 'f'], counts, 4, 6), [['a', 'b'], ['c', 'd', 'e', 'f']]);
  assert.equal(graphPartition(['a', 'b', 'c', 'd', 'e', 'f'], counts, 2, 100), [['a', 'b'], ['c', 'd'], ['e', 'f']]);
  assert.equal(graphPartition(['a', 'b'], new Map([['a', 50]]), 10, 6), [['a'], ['b']], 'a node with more edges than the limit is a part of its own');
  assert.equal(graphPartition([], counts, 4, 6), [[]]);
});

test('the parts, in order, hold exactly the graph: every node once, its edges in their order', () => {
  const { articles, terms, backlinks, graph } = site();
  const runs = graphPartition(graphNodeIds(articles, terms), backlinks.relationCounts, 8, 20);
  const parts = splitKnowledgeGraph(graph, runs);
  assert.ok(parts.length > 3);
  for (const p of parts) {
    assert.ok(p.nodes.length <= 8);
    assert.ok(p.edges.length <= 20 || p.nodes.length === 1, 'within the edge limit unless one node has more');
    const ids = new Set(p.nodes.map((n) => n.id));
    assert.ok(p.edges.every((e) => ids.has(e.target)), 'a part holds the edges pointing at its nodes');
  }
  assert.equal(parts.flatMap((p) => p.edges), graph.edges);
  assert.equal(parts.flatMap((p) => p.nodes).map((n) => n.id), graphNodeIds(articles, terms));
  assert.equal(new Set(parts.flatMap((p) => p.nodes)), new Set(graph.nodes));
});

test('relation counts are how many relations point at each node', () => {
  const { backlinks, graph } = site();
  assert.equal(backlinks.relationCounts, countByTarget(backlinks.relations));
  assert.is(backlinks.relationCounts.get('glossary:term-0'), graph.edges.filter((e) => e.target === 'glossary:term-0').length);
  assert.ok(backlinks.relationCounts.get('glossary:term-0')! >= 30, 'every article mentions the first term');
});

test.run();
