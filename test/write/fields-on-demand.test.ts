/** Fields read when first asked for (a loaded digest's FAQ, mentions, words): a copy that reads them
 * late, copies and serialises like the object it stands for, and keeps V8's fast properties and one
 * hidden class for every copy (each pass of a rebuild reads these objects). */
import { deserialize, serialize, setFlagsFromString } from 'node:v8';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readOnDemand } from '../../src/write/fields-on-demand.js';

const test = suite('fields on demand');

setFlagsFromString('--allow-natives-syntax');
const hasFastProperties = new Function('o', 'return %HasFastProperties(o)') as (o: object) => boolean;
const haveSameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean;

/** An article's fields as the cache holds them (twenty), the deferred ones as placeholders. */
function stored(i: number): Record<string, unknown> {
  const meta: Record<string, unknown> = { slug: `a-${i}`, title: `Article ${i}`, summary: 'S', faq: null, tags: ['evidence'], keyTakeaways: null };
  for (let k = 0; k < 13; k++) meta[`field${k}`] = k * i;
  meta.references = null;
  return deserialize(serialize(meta));
}
const full = (i: number) => ({ faq: [{ q: `Q${i}`, a: 'A' }], keyTakeaways: [`T${i}`], references: [{ title: `R${i}` }] });
const FIELDS = ['faq', 'keyTakeaways', 'references'] as const;

test('a deferred field is read when first asked for, and the others are there at once', () => {
  let reads = 0;
  const copy = readOnDemand(stored(1), FIELDS, () => (reads++, full(1)));
  assert.is(copy.title, 'Article 1');
  assert.is(reads, 0, 'nothing read before a deferred field is asked for');
  assert.equal(copy.faq, full(1).faq);
  assert.is(reads, 1);
  assert.equal(copy.references, full(1).references);
});

test('a copy serialises, clones and spreads as the object it stands for, its fields in order', () => {
  const copy = readOnDemand(stored(2), FIELDS, () => full(2));
  const expected = { ...stored(2), ...full(2) };
  assert.is(JSON.stringify(copy), JSON.stringify(expected));
  assert.equal(Object.keys(copy), Object.keys(stored(2)));
  assert.equal(structuredClone(copy), expected);
  assert.equal(deserialize(serialize(copy)), expected);
  assert.equal({ ...copy }, expected);
  assert.is(Object.getPrototypeOf(copy), Object.prototype, 'a plain object, as a deserialized one is');
});

test('copies keep fast properties and share one hidden class', () => {
  const copies = Array.from({ length: 50 }, (_, i) => readOnDemand(stored(i), FIELDS, () => full(i)));
  assert.ok(copies.every(hasFastProperties), 'no copy is a dictionary');
  assert.ok(copies.every((c) => haveSameMap(c, copies[0])), 'one hidden class for every copy');
  assert.is((copies[7].keyTakeaways as string[])[0], 'T7', 'each copy reads its own fields');
});

test('read now: the fields go into the object itself', () => {
  const value = stored(3);
  const read = readOnDemand(value, FIELDS, () => full(3), true);
  assert.is(read, value);
  assert.equal(read.faq, full(3).faq);
});

test('an object with a "__proto__" key (a damaged cache) is copied without changing its prototype', () => {
  const value = JSON.parse('{"__proto__": {"polluted": true}, "faq": null, "title": "T"}') as Record<string, unknown>;
  const copy = readOnDemand(value, ['faq'], () => ({ faq: ['read'] }));
  assert.is(Object.getPrototypeOf(copy), Object.prototype);
  assert.is((copy as { polluted?: boolean }).polluted, undefined);
  assert.equal(Object.keys(copy), ['__proto__', 'faq', 'title']);
  assert.equal(copy.faq, ['read']);
});

test.run();
