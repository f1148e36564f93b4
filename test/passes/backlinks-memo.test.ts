/** The backlinks memo: the same inputs, the memo's backlinks without working them out; anything
 * else, worked out in full. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Backlink, BacklinkResult } from '../../src/passes/backlinks.js';
import { memoizedBacklinks } from '../../src/engine/backlinks-memo.js';
import type { OrderedSite } from '../../src/pipeline.js';

const test = suite('backlinks memo');

function site(mentionsKey = 'm1', title = 'Hashing'): OrderedSite {
  const articles = [{ slug: 'a', title }];
  return {
    articles,
    terms: [{ slug: 'hash-value', title: 'Hash value' }],
    metaKeys: new Map([['a', `meta-${title}`]]),
    bodies: new Map([['a', { mentions: [], mentionsKey, links: [] }]]),
  } as unknown as OrderedSite;
}

const link = (context: string) => ({ fromType: 'article', fromSlug: 'a', fromTitle: 'Hashing', toType: 'glossary', toSlug: 'hash-value', toTitle: 'Hash value', relationship: 'mentions', kind: 'mention', strength: 1, context }) as Backlink;

/** A full computation that counts its runs. */
function counted(context: string) {
  const runs = { n: 0 };
  const build = (): BacklinkResult => {
    runs.n++;
    return { byTarget: { get: (k) => (k === 'glossary:hash-value' ? [link(context)] : undefined) }, relations: [link(context)], relationCounts: new Map([['glossary:hash-value', context.length]]) };
  };
  return { runs, build };
}

test('with the same inputs, backlinks come from the memo and the memo is kept as it is', () => {
  const first = counted('first');
  const one = memoizedBacklinks(site(), first.build);
  assert.equal(one.backlinks.byTarget.get('glossary:hash-value'), [link('first')]);
  assert.is(one.backlinks.byTarget.get('glossary:other'), undefined);
  assert.is(first.runs.n, 1);
  const memo = one.next();
  const second = counted('second');
  const two = memoizedBacklinks(site(), second.build, memo);
  assert.equal(two.backlinks.byTarget.get('glossary:hash-value'), [link('first')]);
  assert.is(two.backlinks.byTarget.get('glossary:other'), undefined);
  assert.is(second.runs.n, 0, 'nothing worked out');
  assert.is(two.next(), memo);
});

test('changed mentions or fields, a target the memo lacks, or the relations: worked out in full', () => {
  const memo = memoizedBacklinks(site(), counted('first').build).next();
  for (const changed of [site('m2'), site('m1', 'Hashing, revisited')]) {
    const again = counted('second');
    const m = memoizedBacklinks(changed, again.build, memo);
    assert.equal(m.backlinks.byTarget.get('glossary:hash-value'), [link('second')]);
    assert.is(again.runs.n, 1);
    assert.is.not(m.next().key, memo.key);
  }
  const lacking = counted('second');
  const m = memoizedBacklinks(site(), lacking.build, memo);
  assert.is(m.backlinks.byTarget.get('article:a'), undefined);
  assert.is(lacking.runs.n, 1, 'a target it never listed');
  assert.equal(m.backlinks.relations, [link('second')]);
});

test('relation counts asked for are kept in the memo, and a rebuild with the same inputs takes them from it', () => {
  const first = counted('first');
  const one = memoizedBacklinks(site(), first.build);
  one.backlinks.byTarget.get('glossary:hash-value');
  assert.equal(one.backlinks.relationCounts, new Map([['glossary:hash-value', 5]]));
  const memo = one.next();
  assert.equal(memo.relationCounts, [['glossary:hash-value', 5]]);
  const second = counted('second, different');
  const two = memoizedBacklinks(site(), second.build, memo);
  two.backlinks.byTarget.get('glossary:hash-value');
  assert.equal(two.backlinks.relationCounts, new Map([['glossary:hash-value', 5]]));
  assert.is(second.runs.n, 0, 'nothing worked out: the counts came from the memo');
  const changed = counted('second, different');
  assert.equal(memoizedBacklinks(site('m2'), changed.build, memo).backlinks.relationCounts, new Map([['glossary:hash-value', 17]]), 'changed inputs: counted again');
});

test('a memo keeps each target\'s backlinks as text, parsed only for the targets asked for', () => {
  const full = { byTarget: { get: (k: string) => (k.startsWith('glossary:') ? [link(k)] : undefined) }, relations: [], relationCounts: new Map() } as BacklinkResult;
  const one = memoizedBacklinks(site(), () => full);
  for (const target of ['glossary:a', 'glossary:b', 'glossary:c', 'article:a']) one.backlinks.byTarget.get(target);
  const memo = one.next();
  assert.equal(memo.targets, ['glossary:a', 'glossary:b', 'glossary:c', 'article:a', 'glossary:hash-value'], 'those asked for, and every term of the site');
  assert.instance(memo.texts, Uint8Array, 'kept as bytes, not a string per target');
  assert.is(memo.ends[3] - memo.ends[2], 0, 'a target with none: no text');
  const parse = JSON.parse;
  const parsedTexts: string[] = [];
  JSON.parse = ((text: string) => (parsedTexts.push(text), parse(text))) as typeof JSON.parse;
  try {
    const two = memoizedBacklinks(site(), () => assert.unreachable('worked out') as never, memo);
    assert.equal(two.backlinks.byTarget.get('glossary:b'), [link('glossary:b')]);
    assert.is(two.backlinks.byTarget.get('article:a'), undefined);
    assert.is(parsedTexts.length, 1, 'one target parsed');
    assert.is(two.next(), memo);
  } finally {
    JSON.parse = parse;
  }
});

test("a build that worked backlinks out in full keeps every term's in the memo: the next with the same inputs works nothing out, whichever term pages it renders", () => {
  const terms = ['hash-value', 'bates-number', 'privilege-log'];
  const siteOf = (mentionsKey: string) => ({ ...site(mentionsKey), terms: terms.map((slug) => ({ slug, title: slug })) }) as OrderedSite;
  const full = (context: string) => {
    const runs = { n: 0 };
    const build = (): BacklinkResult => (runs.n++, { byTarget: { get: (k) => (k === 'glossary:privilege-log' ? undefined : [link(`${context} ${k}`)]) }, relations: [], relationCounts: new Map() });
    return { runs, build };
  };
  // An edit changed the inputs: worked out in full, and one term page made again (its fingerprint changed).
  const before = memoizedBacklinks(siteOf('m1'), full('old').build).next();
  const edited = full('new');
  const one = memoizedBacklinks(siteOf('m2'), edited.build, before);
  assert.equal(one.backlinks.byTarget.get('glossary:hash-value'), [link('new glossary:hash-value')]);
  assert.is(edited.runs.n, 1);
  const memo = one.next();
  assert.equal(new Set(memo.targets), new Set(terms.map((t) => `glossary:${t}`)), "every term's backlinks, not only those asked for");
  // The next edit leaves the inputs as they are and makes another term page again.
  const next = full('unused');
  const two = memoizedBacklinks(siteOf('m2'), next.build, memo);
  assert.equal(two.backlinks.byTarget.get('glossary:bates-number'), [link('new glossary:bates-number')]);
  assert.is(two.backlinks.byTarget.get('glossary:privilege-log'), undefined, 'a term with none: known to have none');
  assert.is(next.runs.n, 0, 'nothing worked out');
  assert.is(two.next(), memo);
});

test('a memo of the same inputs keeps what it held when a build works out more: its targets and relation counts', () => {
  const first = counted('first');
  const one = memoizedBacklinks(site(), first.build);
  one.backlinks.byTarget.get('glossary:hash-value');
  void one.backlinks.relationCounts;
  const memo = one.next();
  const second = counted('second');
  const two = memoizedBacklinks(site(), second.build, memo);
  two.backlinks.byTarget.get('article:a'); // not in the memo: worked out in full
  assert.is(second.runs.n, 1);
  const next = two.next();
  assert.equal([...next.targets].sort(), ['article:a', 'glossary:hash-value'], "the memo's targets and the one asked for");
  const third = memoizedBacklinks(site(), () => assert.unreachable('worked out') as never, next);
  assert.equal(third.backlinks.byTarget.get('glossary:hash-value'), [link('second')], "read back from the memo's bytes");
  assert.equal(next.relationCounts, memo.relationCounts, "the memo's relation counts, though not asked for");
});

test.run();
