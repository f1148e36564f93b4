import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildBacklinks, LISTED_UNDER, MAX_BACKLINKS, MAX_SHARED_TAG_RELATIONS } from '../../src/passes/backlinks.js';
import type { TermMention } from '../../src/model.js';
import { makeArticle, makeTerm } from '../helpers/make-site.js';

const test = suite('backlinks');

const noMentions = new Map<string, TermMention[]>();
const summary = (list: { fromSlug: string; kind: string; strength: number }[] | undefined) =>
  (list ?? []).map((b) => `${b.fromSlug}:${b.kind}:${b.strength}`);

test('an article linking a term is a "mentions" backlink of strength 1 quoting the sentence of the link', () => {
  const articles = [makeArticle({ slug: 'custody', title: 'Chain of custody' })];
  const terms = [makeTerm({ slug: 'hash-value', title: 'Hash value' })];
  const mentions = new Map([['custody', [{ termSlug: 'hash-value', context: 'Record the hash value of every copy.', via: 'auto' as const }]]]);
  const { byTarget } = buildBacklinks(articles, terms, mentions);
  const list = byTarget.get('glossary:hash-value')!;
  assert.is(list.length, 1);
  assert.equal(
    { fromType: list[0].fromType, fromSlug: list[0].fromSlug, fromTitle: list[0].fromTitle, toTitle: list[0].toTitle, relationship: list[0].relationship, strength: list[0].strength, context: list[0].context },
    { fromType: 'article', fromSlug: 'custody', fromTitle: 'Chain of custody', toTitle: 'Hash value', relationship: 'mentions', strength: 1, context: 'Record the hash value of every copy.' },
  );
});

test('see-also is a "related" backlink of strength 2 and contrast one of strength 1, each saying where it is listed', () => {
  const terms = [
    makeTerm({ slug: 'privilege', seeAlso: ['work-product'], contrastWith: ['waiver'] }),
    makeTerm({ slug: 'work-product' }),
    makeTerm({ slug: 'waiver' }),
  ];
  const { byTarget } = buildBacklinks([], terms, noMentions);
  const seeAlso = byTarget.get('glossary:work-product')!;
  const contrast = byTarget.get('glossary:waiver')!;
  assert.equal(seeAlso.map((b) => [b.fromSlug, b.relationship, b.strength, b.context]), [['privilege', 'related', 2, LISTED_UNDER['see-also']]]);
  assert.equal(contrast.map((b) => [b.fromSlug, b.relationship, b.strength, b.context]), [['privilege', 'related', 1, LISTED_UNDER.contrast]]);
});

test('an article listing a term under see-also refers to it; listing an article does not make a term backlink', () => {
  const articles = [makeArticle({ slug: 'holds', seeAlso: ['glossary/spoliation', 'articles/other'] }), makeArticle({ slug: 'other' })];
  const { byTarget } = buildBacklinks(articles, [makeTerm({ slug: 'spoliation' })], noMentions);
  assert.equal(summary(byTarget.get('glossary:spoliation')), ['holds:see-also:2']);
});

test('an article listing another article under see-also refers to it (an edge of the knowledge graph); one listing itself does not', () => {
  const articles = [makeArticle({ slug: 'holds', seeAlso: ['articles/other', 'articles/holds'] }), makeArticle({ slug: 'other' })];
  const { byTarget } = buildBacklinks(articles, [], noMentions);
  assert.equal(summary(byTarget.get('article:other')), ['holds:see-also:2']);
  assert.equal(summary(byTarget.get('article:holds')), []);
});

test('a source that refers twice is listed once, with its strongest relation and the sentence of its link', () => {
  const articles = [makeArticle({ slug: 'holds', seeAlso: ['glossary/spoliation'] })];
  const mentions = new Map([['holds', [{ termSlug: 'spoliation', context: 'Loss of evidence is spoliation.', via: 'auto' as const }]]]);
  const list = buildBacklinks(articles, [makeTerm({ slug: 'spoliation' })], mentions).byTarget.get('glossary:spoliation')!;
  assert.equal(list.map((b) => [b.fromSlug, b.kind, b.strength, b.context]), [['holds', 'see-also', 2, 'Loss of evidence is spoliation.']]);
});

test('shared tags are no reference: kept apart, after the references, five at most, strength = shared tags capped at 3', () => {
  const articles = [
    makeArticle({ slug: 'x', tags: ['a', 'b', 'c', 'd'] }),
    makeArticle({ slug: 'y', tags: ['a', 'b', 'c', 'd'] }), // 4 shared with x → min(4, 3) = 3
    makeArticle({ slug: 'z', tags: ['a'] }), //                1 shared with x → 1
    ...Array.from({ length: 6 }, (_, i) => makeArticle({ slug: `more${i}`, tags: ['d'] })),
  ];
  const terms = [makeTerm({ slug: 'w', tags: ['a', 'b', 'zz'] })]; // 2 shared with x → 2
  const { byTarget } = buildBacklinks(articles, terms, noMentions);
  const list = byTarget.get('article:x')!;
  assert.is(MAX_SHARED_TAG_RELATIONS, 5);
  assert.equal(summary(list), ['y:shared-tags:3', 'w:shared-tags:2', 'more0:shared-tags:1', 'more1:shared-tags:1', 'more2:shared-tags:1']);
  assert.ok(list.every((b) => b.relationship === 'related'));
});

test('a target keeps at most 10 references, strongest first, and its shared-tag relations besides', () => {
  // 12 articles linking the term (strength 1 each), one term with see-also (strength 2), 3 sharing a tag.
  const articles = Array.from({ length: 12 }, (_, i) => makeArticle({ slug: `a${String(i).padStart(2, '0')}` }));
  const sharing = Array.from({ length: 3 }, (_, i) => makeArticle({ slug: `s${i}`, tags: ['evidence'] }));
  const terms = [makeTerm({ slug: 'target', tags: ['evidence'] }), makeTerm({ slug: 'linker', seeAlso: ['target'] })];
  const mentions = new Map(articles.map((a) => [a.slug, [{ termSlug: 'target', context: 'It is the target.', via: 'auto' as const }]]));
  const list = buildBacklinks([...articles, ...sharing], terms, mentions).byTarget.get('glossary:target')!;
  const references = list.filter((b) => b.kind !== 'shared-tags');
  assert.is(MAX_BACKLINKS, 10);
  assert.is(references.length, 10);
  assert.equal(summary([references[0]]), ['linker:see-also:2']);
  for (let i = 1; i < references.length; i++) assert.ok(references[i - 1].strength >= references[i].strength, `strength not descending at ${i}`);
  assert.equal(summary(list.slice(10)), ['s0:shared-tags:1', 's1:shared-tags:1', 's2:shared-tags:1']);
});

test('a source already referring to a target is not listed again as sharing tags', () => {
  // t1 → t2 by see-also and they share 2 tags: one backlink (see-also, 2), not a second shared-tags one.
  const terms = [makeTerm({ slug: 't1', tags: ['x', 'y'], seeAlso: ['t2'] }), makeTerm({ slug: 't2', tags: ['x', 'y'] })];
  const { byTarget, relations } = buildBacklinks([], terms, noMentions);
  assert.equal(summary(byTarget.get('glossary:t2')), ['t1:see-also:2']);
  // The other direction has no explicit link, so the shared tags do count there: 2 shared → 2.
  assert.equal(summary(byTarget.get('glossary:t1')), ['t2:shared-tags:2']);
  assert.is(relations.filter((b) => b.fromSlug === 't1' && b.toSlug === 't2').length, 1);
});

test('items with no tags, links or mentions get no backlinks', () => {
  const { byTarget, relations } = buildBacklinks([makeArticle({ slug: 'lonely' })], [makeTerm({ slug: 'alone' })], noMentions);
  assert.is(byTarget.get('article:lonely'), undefined);
  assert.is(byTarget.get('glossary:alone'), undefined);
  assert.is(relations.length, 0);
});


/** The reference: every explicit relation (one per source, the strongest), sorted and cut to ten; then
 * every other item sharing a tag, scored, sorted and cut to five. */
function bruteForce(articles: ReturnType<typeof makeArticle>[], terms: ReturnType<typeof makeTerm>[], mentions: Map<string, TermMention[]>) {
  const nodes = [...articles.map((a) => ({ type: 'article', slug: a.slug, title: a.title, tags: a.tags })), ...terms.map((t) => ({ type: 'glossary', slug: t.slug, title: t.title, tags: t.tags }))];
  const byTarget = new Map<string, string[]>();
  nodes.forEach((target) => {
    const key = `${target.type}:${target.slug}`;
    const rows: { from: (typeof nodes)[number]; kind: string; strength: number }[] = [];
    for (const a of articles) for (const m of mentions.get(a.slug) ?? []) if (target.type === 'glossary' && m.termSlug === target.slug) rows.push({ from: nodes.find((n) => n.slug === a.slug && n.type === 'article')!, kind: 'mention', strength: 1 });
    for (const t of terms) {
      const from = nodes.find((n) => n.slug === t.slug && n.type === 'glossary')!;
      if (target.type === 'glossary' && t.seeAlso.includes(target.slug)) for (const s of t.seeAlso) if (s === target.slug) rows.push({ from, kind: 'see-also', strength: 2 });
      if (target.type === 'glossary') for (const s of t.contrastWith) if (s === target.slug) rows.push({ from, kind: 'contrast', strength: 1 });
    }
    const order = (a: (typeof rows)[number], b: (typeof rows)[number]) => b.strength - a.strength || a.from.title.localeCompare(b.from.title) || a.from.slug.localeCompare(b.from.slug);
    rows.sort(order);
    const references = rows.filter((r, i) => rows.findIndex((x) => x.from === r.from) === i);
    const linked = new Set(rows.map((r) => r.from));
    const shared: typeof rows = [];
    for (const n of nodes) {
      if (n === target || linked.has(n)) continue;
      let count = 0;
      for (const tag of new Set(target.tags)) count += n.tags.filter((t) => t === tag).length;
      if (count) shared.push({ from: n, kind: 'shared-tags', strength: Math.min(count, 3) });
    }
    shared.sort(order);
    const kept = [...references.slice(0, MAX_BACKLINKS), ...shared.slice(0, MAX_SHARED_TAG_RELATIONS)];
    if (kept.length) byTarget.set(key, kept.map((r) => `${r.from.slug}:${r.kind}:${r.strength}`));
  });
  return byTarget;
}

for (const [size, tagCount, seed, duplicates] of [[240, 6, 1, false], [300, 10, 2, false], [200, 4, 3, true]] as const) {
  test(`${size} items over ${tagCount} tags${duplicates ? ', some listing a tag twice' : ''}: the same backlinks as scoring every pair`, () => {
    let s = seed;
    const random = () => ((s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const tags = Array.from({ length: tagCount }, (_, i) => `tag${i}`);
    const pickTags = () => {
      const picked = tags.filter(() => random() < 0.35);
      return duplicates && picked.length && random() < 0.2 ? [...picked, picked[0]] : picked;
    };
    const title = () => ['Alpha', 'Beta', 'Gamma', 'Delta'][Math.floor(random() * 4)] + ' ' + Math.floor(random() * 30);
    const articles = Array.from({ length: size * 0.7 }, (_, i) => makeArticle({ slug: `a${i}`, title: title(), tags: pickTags() }));
    const termCount = size * 0.3;
    const terms = Array.from({ length: termCount }, (_, i) => makeTerm({ slug: `t${i}`, title: title(), tags: pickTags(), seeAlso: random() < 0.3 ? [`t${Math.floor(random() * termCount)}`].filter((x) => x !== `t${i}`) : [], contrastWith: random() < 0.2 ? [`t${Math.floor(random() * termCount)}`].filter((x) => x !== `t${i}`) : [] }));
    const mentions = new Map(articles.map((a) => [a.slug, terms.filter(() => random() < 0.05).map((t) => ({ termSlug: t.slug, context: '…', via: 'auto' as const }))]));
    const fast = buildBacklinks(articles, terms, mentions).byTarget;
    const slow = bruteForce(articles, terms, mentions);
    // Every target: those with backlinks have the same, the others none.
    for (const key of [...articles.map((a) => `article:${a.slug}`), ...terms.map((t) => `glossary:${t.slug}`)]) {
      assert.equal(summary(fast.get(key)), slow.get(key) ?? summary(undefined), key);
    }
  });
}

test.run();
