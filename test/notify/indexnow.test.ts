/** IndexNow request bodies: the spec's four lists merged without repeats, host and key location from
 * baseUrl, at most 10,000 URLs per request, nothing for an empty list. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { INDEXNOW_ENDPOINTS } from '../../src/notify/constants.js';
import { indexNowBodies, indexNowUrls } from '../../src/notify/indexnow.js';
import { diffManifests } from '../../src/passes/manifest.js';

const test = suite('indexnow');
const site = { baseUrl: 'https://ref.example.com', key: 'abcdef0123456789' };

test('merges the article, glossary, dataset and site lists without repeats', () => {
  const changes = diffManifests({ version: 1, entities: { 'article:a': '1' } }, { version: 1, entities: { 'article:a': '2', 'glossary:t': '1' } }, site.baseUrl);
  const urls = indexNowUrls(changes);
  assert.is(new Set(urls).size, urls.length);
  assert.equal(urls.slice(0, 3), ['https://ref.example.com/articles/a', 'https://ref.example.com/articles/a.json', 'https://ref.example.com/articles/a.answer.json']);
  assert.ok(urls.includes('https://ref.example.com/glossary/t'));
  assert.is(urls.filter((u) => u === 'https://ref.example.com/sitemap.xml').length, 1);
});

test('host and keyLocation come from baseUrl', () => {
  const [body] = indexNowBodies(['https://ref.example.com:8443/x/a'], { baseUrl: 'https://ref.example.com:8443/x', key: site.key });
  assert.equal(body, { host: 'ref.example.com:8443', key: site.key, keyLocation: 'https://ref.example.com:8443/x/indexnow-key.txt', urlList: ['https://ref.example.com:8443/x/a'] });
});

test('splits into requests of at most 10,000 URLs, and sends none for an empty list', () => {
  const urls = Array.from({ length: 25_001 }, (_, i) => `https://ref.example.com/articles/a${i}`);
  const bodies = indexNowBodies(urls, site);
  assert.equal(bodies.map((b) => b.urlList.length), [10_000, 10_000, 5_001]);
  assert.equal(bodies.flatMap((b) => b.urlList), urls);
  assert.equal(indexNowBodies([], site), []);
});

test('defaults to the four search-engine endpoints', () => {
  assert.equal(INDEXNOW_ENDPOINTS, ['https://api.indexnow.org/indexnow', 'https://www.bing.com/indexnow', 'https://yandex.com/indexnow', 'https://search.seznam.cz/indexnow']);
});

test.run();
