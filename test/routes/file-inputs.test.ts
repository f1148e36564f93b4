/**
 * What site files are fingerprinted by (fileInputs): each hash changes with what it covers, and
 * only with that, so a rebuild makes a site file again exactly when something it shows changed.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { fileInputs } from '../../src/routes/file-inputs.js';
import type { OrderedSite } from '../../src/pipeline.js';
import type { Term } from '../../src/model.js';
import { makeTerm } from '../helpers/make-site.js';

const test = suite('file inputs');

interface Shape {
  articles: [slug: string, metaKey: string, mentionsKey: string][];
  terms: Term[];
}

/** A site of just what fileInputs reads; a new metaKeys map each time, as each build has. */
const siteOf = ({ articles, terms }: Shape) =>
  ({
    articles: articles.map(([slug]) => ({ slug })),
    terms,
    metaKeys: new Map(articles.map(([slug, key]) => [slug, key])),
    bodies: new Map(articles.map(([slug, , mentionsKey]) => [slug, { mentionsKey }])),
  }) as unknown as OrderedSite;

const hashes = (shape: Shape) => {
  const inputs = fileInputs(siteOf(shape));
  return { articles: inputs.articles(), mentions: inputs.mentions(), terms: inputs.terms() };
};

const base: Shape = {
  articles: [
    ['a', 'meta-a', 'mentions-a'],
    ['b', 'meta-b', 'mentions-b'],
  ],
  terms: [makeTerm({ slug: 'privilege', title: 'Privilege' }), makeTerm({ slug: 'bates-number', title: 'Bates number' })],
};

test('the same site gives the same hashes, each a short digest however large the site', () => {
  const first = hashes(base);
  assert.equal(hashes(structuredClone(base)), first);
  for (const h of Object.values(first)) assert.match(h, /^[0-9a-f]{64}$/);
  const big = { articles: Array.from({ length: 5000 }, (_, i): Shape['articles'][number] => [`s${i}`, `m${i}`, `k${i}`]), terms: base.terms };
  for (const h of Object.values(hashes(big))) assert.is(h.length, 64);
});

test("each hash changes with what it covers and with nothing else", () => {
  const first = hashes(base);
  const changed = (shape: Shape) => {
    const now = hashes(shape);
    return (Object.keys(now) as (keyof typeof now)[]).filter((k) => now[k] !== first[k]);
  };
  assert.equal(changed({ ...base, articles: [['a', 'meta-a2', 'mentions-a'], base.articles[1]] }), ['articles'], "an article's fields");
  assert.equal(changed({ ...base, articles: [base.articles[1], base.articles[0]] }), ['articles', 'mentions'], 'the site order');
  assert.equal(changed({ ...base, articles: [base.articles[0]] }), ['articles', 'mentions'], 'an article gone');
  assert.equal(changed({ ...base, articles: [['a', 'meta-a', 'mentions-a2'], base.articles[1]] }), ['mentions'], "an article's mentions");
  assert.equal(changed({ ...base, terms: [makeTerm({ slug: 'privilege', title: 'Legal privilege' }), base.terms[1]] }), ['terms'], "a term's title");
  assert.equal(changed({ ...base, terms: [base.terms[1], base.terms[0]] }), ['terms'], 'the terms in another order');
});

test.run();
