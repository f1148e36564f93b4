import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { splitFrontMatter } from '../../src/load/front-matter.js';
import { parseYamlSource } from '../../src/load/yaml-source.js';
import { formatFieldPath, parsePointer, validateAgainstSchema } from '../../src/validate/schema-validator.js';

const test = suite('yaml positions and schema errors');

test('locates values and keys by field path, in file lines', () => {
  const { source } = parseYamlSource('title: A\ntags:\n  - one\n  - two\nfaq:\n  - { id: a, q: b, a: c }\n', 'x.yaml');
  assert.equal(source.locate(['tags', 1]), { line: 4, column: 5 });
  assert.equal(source.locate(['faq', 0, 'q']), { line: 6, column: 17 });
  assert.equal(source.locate(['title'], true), { line: 1, column: 1 });
  assert.equal(source.locate(['missing', 'deeper']), { line: 1, column: 1 });
});

test('front matter lines are offset so positions are file lines', () => {
  const { parsed } = splitFrontMatter('---\ntitle: A\ntags: [x, y]\n---\nBody', 'a.md');
  assert.equal(parsed!.source.locate(['tags', 1]), { line: 3, column: 11 });
  assert.is(parsed!.bodyLine, 5);
});

test('a missing or unclosed front matter block is a diagnostic, not an exception', () => {
  assert.is(splitFrontMatter('no front matter', 'a.md').diagnostics[0].rule, 'front-matter-missing');
  assert.is(splitFrontMatter('---\ntitle: A\n', 'a.md').diagnostics[0].rule, 'front-matter-missing');
});

test('YAML syntax errors carry a line', () => {
  const { diagnostics } = parseYamlSource('a: 1\nb: "open\nc: 2\n', 'x.yaml');
  assert.is(diagnostics[0].rule, 'yaml-syntax');
  assert.ok(diagnostics[0].line >= 2);
});

test('instance paths become editor field paths', () => {
  assert.equal(parsePointer('/faq/2/q'), ['faq', 2, 'q']);
  assert.is(formatFieldPath(['faq', 2, 'q']), 'faq[2].q');
  assert.is(formatFieldPath(['references', 0, 'url']), 'references[0].url');
});

test('schema errors name the field with a hint', () => {
  const { source } = parseYamlSource('title: T\ndefinitoin: D\n', 'glossary/t.yaml');
  const problems = validateAgainstSchema(source, 'term');
  const unknown = problems.find((p) => p.rule === 'unknown-field')!;
  assert.is(unknown.field, 'definitoin');
  assert.is(unknown.line, 2);
  assert.match(unknown.hint!, /did you mean "definition"\?/);
  assert.ok(problems.some((p) => p.rule === 'missing-field' && p.field === 'definition'));
});

test('defaults from the schema are filled in', () => {
  const { source } = parseYamlSource('title: T\ndefinition: D\n', 'glossary/t.yaml');
  assert.equal(validateAgainstSchema(source, 'term'), []);
  const data = source.data as Record<string, unknown>;
  assert.is(data.jurisdiction, 'Global');
  assert.equal(data.seeAlso, []);
  assert.is(data.lastModified, '2025-08-26');
});

test('references need a url or a source', () => {
  const { source } = parseYamlSource('title: T\nsummary: S\ndatePublished: "2025-01-01"\ntags: [a]\nreferences:\n  - { id: r1, title: X }\n', 'a.md');
  const problems = validateAgainstSchema(source, 'article');
  assert.ok(problems.some((p) => p.field === 'references[0]' && /url or a source/.test(p.message)));
});

test.run();
