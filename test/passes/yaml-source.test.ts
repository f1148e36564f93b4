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

test('a memo of parsed texts gives the same data and positions, as a copy, and carries only texts still in use', () => {
  const text = 'title: Hash value\ntags: [evidence]\ndefinition: A fingerprint.\n';
  const first = { previous: new Map<string, unknown>(), next: new Map<string, unknown>() };
  const parsed = parseYamlSource(text, 'a.yaml', 0, first).source;
  assert.is(first.next.size, 1);
  const second = { previous: first.next, next: new Map<string, unknown>() };
  const reused = parseYamlSource(text, 'a.yaml', 0, second).source;
  assert.equal(reused.data, parsed.data);
  (reused.data as { tags: string[] }).tags.push('changed');
  assert.equal((parseYamlSource(text, 'a.yaml', 0, second).source.data as { tags: string[] }).tags, ['evidence'], 'the memo is not changed through its copies');
  assert.equal(reused.locate(['definition']), { line: 3, column: 13 });
  const edited = parseYamlSource(text.replace('fingerprint', 'digest'), 'a.yaml', 0, second).source;
  assert.is((edited.data as { definition: string }).definition, 'A digest.');
  const third = { previous: second.next, next: new Map<string, unknown>() };
  parseYamlSource('title: Other\n', 'b.yaml', 0, third);
  assert.is(third.next.size, 1, 'texts no longer read are dropped');
  const broken = { previous: new Map<string, unknown>(), next: new Map<string, unknown>() };
  assert.is(parseYamlSource('title: [unclosed\n', 'c.yaml', 0, broken).diagnostics.length > 0, true);
  assert.is(broken.next.size, 0, 'texts with errors are not kept');
});

test.run();
