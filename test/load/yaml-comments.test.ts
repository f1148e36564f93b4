/** A " #" in a plain YAML value starts a comment and silently cut the value short ("Exhibit #3 must
 * be filed" published as "Exhibit"): each such value is an error at its place; quoted values, block
 * scalars, bracketed lists and comments on lines of their own are not. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseYamlSource } from '../../src/load/yaml-source.js';

const test = suite('YAML values cut by comments');

const problems = (text: string) => parseYamlSource(text, 'content/x.yaml').diagnostics.map((d) => `${d.line}:${d.column} ${d.field} ${d.message}`);

test('a plain value, a list item and a value over two lines cut short by " #" are each an error at the value', () => {
  const text = ['title: Filing checklist #2', 'tags: [evidence]', 'keyTakeaways:', '  - Case #123 is the lead case.', 'summary: first line', '  and second #cut', ''].join('\n');
  assert.equal(problems(text), [
    '1:8 title is cut short at " #": YAML reads "#2" as a comment and drops it, leaving "Filing checklist"',
    '4:5 keyTakeaways[0] is cut short at " #": YAML reads "#123 is the lead case." as a comment and drops it, leaving "Case"',
    '5:10 summary is cut short at " #": YAML reads "#cut" as a comment and drops it, leaving "first line and second"',
  ]);
});

test('quoted values, block scalars, bracketed lists, "#" inside a word, comments written as comments ("# note") and comments on their own lines are not', () => {
  const text = [
    '# A comment on its own line.',
    'title: "Filing checklist #2"',
    "summary: 'Exhibit #3 must be filed.'",
    'definition: >-',
    '  Text with # in a folded block # stays.',
    'body: |',
    '  Item #1',
    'tags: [evidence, procedure]   # a note after a list',
    'url: https://example.org/page#section',
    'author: Editorial Team            # default "Editorial Team"',
    'reviewedBy: Editorial Team # a comment, with a space after its "#"',
    'seeAlso:',
    '  # a comment inside a list',
    '  - hash-value',
    '',
  ].join('\n');
  const { source, diagnostics } = parseYamlSource(text, 'content/x.yaml');
  assert.equal(diagnostics, []);
  const data = source.data as Record<string, unknown>;
  assert.is(data.title, 'Filing checklist #2');
  assert.is(data.definition, 'Text with # in a folded block # stays.');
  assert.is(data.url, 'https://example.org/page#section');
  assert.is(data.author, 'Editorial Team');
  assert.equal(data.tags, ['evidence', 'procedure']);
});

test.run();
