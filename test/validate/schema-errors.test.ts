/** Schema errors say what is wrong with what the editor wrote: a field that takes several forms
 * (site.yaml's tags, an article's answer, a term's jurisdiction) is judged by the form it was written
 * in, and only a value that fits none gets that field's one sentence. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseYamlSource } from '../../src/load/yaml-source.js';
import { type SchemaId, validateAgainstSchema } from '../../src/validate/schema-validator.js';

const test = suite('schema errors');

const SITE = 'name: N\ntagline: T\ndescription: D\nbaseUrl: https://reference.example.com\npublisher:\n  name: P\neditorialEmail: e@example.com\ntags:\n  evidence: E\n';
const ARTICLE = 'title: T\nsummary: S\ndatePublished: "2025-01-01"\ntags: [evidence]\n';
const TERM = 'title: T\ndefinition: D\n';

function problems(schema: SchemaId, text: string) {
  const { source, diagnostics } = parseYamlSource(text, `content/${schema}.yaml`);
  assert.equal(diagnostics, []);
  return validateAgainstSchema(source, schema).map((d) => ({ at: `${d.line}:${d.column}`, rule: d.rule, field: d.field, message: d.message, hint: d.hint }));
}

test('a misspelt field of a tag in site.yaml is an unknown field with a did-you-mean, not "needs a url or a source"', () => {
  const [d, ...rest] = problems('site', `${SITE}  ai: { nme: AI, description: Artificial intelligence. }\n`);
  assert.equal(rest, []);
  assert.equal([d.at, d.rule, d.field, d.message], ['10:9', 'unknown-field', 'tags.ai.nme', 'is not a known field']);
  assert.match(d.hint!, /^did you mean "name"\?/);
  const misspelt = problems('site', `${SITE}  ai: { name: AI, descripton: Artificial intelligence. }\n`);
  assert.equal(misspelt.map((p) => [p.rule, p.field]), [['missing-field', 'tags.ai.description'], ['unknown-field', 'tags.ai.descripton']]);
  assert.match(misspelt[1].hint!, /did you mean "description"\?/);
  assert.not.ok(misspelt.some((p) => /url|source/.test(`${p.message} ${p.hint}`)));
});

test('a tag that is neither a description nor a mapping says what a tag takes', () => {
  const [d, ...rest] = problems('site', `${SITE}  ai: [a, b]\n`);
  assert.equal(rest, []);
  assert.equal([d.rule, d.field], ['wrong-type', 'tags.ai']);
  assert.match(d.message, /should be the tag's one-line description, or a mapping with name and description, not a list/);
  assert.match(d.hint!, /`ai: \{ name: …, description: … \}`/);
});

test('an answer, a jurisdiction and a reference are judged by the form they were written in', () => {
  assert.equal(problems('article', `${ARTICLE}answer: ["", Second.]\n`).map((p) => [p.rule, p.field, p.message]), [['missing-field', 'answer[0]', 'is empty']]);
  assert.equal(problems('article', `${ARTICLE}answer: { title: T }\n`).map((p) => [p.rule, p.field, p.message]), [['missing-field', 'answer.content', 'is required']]);
  assert.match(problems('article', `${ARTICLE}answer: 5\n`)[0].message, /^should be a list of strings, or an object with title, content \(a list\) and citation/);
  assert.equal(problems('term', `${TERM}jurisdiction: []\n`).map((p) => [p.rule, p.field, p.message]), [['missing-field', 'jurisdiction', 'is an empty list']]);
  const [j] = problems('term', `${TERM}jurisdiction: 5\n`);
  assert.equal([j.rule, j.field], ['wrong-type', 'jurisdiction']);
  assert.match(j.message, /^should be one jurisdiction, or a list of them/);
  // Neither form of a reference names a type: the one sentence for both.
  assert.equal(problems('article', `${ARTICLE}references: [{ id: a, title: T }]\n`).map((p) => [p.rule, p.field, p.message]), [['missing-field', 'references[0]', 'needs a url or a source']]);
});

test('front matter of one line `title:Late` (read as text) says to add the space after the colon', () => {
  const [d, ...rest] = problems('article', 'title:Late\n');
  assert.equal(rest, []);
  assert.equal([d.rule, d.field, d.hint], ['wrong-type', '(file)', 'Add a space after `title:`, so that YAML reads it as the field title.']);
});

test.run();
