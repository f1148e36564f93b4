/** The schemas' standalone code kept between processes: made once, then loaded instead of compiled,
 * with the very same verdicts, errors and filled-in defaults as validators compiled by ajv. */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Ajv } from 'ajv';
import termSchema from '../../src/schemas/term.schema.json' with { type: 'json' };
import articleSchema from '../../src/schemas/article.schema.json' with { type: 'json' };
import { FORMATS, standaloneValidators } from '../../src/validate/schema-validator.js';
import { canKeepIn, standaloneKey, validatorCacheDir } from '../../src/validate/standalone-validators.js';
import { tempDir } from '../helpers/sites.js';
import { withTmpfs } from '../helpers/tmpfs.js';

const test = suite('standalone validators');

/** A validator compiled by ajv as legalsite always did, to compare with. */
function compiled(schema: object) {
  const ajv = new Ajv({ allErrors: true, useDefaults: true, verbose: true, strict: true, strictTypes: false, strictRequired: false });
  for (const [name, format] of Object.entries(FORMATS)) ajv.addFormat(name, format);
  return ajv.compile(schema);
}

const errorsOf = (errors: unknown) => JSON.parse(JSON.stringify(errors ?? null));

test('made once when asked to, then loaded from the folder', () => {
  const dir = path.join(tempDir('legalsite-validators-'), 'validators');
  assert.is(standaloneValidators(dir, false), undefined, 'none made yet, none asked for');
  const made = standaloneValidators(dir, true);
  assert.ok(made?.article && made.term && made.site && made.page && made.dataset && made['templates-index']);
  assert.equal(readdirSync(dir).filter((f) => f.endsWith('.cjs')).length, 1);
  assert.ok(standaloneValidators(dir, false)?.term, 'loaded by a later process that may not make them');
});

test('making the code removes code made under other names, and nothing else', () => {
  const dir = path.join(tempDir('legalsite-validators-'), 'validators');
  mkdirSync(dir);
  writeFileSync(path.join(dir, '0123456789abcdef01234567.cjs'), 'exports.term = () => true;');
  writeFileSync(path.join(dir, 'notes.txt'), 'kept');
  standaloneValidators(dir, true);
  const left = readdirSync(dir).sort();
  assert.is(left.length, 2, left.join(', '));
  assert.ok(left.includes('notes.txt'));
  assert.not.ok(left.includes('0123456789abcdef01234567.cjs'));
});

test('the same verdicts, errors and defaults as compiled validators', () => {
  const dir = path.join(tempDir('legalsite-validators-'), 'validators');
  const loaded = standaloneValidators(dir, true)!;
  const cases: [string, object, unknown][] = [
    ['term', termSchema, { slug: 'Bad Slug', title: 3, definition: 'd', extra: true }],
    ['term', termSchema, { slug: 'ok', title: 'OK', definition: 'A definition.', lastModified: '2024-02-30' }],
    ['article', articleSchema, { title: 'T', summary: 'S', datePublished: '2024-01-01', tags: ['x'], references: [{ id: 'r1', title: 'R', url: 'ftp://x' }, { id: 'r2', title: 'R', url: 'javascript:alert(1)' }], downloads: [{ href: '//elsewhere.example/x.csv', title: 'D' }], answer: [] }],
    ['article', articleSchema, { title: 'T', summary: 'S', datePublished: '2024-01-01', tags: ['x'] }],
  ];
  for (const [id, schema, data] of cases) {
    const viaCode = structuredClone(data);
    const viaAjv = structuredClone(data);
    const validate = loaded[id as 'term' | 'article']!;
    const reference = compiled(schema);
    assert.is(validate(viaCode), reference(viaAjv), `${id} verdict`);
    assert.equal(errorsOf(validate.errors), errorsOf(reference.errors), `${id} errors`);
    assert.equal(viaCode, viaAjv, `${id} defaults filled in alike`);
  }
});

test("the code's name follows the schemas, ajv's options and the formats' definitions, not the formats' code", () => {
  // Each bundle spells the formats' code its own way (names renamed); the code calls the formats it
  // is given, so every thread must find the one file by one name.
  const source = (validate: (s: string) => boolean, schemas: Record<string, object> = { term: termSchema }) => ({ ajvOptions: { allErrors: true }, formats: { date: { type: 'string' as const, validate } }, schemas });
  assert.is(standaloneKey(source((s) => s.length > 0)), standaloneKey(source(function isIsoDate2(value) { return value !== ''; })));
  assert.is.not(standaloneKey(source((s) => s.length > 0)), standaloneKey(source((s) => s.length > 0, { term: articleSchema })));
  assert.is.not(standaloneKey(source((s) => s.length > 0)), standaloneKey({ ...source((s) => s.length > 0), formats: { 'web-url': { type: 'string', validate: () => true } } }));
  assert.is.not(standaloneKey(source((s) => s.length > 0)), standaloneKey({ ...source((s) => s.length > 0), ajvOptions: { allErrors: false } }));
  // A definition's other fields change the code made (an asynchronous format is awaited).
  const asynchronous = { type: 'string' as const, validate: (s: string) => s.length > 0, async: true };
  assert.is.not(standaloneKey(source((s) => s.length > 0)), standaloneKey({ ...source((s) => s.length > 0), formats: { date: asynchronous } }));
});

test('a damaged file is not loaded, and is made again when asked to', () => {
  const dir = path.join(tempDir('legalsite-validators-'), 'validators');
  standaloneValidators(dir, true);
  const [file] = readdirSync(dir);
  writeFileSync(path.join(dir, file), 'exports.term = (');
  assert.is(standaloneValidators(dir, false), undefined);
  assert.ok(standaloneValidators(dir, true)?.term);
});

test('code is kept only where it can be written', async () => {
  const root = tempDir('legalsite-keep-');
  assert.ok(canKeepIn(path.join(root, 'node_modules', '.cache', 'legalsite', 'validators')), 'a writable folder above it');
  const locked = path.join(root, 'locked');
  mkdirSync(locked, { mode: 0o555 });
  if (process.getuid?.() !== 0) assert.not.ok(canKeepIn(path.join(locked, 'node_modules', '.cache')), 'a folder it may not write in');
  // root may write into any folder, but not on a read-only file system.
  else await withTmpfs('size=1m,ro', async (dir) => assert.not.ok(canKeepIn(path.join(dir, 'node_modules', '.cache')), 'a read-only file system'));
});

test('kept in the node_modules legalsite is installed in, or in its own; nowhere without one', () => {
  const project = tempDir('legalsite-project-');
  mkdirSync(path.join(project, 'node_modules', 'legalsite'), { recursive: true });
  assert.is(validatorCacheDir(path.join(project, 'node_modules', 'legalsite')), path.join(project, 'node_modules', '.cache', 'legalsite', 'validators'));
  const checkout = tempDir('legalsite-checkout-');
  assert.is(validatorCacheDir(checkout), undefined);
  mkdirSync(path.join(checkout, 'node_modules'));
  assert.is(validatorCacheDir(checkout), path.join(checkout, 'node_modules', '.cache', 'legalsite', 'validators'));
});

test.run();
