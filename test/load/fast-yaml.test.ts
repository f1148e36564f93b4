/**
 * The YAML fast path (js-yaml) may answer only when `yaml` would read the same text the same way
 * without an error: checked on every content file of the shipped site and the fixtures, and on
 * thousands of front matters mutated at random (seeded), where a typo must never be read silently.
 */
import { readFileSync } from 'node:fs';
import fg from 'fast-glob';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseDocument } from 'yaml';
import { fastYaml } from '../../src/load/fast-yaml.js';
import { ROOT } from '../helpers/sites.js';

const test = suite('YAML fast path');

function frontMatter(text: string): string | undefined {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (lines[0]?.trim() !== '---') return undefined;
  const close = lines.findIndex((l, i) => i > 0 && l.trim() === '---');
  return close < 0 ? undefined : lines.slice(1, close).join('\n');
}

function slow(text: string): { data?: unknown; error?: string } {
  const doc = parseDocument(text, { uniqueKeys: true, version: '1.2', prettyErrors: false });
  return doc.errors.length ? { error: doc.errors[0].message } : { data: doc.toJS({ maxAliasCount: 100 }) };
}

const files = fg.sync(['content/**/*.{md,yaml,yml}', 'test/fixtures/sites/**/*.{md,yaml,yml}'], { cwd: ROOT, absolute: true });
const texts = files.map((f) => (f.endsWith('.md') ? frontMatter(readFileSync(f, 'utf8')) : readFileSync(f, 'utf8'))).filter((t): t is string => t !== undefined);

test('every content file: the fast path reads what yaml reads, and takes most of them', () => {
  let fast = 0;
  texts.forEach((text, i) => {
    const data = fastYaml(text);
    if (data === undefined) return;
    fast++;
    const s = slow(text);
    assert.is(s.error, undefined, files[i]);
    assert.equal(data, s.data, files[i]);
  });
  assert.ok(fast > texts.length * 0.8, `${fast} of ${texts.length} read by the fast path`);
});

test('constructs where the readings can part go to yaml', () => {
  for (const text of ['a: &x one\nb: *x', 'a: !!str one', '? a\n: b', 'a: 0b11', 'a: 7', 'a: true', 'a: ~', '<<: {a: b}', '%YAML 1.2\n---\na: b', 'a: "open\nb: "closed"', 'a: [one,\n  two]', 'a: x\na: y', '- : x', '[a, b]: c', 'tags:\n  [extra, more]: two', '{a: 1}: c', '- [a]: b']) {
    assert.is(fastYaml(text), undefined, JSON.stringify(text));
  }
  assert.equal(fastYaml('a: [b, c]\nd: {e: f}\n'), { a: ['b', 'c'], d: { e: 'f' } }, 'a list or mapping as a value stays on the fast path');
  assert.equal(fastYaml('title: "A *bold* & \\"quoted\\" title"\ntags: [a, b]\nfaq:\n  - id: one\n    q: Why?\n'), { title: 'A *bold* & "quoted" title', tags: ['a', 'b'], faq: [{ id: 'one', q: 'Why?' }] });
});

test('mutated front matters: whenever the fast path answers, yaml reads the same without an error', () => {
  let seed = 20261123;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const pieces = [':', ': ', '-', '- ', ' ', '  ', '\t', '"', "'", '\n', '#', '[', ']', '{', '}', ',', '>', '|', '\\', '?', '%', '&', '*', '!', '\n  ', '\n- '];
  let answered = 0;
  for (let n = 0; n < 20000; n++) {
    let text = texts[Math.floor(random() * texts.length)];
    for (let e = 1 + Math.floor(random() * 3); e > 0; e--) {
      const at = Math.floor(random() * text.length);
      const r = random();
      const piece = pieces[Math.floor(random() * pieces.length)];
      text = r < 0.4 ? text.slice(0, at) + piece + text.slice(at) : r < 0.7 ? text.slice(0, at) + text.slice(at + 1 + Math.floor(random() * 3)) : text.slice(0, at) + piece + text.slice(at + 1);
    }
    const data = fastYaml(text);
    if (data === undefined) continue;
    answered++;
    const s = slow(text);
    assert.is(s.error, undefined, `yaml finds an error the fast path missed in:\n${text}`);
    assert.equal(data, s.data, `the readings differ for:\n${text}`);
  }
  assert.ok(answered > 5000, `${answered} answered`);
});

test.run();
