/** The ids a link into a page is checked against (build/page-ids.ts): a made page's as the shards
 * found them; a kept page's read from the output folder, only for a link from a page made now. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { pageIdsOf } from '../../src/build/page-ids.js';
import type { PageAnchors } from '../../src/engine/emit-site.js';
import type { OutputTarget } from '../../src/write/output-target.js';

const test = suite('page ids for the fragment check');

const made = new Map([['/articles/new', { ids: ['faq'] }]]);
const urls = ['/articles/new', '/articles/kept', '/articles/other-kept'];
const pages: PageAnchors = { size: urls.length, keys: () => urls[Symbol.iterator](), has: (u) => urls.includes(u), anchorsOf: (u) => made.get(u), pathOf: (u) => `${u.slice(1)}.html` };

test('a kept page is read once, for a link from a page made now; a link between kept pages is not checked again', () => {
  const read: string[] = [];
  const target = { read: (file: string) => (read.push(file), Buffer.from('<p id="kept-p001">x</p>')) } as unknown as OutputTarget;
  const idsOf = pageIdsOf(pages, [{ kind: 'html', url: '/articles/old', redirectTo: '/articles/kept' } as never], target);
  assert.equal([...idsOf('/articles/new', '/articles/kept')!], ['faq'], 'a made page: its ids, whatever links to it');
  assert.is(idsOf('/articles/kept', '/articles/other-kept'), undefined, 'kept to kept: not read');
  assert.equal(read, []);
  assert.equal([...idsOf('/articles/kept', '/articles/new')!], ['kept-p001']);
  assert.equal([...idsOf('/articles/old', '/articles/new')!], ['kept-p001'], 'through a redirect, read once');
  assert.equal([...idsOf('/articles/kept')!], ['kept-p001'], 'a link of site.yaml (no page) is always checked');
  assert.equal(read, ['articles/kept.html']);
});

test.run();
