/** Numbered pages of a long list: their addresses, the runs of items, and the pager a reader sees. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { chunk, pagerOf, pageUrl, rangeOf } from '../../src/routes/pagination.js';

const test = suite('pagination');

test('the first page keeps the list address; the others are {list}/page/{n}', () => {
  assert.is(pageUrl('/articles', 1), '/articles');
  assert.is(pageUrl('/articles', 2), '/articles/page/2');
  assert.is(pageUrl('/glossary/letter/s', 3), '/glossary/letter/s/page/3');
});

test('items go in runs of the page size, in order, the last one shorter', () => {
  assert.equal(chunk([1, 2, 3, 4, 5], 2), [[1, 2], [3, 4], [5]]);
  assert.equal(chunk([1, 2], 2), [[1, 2]]);
  assert.equal(chunk([], 2), [[]], 'an empty list is one empty page');
});

test('the pager shows the first and last page, the pages near this one, and gaps between', () => {
  const pager = pagerOf('/articles', 50, 100, 'Pages of articles');
  assert.equal(pager.links.map((l) => l?.page ?? '…'), [1, '…', 48, 49, 50, 51, 52, '…', 100]);
  assert.is(pager.prev, '/articles/page/49');
  assert.is(pager.next, '/articles/page/51');
  assert.is(pager.links[0]!.href, '/articles', 'page 1 is the list itself');
  assert.is(pager.label, 'Pages of articles');
});

test('the first page has no previous, the last no next, and a short list no gaps', () => {
  const first = pagerOf('/answers', 1, 3, 'Pages of answers');
  assert.is(first.prev, undefined);
  assert.is(first.next, '/answers/page/2');
  assert.equal(first.links.map((l) => l?.page), [1, 2, 3]);
  const last = pagerOf('/answers', 3, 3, 'Pages of answers');
  assert.is(last.next, undefined);
  assert.is(last.prev, '/answers/page/2');
  assert.equal(pagerOf('/x', 5, 9, 'x').links.map((l) => l?.page ?? '…'), [1, 2, 3, 4, 5, 6, 7, 8, 9], 'no gap stands for a single number');
  assert.equal(pagerOf('/x', 6, 9, 'x').links.map((l) => l?.page ?? '…'), [1, '…', 4, 5, 6, 7, 8, 9]);
});

test('a page range counts from 1 across pages', () => {
  assert.equal(rangeOf(1, 100, 100, 250), { first: 1, last: 100, total: 250 });
  assert.equal(rangeOf(3, 100, 50, 250), { first: 201, last: 250, total: 250 });
});

test.run();
