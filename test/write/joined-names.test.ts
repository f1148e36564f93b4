/** Names kept joined (write/joined-names.ts) agree with the obvious model, an array of strings:
 * lookups (by a string, and by another list's name where it lies), comparisons, and lists put
 * together from runs of another's. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createRng } from '../../bench/corpus/random.js';
import { JoinedNames, JoinedNamesWriter } from '../../src/write/joined-names.js';

const test = suite('joined names');

const random = (seed: number): (() => number) => createRng(seed).next;
const sign = (n: number) => Math.sign(n);

/** Names that share prefixes, are prefixes of each other, differ in one character, lie outside ASCII. */
function someNames(next: () => number, count: number): string[] {
  const stems = ['articles/', 'articles/a', 'api/', 'é/', 'Ü', 'x', ''];
  const names = new Set<string>();
  while (names.size < count) names.add(`${stems[Math.floor(next() * stems.length)]}${Math.floor(next() * count * 3).toString(36)}${['', '.html', '.json', '.html.bak'][Math.floor(next() * 4)]}` || 'index.html');
  return [...names];
}

test('lookups and comparisons agree with an array of the names', () => {
  const next = random(5);
  for (let round = 0; round < 20; round++) {
    const all = someNames(next, 400);
    const names = all.slice(0, 300);
    const joined = JoinedNames.of(names);
    const parsed = JoinedNames.parse(names.join('\0'));
    const other = JoinedNames.of(all);
    for (const list of [joined, parsed]) {
      assert.is(list.count, names.length);
      assert.equal([...list.all()], names);
      all.forEach((name, j) => {
        assert.is(list.find(name), names.indexOf(name), name);
        assert.is(list.findNameOf(other, j), names.indexOf(name), `${name}, where it lies in another list`);
      });
      for (const probe of [...names.map((n) => n.slice(0, -1)), ...names.map((n) => `${n}x`)]) assert.is(list.find(probe), names.indexOf(probe), probe);
    }
    for (let k = 0; k < 300; k++) {
      const [i, j] = [Math.floor(next() * names.length), Math.floor(next() * names.length)];
      const expected = names[i] < names[j] ? -1 : names[i] > names[j] ? 1 : 0;
      assert.is(sign(joined.compareAt(i, j)), expected, `${names[i]} against ${names[j]}`);
      assert.is(sign(joined.compare(names[i], j)), expected);
      assert.is(joined.is(j, names[i]), i === j);
      assert.is(joined.lengthOf(i), names[i].length);
    }
  }
});

test('a name that is the beginning of another, or has another as its beginning, is found only as itself', () => {
  const next = random(13);
  const base = ['a.html', 'a.htm', 'a', 'articles/x.json', 'articles/x', 'articles/x.json.bak', 'é.html', 'é', 'b/c/d.md', 'b/c'];
  for (let round = 0; round < 300; round++) {
    const names = base.filter(() => next() < 0.5);
    const list = JoinedNames.of(names);
    const probes = JoinedNames.of([...base, ...base.map((n) => `${n}x`), ...base.map((n) => n.slice(0, -1))]);
    probes.all().forEach((probe, j) => {
      assert.is(list.findNameOf(probes, j), names.indexOf(probe), probe);
      assert.is(list.find(probe), names.indexOf(probe), probe);
    });
  }
});

test('a list put together from runs of another and single names', () => {
  const next = random(9);
  for (let round = 0; round < 50; round++) {
    const source = someNames(next, 40);
    const from = JoinedNames.of(source);
    const expected: string[] = [];
    const parts: ([number, number] | string)[] = [];
    for (let i = 0, added = 0; i < source.length; ) {
      if (next() < 0.3) {
        parts.push(`new-${added}`);
        expected.push(`new-${added++}`);
      } else {
        const end = Math.min(source.length, i + 1 + Math.floor(next() * 8));
        parts.push([i, end]);
        expected.push(...source.slice(i, end));
        i = end;
      }
    }
    const writer = new JoinedNamesWriter(expected.length);
    for (const part of parts) typeof part === 'string' ? writer.add(part) : writer.copy(from, part[0], part[1]);
    const made = writer.done();
    assert.equal([...made.all()], expected);
    assert.is(made.text, expected.join('\0'));
    expected.forEach((name, i) => assert.is(made.find(name), i));
  }
});

test('empty names and empty lists: as many names as they are told, or as they hold', () => {
  assert.is(JoinedNames.parse('').count, 0, 'a listing of nothing');
  assert.equal([...JoinedNames.parse('', 1).all()], [''], 'one fingerprint left empty');
  assert.equal([...JoinedNames.parse('\0a\0', 3).all()], ['', 'a', '']);
  assert.equal([...JoinedNames.parse('\0a\0').all()], ['', 'a', '']);
  assert.is(JoinedNames.of([]).find('a'), -1);
  assert.throws(() => JoinedNames.parse('a\0b', 3));
  assert.throws(() => JoinedNames.parse('a\0b\0c', 2));
});

test.run();
