/** The bundles' text in ASCII (scripts/ascii-source.mjs): code escaped so has the same meaning, a
 * source it could change the meaning of is refused, and the bundles the CLI runs hold no other
 * character (V8 then keeps them as one-byte strings). */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { asciiSource } from '../../scripts/ascii-source.mjs';
import { ROOT } from '../helpers/sites.js';

const test = suite('ascii source');

/** Runs `source` as a CommonJS module body and returns its exports. */
function run(source: string): unknown {
  const module = { exports: undefined as unknown };
  new Function('module', source)(module);
  return module.exports;
}

// Comments, regular expressions (classes, the u flag, a character outside the BMP), strings,
// templates and an identifier: where esbuild leaves such characters, and where it does not.
const SOURCE = `// “quoted” – a comment
/* … and a block */
const curly = /[‘’]/g, capital = /^[\\p{Lu}"‘“(\\[]/u, face = /^😀$/u, faces = /^[😀😁]$/u, pair = /^..$/, ellipsis = /…/;
const café = 'naïve';
module.exports = [
  'it’s ‘so’'.replace(curly, "'"), capital.test('“x'), capital.test('Éa'), capital.test('éa'),
  face.test('😀'), faces.test('😁'), pair.test('😀'), ellipsis.test('a…b'), /[рф]+/.exec('.рф')[0],
  \`—\${café}—\`, 'x'.padEnd(3, '·'), curly.source, café.length,
];`;

test('escaped code means what it meant: comments, patterns, strings, templates, identifiers', () => {
  const { code, count } = asciiSource(SOURCE);
  assert.ok(count > 20, `escaped ${count}`);
  assert.not.match(code, /[^\x00-\x7f]/);
  const before = run(SOURCE) as unknown[];
  const after = run(code) as unknown[];
  // The pattern's source text is the one thing that shows the escape.
  assert.is(after[11], '[\\u2018\\u2019]');
  before.splice(11, 1);
  after.splice(11, 1);
  assert.equal(after, before);
  assert.equal(before, ["it's 'so'", true, true, false, true, true, true, true, 'рф', '—naïve—', 'x··', 5]);
});

test('a character outside ASCII after a backslash is refused: its escape would mean a backslash', () => {
  assert.throws(() => asciiSource('const x = /\\…/;'), /after a backslash/);
  assert.is(asciiSource('plain ascii').count, 0);
});

test('the bundles the CLI runs are ASCII', () => {
  const dir = path.join(ROOT, 'lib', 'bundle');
  const bundles = readdirSync(dir).filter((f) => f.endsWith('.cjs'));
  assert.ok(bundles.length >= 3, `bundles: ${bundles.join(', ')}`);
  for (const f of bundles) assert.not.match(readFileSync(path.join(dir, f), 'latin1'), /[^\x00-\x7f]/, f);
});

test.run();
