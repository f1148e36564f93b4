import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Article, Dataset, Term } from '../../src/model.js';
import { articleManifestHash, buildManifest as manifestOf, diffManifests, type Manifest } from '../../src/passes/manifest.js';
import { correctionsOf } from '../../src/passes/change-log.js';
import { hasAnswer } from '../../src/passes/article-fields.js';
import { makeArticle, makeDataset, makeTerm } from '../helpers/make-site.js';

const test = suite('manifest');

const buildManifest = (a: Article[], t: Term[], d: Dataset[]) => manifestOf(a.map((x) => ({ slug: x.slug, manifestHash: articleManifestHash(x), corrections: correctionsOf(x), answered: hasAnswer(x) })), t, d);

const BASE = 'https://test.example.org';
const SITE_URLS = ['/', '/articles', '/glossary', '/for-ai-systems', '/sitemap.xml', '/feed.xml'].map((p) => BASE + p);
const articles = [makeArticle({ slug: 'hashing', summary: 'Hash every copy.', answer: ['Hash every copy.'] })];
const terms = [makeTerm({ slug: 'hash-value' }), makeTerm({ slug: 'waiver' })];
const datasets = [makeDataset({ slug: 'chronology' })];
const base = buildManifest(articles, terms, datasets);

test('the manifest has one entry per article, term and dataset', () => {
  assert.equal(Object.keys(base.entities).sort(), ['article:hashing', 'dataset:chronology', 'glossary:hash-value', 'glossary:waiver']);
});

test('with no previous manifest everything is created', () => {
  const changes = diffManifests(undefined, base, BASE);
  assert.equal([...changes.created].sort(), ['article:hashing', 'dataset:chronology', 'glossary:hash-value', 'glossary:waiver']);
  assert.equal(changes.updated, []);
  assert.equal(changes.deleted, []);
  assert.ok(changes.urls.article.includes(`${BASE}/articles/hashing`));
  assert.ok(changes.urls.glossary.includes(`${BASE}/glossary/waiver`));
  assert.ok(changes.urls.dataset.includes(`${BASE}/datasets/chronology`));
  assert.equal(changes.urls.site, SITE_URLS);
});

test('an unchanged build has no changes and four empty URL lists', () => {
  const again = buildManifest([makeArticle({ slug: 'hashing', summary: 'Hash every copy.', answer: ['Hash every copy.'] })], [...terms].reverse(), datasets);
  const changes = diffManifests(base, again, BASE);
  assert.equal(changes, { created: [], updated: [], deleted: [], corrected: [], urls: { article: [], glossary: [], dataset: [], site: [] } });
});

test('a changed article gives exactly the article URL list and the site list', () => {
  const edited = buildManifest([makeArticle({ slug: 'hashing', summary: 'Hash every copy, twice.', answer: ['Hash every copy.'] })], terms, datasets);
  const changes = diffManifests(base, edited, BASE);
  assert.equal(changes.updated, ['article:hashing']);
  assert.equal(changes.created, []);
  assert.equal(changes.deleted, []);
  assert.equal(changes.urls.article, [
    `${BASE}/articles/hashing`,
    `${BASE}/articles/hashing.json`,
    `${BASE}/articles/hashing.answer.json`,
    `${BASE}/articles`,
    `${BASE}/articles/index.json`,
    `${BASE}/sitemap.xml`,
  ]);
  assert.equal(changes.urls.glossary, []);
  assert.equal(changes.urls.dataset, []);
  assert.equal(changes.urls.site, SITE_URLS);
});

test('an article without an answer has no answer file to announce; a manifest made before that was recorded lists it', () => {
  const plain = makeArticle({ slug: 'plain', summary: 'No answer here.', answer: undefined });
  assert.not.ok(hasAnswer(plain));
  const current = buildManifest([...articles, plain], terms, datasets);
  assert.equal(current.unanswered, ['plain']);
  const urls = diffManifests(base, current, BASE).urls.article;
  assert.ok(urls.includes(`${BASE}/articles/plain`));
  assert.ok(urls.includes(`${BASE}/articles/plain.json`));
  assert.not.ok(urls.includes(`${BASE}/articles/plain.answer.json`), 'no answer file, so none announced');
  assert.equal(base.unanswered, undefined, 'every article answered: nothing recorded');
  const older: Manifest = { version: 1, entities: current.entities };
  assert.ok(diffManifests(base, older, BASE).urls.article.includes(`${BASE}/articles/plain.answer.json`));
  // Deleted: its answer file is announced (to be found gone) only if it had one.
  const gone = diffManifests(current, base, BASE).urls.article;
  assert.ok(gone.includes(`${BASE}/articles/plain`), 'a deleted article is announced');
  assert.not.ok(gone.includes(`${BASE}/articles/plain.answer.json`), 'it never had an answer file');
  const answeredGone = diffManifests(current, buildManifest([], terms, datasets), BASE).urls.article;
  assert.ok(answeredGone.includes(`${BASE}/articles/hashing.answer.json`), 'a deleted article that had one');
});

test('a deleted term gives the glossary URL list and the site list', () => {
  const fewer = buildManifest(articles, [makeTerm({ slug: 'hash-value' })], datasets);
  const changes = diffManifests(base, fewer, BASE);
  assert.equal(changes.deleted, ['glossary:waiver']);
  assert.equal(changes.updated, []);
  assert.equal(changes.urls.glossary, [`${BASE}/glossary`, `${BASE}/glossary.json`, `${BASE}/glossary/waiver`]);
  assert.equal(changes.urls.article, []);
  assert.equal(changes.urls.dataset, []);
  assert.equal(changes.urls.site, SITE_URLS);
});

test('a changed dataset gives the dataset URL list', () => {
  const edited = buildManifest(articles, terms, [makeDataset({ slug: 'chronology', description: 'New description.' })]);
  const changes = diffManifests(base, edited, BASE);
  assert.equal(changes.urls.dataset, [`${BASE}/datasets/chronology`, `${BASE}/datasets/chronology.json`, `${BASE}/datasets/index.json`]);
});

// Corrections (issue 17): what notify announces as article.corrected.
const corrected = (changes: Article['changes']) => makeArticle({ slug: 'hashing', summary: 'Hash every copy.', dateModified: '2025-10-01', changes });
const first = { date: '2025-09-01', kind: 'correction' as const, summary: 'Fixed the name of the guide.' };
const second = { date: '2025-10-01', kind: 'correction' as const, summary: 'Fixed a date.' };

test('a correction new since the previous build, of an article published before, is announced once', () => {
  const one = buildManifest([corrected([first])], terms, datasets);
  const two = buildManifest([corrected([second, first, { date: '2025-10-01', kind: 'update', summary: 'Added a section.' }])], terms, datasets);
  assert.equal(one.corrections, { 'article:hashing': [{ id: 'change-2025-09-01', date: '2025-09-01', summary: 'Fixed the name of the guide.' }] });
  assert.equal(diffManifests(base, one, BASE).corrected, [{ key: 'article:hashing', id: 'change-2025-09-01', date: '2025-09-01', summary: 'Fixed the name of the guide.' }]);
  assert.equal(diffManifests(one, two, BASE).corrected, [{ key: 'article:hashing', id: 'change-2025-10-01', date: '2025-10-01', summary: 'Fixed a date.' }], 'the old one is not announced again; an update is no correction');
  assert.equal(diffManifests(two, two, BASE).corrected, []);
});

test("a new article's corrections are announced with the article (article.created), not as corrections; with no previous build, none are", () => {
  const withNew = buildManifest([...articles, makeArticle({ slug: 'fresh', changes: [first] })], terms, datasets);
  assert.equal(diffManifests(base, withNew, BASE).corrected, []);
  assert.equal(diffManifests(undefined, buildManifest([corrected([first])], terms, datasets), BASE).corrected, []);
});

test('against a manifest from before corrections were recorded, the corrections of changed articles are announced', () => {
  const old: Manifest = { version: 1, entities: { ...base.entities } };
  const unchanged = buildManifest([makeArticle({ slug: 'hashing', summary: 'Hash every copy.', changes: [first] })], terms, datasets);
  const oldOfUnchanged: Manifest = { version: 1, entities: { ...unchanged.entities } };
  assert.equal(diffManifests(old, buildManifest([corrected([first])], terms, datasets), BASE).corrected?.map((c) => c.id), ['change-2025-09-01']);
  assert.equal(diffManifests(oldOfUnchanged, unchanged, BASE).corrected, [], 'an article that did not change announces nothing');
});

test('a damaged corrections list in the previous manifest counts as an empty one', () => {
  const damaged = { version: 1, entities: { ...base.entities }, corrections: { 'article:hashing': 'oops' } } as unknown as Manifest;
  assert.equal(diffManifests(damaged, buildManifest([corrected([first])], terms, datasets), BASE).corrected?.map((c) => c.id), ['change-2025-09-01']);
});

test.run();
