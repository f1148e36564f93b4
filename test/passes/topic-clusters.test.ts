import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildTopicClusters } from '../../src/passes/topic-clusters.js';
import { makeArticle, makeTerm } from '../helpers/make-site.js';

const test = suite('topic clusters');

// Tag counts (articles and terms together, each item counted once per tag):
//   evidence 3, privilege 2, ai 2, then citation, ethics, forensics, governance, methodology,
//   procedure, risk, security 1 each (11 tags in all).
const articles = [
  makeArticle({ slug: 'a1', title: 'Hashing evidence', tags: ['evidence', 'ai', 'citation'] }),
  makeArticle({ slug: 'a2', title: 'Privilege basics', tags: ['evidence', 'privilege', 'privilege', 'ethics'] }),
  makeArticle({ slug: 'a3', title: 'Vendor review', tags: ['ai', 'governance', 'security'] }),
];
const terms = [
  makeTerm({ slug: 't1', title: 'Hash value', tags: ['evidence', 'forensics', 'methodology'] }),
  makeTerm({ slug: 't2', title: 'Waiver', tags: ['privilege', 'procedure', 'risk'] }),
];
const descriptions = { evidence: 'Rules and practice of evidence.', privilege: 'Legal professional privilege.', ai: 'Artificial intelligence.' };
const { topTags, clusters } = buildTopicClusters(articles, terms, descriptions);

test('top tags are ordered by frequency, ties broken alphabetically, at most 10', () => {
  // 3: evidence; 2: ai < privilege; 1: citation < ethics < forensics < governance < methodology < procedure < risk (< security, cut)
  assert.equal(topTags, ['evidence', 'ai', 'privilege', 'citation', 'ethics', 'forensics', 'governance', 'methodology', 'procedure', 'risk']);
});

test('a tag repeated on one item counts once', () => {
  // a2 lists "privilege" twice; with a2 and t2 it is 2, tying with ai (a1, a3), and "ai" wins alphabetically.
  assert.is(topTags.indexOf('ai'), 1);
  assert.is(topTags.indexOf('privilege'), 2);
});

test('at most 9 clusters, one per top tag in order', () => {
  assert.is(clusters.length, 9);
  assert.equal(clusters.map((c) => c.id), topTags.slice(0, 9));
});

test('a cluster lists the articles and terms carrying its tag', () => {
  const evidence = clusters[0];
  assert.equal(evidence.articles, [{ slug: 'a1', title: 'Hashing evidence' }, { slug: 'a2', title: 'Privilege basics' }]);
  assert.equal(evidence.terms, [{ slug: 't1', title: 'Hash value' }]);
  assert.is(evidence.tags[0], 'evidence');
});

test('the description comes from the tag descriptions', () => {
  assert.is(clusters[0].description, 'Rules and practice of evidence.');
  assert.is(clusters[1].description, 'Artificial intelligence.');
  assert.is(clusters[2].description, 'Legal professional privilege.');
});

test('a cluster is named as site.yaml names its tag, else by the tag capitalised', () => {
  const named = buildTopicClusters(articles, terms, descriptions, { ai: 'AI' }).clusters;
  assert.is(named.find((c) => c.id === 'ai')!.name, 'AI');
  assert.is(named.find((c) => c.id === 'evidence')!.name, 'Evidence');
  assert.is(clusters.find((c) => c.id === 'ai')!.name, 'Ai', 'without a name the tag is only capitalised');
});

test('no content gives no clusters', () => {
  assert.equal(buildTopicClusters([], [], {}), { topTags: [], clusters: [] });
});

test.run();
