/** YAML that cannot be read is a located content error in words: the field it is in, what is wrong,
 * what to do; texts built to exhaust a parser (aliases, nesting, size) are errors of the same kind,
 * never an exception. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { splitFrontMatter } from '../../src/load/front-matter.js';
import { parseYamlSource } from '../../src/load/yaml-source.js';
import { MAX_MARKDOWN_BYTES, MAX_NESTING, MAX_YAML_BYTES } from '../../src/load/yaml-limits.js';

const test = suite('YAML errors and limits');

const only = (text: string) => {
  const { source, diagnostics } = parseYamlSource(text, 'content/glossary/x.yaml');
  assert.is(diagnostics.length, 1, JSON.stringify(diagnostics));
  assert.is(source.data, undefined, 'nothing is read from a file with an error');
  return diagnostics[0];
};

test('an unclosed quote names its field and points at the opening quote, not the end of the file', () => {
  const d = only('title: Hash value\ndefinition: "A fixed value\nseeAlso: [chain-of-custody]\n');
  assert.equal([d.rule, d.field, d.line, d.column], ['yaml-syntax', 'definition', 2, 13]);
  assert.match(d.message, /^is not valid YAML: it has an opening quote \(\"\) that is never closed$/);
  assert.match(d.hint!, /closing "/);
});

test('an unclosed quote inside a one-line FAQ entry names the entry', () => {
  const d = only('faq:\n  - { id: a, q: "Open, a: b }\n  - { id: b, q: c, a: d }\n');
  assert.equal([d.field, d.line, d.column], ['faq[0]', 2, 17]);
});

test('a value holding ": " names the field it belongs to, not the accidental key', () => {
  const d = only('title: Privilege: the basics\ndefinition: d\n');
  assert.equal([d.rule, d.field, d.line], ['yaml-syntax', 'title', 1]);
  assert.match(d.hint!, /double quotes/);
});

test('a key with no space after its colon (title:"…") says to add the space, at the colon, naming the field', () => {
  const { diagnostics } = splitFrontMatter('---\ntitle:"Late Filing Checklist"\nsummary: S\n---\nBody.\n', 'content/articles/late-filing-checklist.md');
  assert.is(diagnostics.length, 1, JSON.stringify(diagnostics));
  const [d] = diagnostics;
  assert.equal([d.rule, d.field, d.line, d.column], ['yaml-syntax', 'title', 2, 7]);
  assert.is(d.message, 'is not valid YAML: it has no space after `title:`, so YAML does not read the line as the field title');
  assert.is(d.hint, 'Add a space after `title:`: `title: "Late Filing Checklist"`.');
  assert.not.match(`${d.message} ${d.hint}`, /double quotes|nested/);
  // The last line, a plain value, a list item: the same advice.
  assert.equal([only('title: T\nsummary:Short one\n')].map((x) => [x.field, x.line, x.column, x.hint]), [['summary', 2, 9, 'Add a space after `summary:`: `summary: Short one`.']]);
  assert.match(only('faq:\n  - id:faq-a\n    q: b\n').hint!, /^Add a space after `id:`/);
  // A value holding ": " keeps its own advice.
  assert.match(only('title: Privilege: the basics\ndefinition: d\n').hint!, /double quotes/);
});

test('a key written twice, a tab, an unclosed list: each in words with its field', () => {
  assert.match(only('title: A\ntitle: B\ndefinition: d\n').message, /written twice/);
  assert.is(only('title: A\ntitle: B\ndefinition: d\n').field, 'title');
  const tab = only('title: A\n\tdefinition: d\n');
  assert.match(tab.message, /indented with a tab/);
  const list = only('title: A\ndefinition: d\ntags: [evidence, privilege\nseeAlso: [x]\n');
  assert.equal([list.field, list.line, list.column], ['tags', 3, 7]);
  assert.match(list.message, /list in square brackets that is never closed/);
  assert.match(only('title: "Hash" value\n').message, /text after its value/);
});

test('a line without "key:" at the top of the file says so', () => {
  const d = only('title: A\ndefinition: |\n  text\nloose words\n');
  assert.equal([d.line, d.field], [4, '']);
  assert.match(d.message, /^the file is not valid YAML: it has a line with no ":" after its key$/);
  const nested = only('faq:\n  - id: a\n    q: b\n    loose words\n');
  assert.equal([nested.line, nested.field], [4, 'faq[0]']);
});

test('one mistake that trips several parser rules on a line is reported once', () => {
  const { diagnostics } = parseYamlSource('title: Bad\n- x\n', 'x.yaml');
  assert.is(diagnostics.length, 1);
});

test('an alias bomb ("billion laughs") is a located limit error at the field that explodes', () => {
  const bomb = [
    'title: Bomb',
    'definition: &a0 "lol"',
    'dataFields: &a1 [*a0, *a0, *a0, *a0, *a0, *a0, *a0, *a0, *a0]',
    'alsoCalled: &a2 [*a1, *a1, *a1, *a1, *a1, *a1, *a1, *a1, *a1]',
    'seeAlso: &a3 [*a2, *a2, *a2, *a2, *a2, *a2, *a2, *a2, *a2]',
    'contrastWith: &a4 [*a3, *a3, *a3, *a3, *a3, *a3, *a3, *a3, *a3]',
    'tags: [*a4, *a4, *a4, *a4, *a4, *a4, *a4, *a4, *a4]',
  ].join('\n');
  const d = only(bomb);
  assert.equal([d.rule, d.field, d.line, d.column], ['yaml-limit', 'seeAlso', 5, 1]);
  assert.match(d.message, /aliases .* expand to more than 100/);
});

test('an alias to an anchor that does not exist is a syntax error at the alias', () => {
  const d = only('title: A\ndefinition: d\nseeAlso: [*nowhere]\n');
  assert.equal([d.rule, d.field, d.line, d.column], ['yaml-syntax', 'seeAlso', 3, 11]);
  assert.match(d.message, /\*nowhere/);
});

test('nesting past the limit is one error at the top-level field, however deep and on any parser path', () => {
  const flow = (n: number) => `title: Deep\ndefinition: d\ndataFields: ${'['.repeat(n)}${']'.repeat(n)}\n`;
  const block = (n: number) => ['title: Deep', 'definition: d', 'dataFields:', ...Array.from({ length: n }, (_, i) => `${'  '.repeat(i + 1)}-`)].join('\n') + ' x\n';
  for (const text of [flow(MAX_NESTING + 1), flow(800), flow(20_000), block(MAX_NESTING + 1), block(700)]) {
    const d = only(text);
    assert.equal([d.rule, d.field, d.line, d.column], ['yaml-limit', 'dataFields', 3, 1]);
  }
  const atLimit = parseYamlSource(flow(MAX_NESTING - 1), 'x.yaml');
  assert.equal(atLimit.diagnostics, [], 'nesting within the limit is read');
  assert.is(only('title: A\ncycle: &c [*c]\n').rule, 'yaml-limit', 'an alias inside its own anchor');
});

test('a YAML file or a Markdown file over its size limit is an error, not an out-of-memory crash', () => {
  const yaml = only(`title: Huge\ndefinition: ${'y'.repeat(MAX_YAML_BYTES)}\n`);
  assert.equal([yaml.rule, yaml.line], ['file-too-large', 1]);
  assert.match(yaml.message, /MB of YAML; legalsite reads at most 1\.0 MB/);
  const markdown = splitFrontMatter(`---\ntitle: A\n---\n${'word '.repeat(MAX_MARKDOWN_BYTES / 5 + 1)}`, 'content/articles/a.md');
  assert.equal(markdown.diagnostics.map((d) => d.rule), ['file-too-large']);
  assert.is(markdown.parsed, undefined);
});

test.run();
