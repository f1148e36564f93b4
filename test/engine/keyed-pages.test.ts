/** Term pages named by a key (routes/page-families.ts termPageRef): the key changes with everything the
 * page's input holds, the input is made only when read, and a rebuild sends a shard the key alone,
 * then the input of only the pages whose fingerprint changed (engine/emit-site.ts pages). */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { SiteEmitter } from '../../src/engine/emit-site.js';
import type { Emitted, PageJob } from '../../src/engine/shard-protocol.js';
import type { ShardPool } from '../../src/engine/shard-pool.js';
import { termPageRef } from '../../src/routes/page-families.js';
import type { PageRef } from '../../src/routes/types.js';
import type { OutputTarget } from '../../src/write/output-target.js';
import type { LinkedItem } from '../../templates/types.js';
import { makeTerm } from '../helpers/make-site.js';

const test = suite('keyed term pages');

const backlink: LinkedItem = { href: '/articles/a', title: 'A', type: 'article', context: 'Mentions the term.', relationship: 'mention, strength 1' };
const relations = () => ({ backlinks: [backlink], sharedTags: [] });
const title = (slug: string): string | undefined => (slug === 'other' ? 'Other' : undefined);

test('a term page\'s key changes with the term, its titles and the backlinks\' key, and not otherwise', () => {
  const term = makeTerm({ slug: 'hash', seeAlso: ['other'] });
  const key = (t = term, titles: (slug: string) => string | undefined = title, backlinksKey = 'k1') => termPageRef(t, 3, relations, titles, backlinksKey).keyed!.key;
  assert.is(key(), key(makeTerm({ slug: 'hash', seeAlso: ['other'] })), 'the same term, the same key');
  assert.is.not(key(), key(makeTerm({ slug: 'hash', seeAlso: ['other'], definition: 'Another definition.' })));
  assert.is.not(key(), key(term, (slug) => (slug === 'other' ? 'Other, renamed' : undefined)));
  assert.is.not(key(), key(term, title, 'k2'));
  assert.is(termPageRef(term, 3, relations, title, 'k1').keyed!.node, 3);
  assert.is(termPageRef(term, 3, relations, title).keyed, undefined, 'no backlinks key, no key');
});

test('a term page\'s input is made once, when first read', () => {
  let made = 0;
  const ref = termPageRef(makeTerm({ slug: 'hash' }), 0, () => (made++, relations()), title, 'k');
  assert.is(made, 0);
  const input = ref.input;
  assert.equal(input, { family: 'term', term: makeTerm({ slug: 'hash' }), node: 0, backlinks: [backlink], sharedTags: [], titles: [] });
  assert.is(ref.input, input);
  assert.is(made, 1);
});

/** A pool answering as a shard does: a page sent its key alone is unchanged when its fingerprint
 * is `prev`, else it needs its input; a page sent its input is made. */
function fakePool(changed: Set<string>) {
  const calls: PageJob[][] = [];
  const pool = {
    renderPages(jobs: PageJob[], _sink: unknown, _remember: boolean, onPage: (page: Emitted) => void) {
      calls.push(jobs);
      const pages = jobs.map((job): Emitted => {
        const base = { url: job.url!, path: job.path! };
        if (!changed.has(job.url!)) return { ...base, fingerprint: job.prev, unchanged: true };
        if (!job.input) return { ...base, needsInput: true };
        return { ...base, fingerprint: `new ${job.keyed?.key}`, body: `<p>${job.url}</p>`, anchors: { ids: [] } as unknown as Emitted['anchors'] };
      });
      pages.forEach(onPage);
      return Promise.resolve(pages);
    },
  };
  return { pool: pool as unknown as ShardPool, calls };
}

function fakeTarget() {
  const unchanged: string[] = [];
  const written: string[] = [];
  const target = { updating: true, dir: '/staging', previousIfIntact: () => 'old', unchanged: (file: string) => unchanged.push(file), written: (file: string) => written.push(file) };
  return { target: target as unknown as OutputTarget, unchanged, written };
}

test('a rebuild sends term pages their keys, and the inputs of the changed ones alone', async () => {
  const read: string[] = [];
  const refs: PageRef[] = ['a', 'b', 'c'].map((slug, node) => {
    const ref = termPageRef(makeTerm({ slug }), node, relations, title, 'k');
    return Object.defineProperty({ ...ref, keyed: ref.keyed }, 'input', { get: () => (read.push(slug), ref.input) }) as PageRef;
  });
  const { pool, calls } = fakePool(new Set(['/glossary/b']));
  const { target, unchanged, written } = fakeTarget();
  const emitter = new SiteEmitter({ pool, target, keep: false, remember: true, parts: new Set(), context: 'ctx' });
  await emitter.pages(refs);
  assert.is(calls.length, 2, 'keys first, then the changed page with its input');
  assert.ok(calls[0].every((job) => job.input === undefined && job.keyed !== undefined && job.prev === 'old'));
  assert.equal(calls[1].map((job) => job.url), ['/glossary/b']);
  assert.is(calls[1][0].input?.family, 'term');
  assert.is(calls[1][0].keyed, refs[1].keyed, 'sent again with its key: fingerprinted as before');
  assert.equal(read, ['b'], 'only the changed page\'s input was made');
  assert.equal(unchanged.sort(), ['glossary/a.html', 'glossary/c.html']);
  assert.equal(written, ['glossary/b.html']);
  assert.is(emitter.fingerprintOf('glossary/b.html'), `new ${refs[1].keyed!.key}`);
});

test('without a last page to compare with, or with no output folder to update, the input is sent at once', async () => {
  const ref = termPageRef(makeTerm({ slug: 'a' }), 0, relations, title, 'k');
  const noLastPage = { ...fakeTarget().target, previousIfIntact: () => undefined } as unknown as OutputTarget;
  for (const target of [noLastPage, undefined]) {
    const { pool, calls } = fakePool(new Set(['/glossary/a']));
    await new SiteEmitter({ pool, target, keep: false, remember: false, parts: new Set(), context: 'ctx' }).pages([ref]);
    assert.is(calls.length, 1);
    assert.is(calls[0][0].input?.family, 'term');
    // Fingerprinted by its key whenever fingerprints are taken, so that the next build compares like with like.
    assert.is(calls[0][0].keyed, target ? ref.keyed : undefined);
  }
});

test.run();
