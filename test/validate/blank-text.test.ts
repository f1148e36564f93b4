/** Text holding only white space is an error at its line, as empty text is: a title of spaces
 * shipped pages titled "    | Site", an optional description of spaces blanked the meta description. Found in the data already parsed, with no position read
 * unless something is blank. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { splitFrontMatter } from '../../src/load/front-matter.js';
import { parseYamlSource, type YamlSource } from '../../src/load/yaml-source.js';
import { blankTextProblems } from '../../src/validate/blank-text.js';
import { type SchemaId, validateAgainstSchema } from '../../src/validate/schema-validator.js';
import articleSchema from '../../src/schemas/article.schema.json' with { type: 'json' };

const test = suite('blank text');

const SITE = 'name: N\ntagline: T\ndescription: D\nbaseUrl: https://reference.example.com\npublisher:\n  name: P\neditorialEmail: e@example.com\ntags:\n  evidence: E\n';
const ARTICLE = 'title: T\nsummary: S\ndatePublished: "2025-01-01"\ntags: [evidence]\n';

function problems(schema: SchemaId, text: string) {
  const { source, diagnostics } = parseYamlSource(text, `content/${schema}.yaml`);
  assert.equal(diagnostics, []);
  return validateAgainstSchema(source, schema).map((d) => [d.rule, d.field, d.line, d.column, d.message]);
}

test('an article title of spaces is blank, at its line, like an empty one', () => {
  const { parsed } = splitFrontMatter(`---\ntitle: "   "\nsummary: S\ndatePublished: "2025-01-01"\ntags: [evidence]\n---\nBody.\n`, 'content/articles/a.md');
  const [d, ...rest] = validateAgainstSchema(parsed!.source, 'article');
  assert.equal(rest, []);
  assert.equal([d.rule, d.field, d.line, d.column, d.message], ['missing-field', 'title', 2, 8, 'is blank']);
  assert.match(d.hint!, /^Write the text of title: it holds only white space/, 'a required field is not to be deleted');
  assert.equal(problems('article', ARTICLE.replace('title: T', 'title: ""')), [['missing-field', 'title', 1, 8, 'is empty']], 'empty is reported once, as before');
});

test('a glossary term whose title and definition are white space: both, at their lines', () => {
  assert.equal(problems('term', 'title: "  "\ndefinition: "\\t"\n'), [
    ['missing-field', 'title', 1, 8, 'is blank'],
    ['missing-field', 'definition', 2, 13, 'is blank'],
  ]);
});

test('every required text: list items that may not be empty, fields of list entries, site.yaml and its tags', () => {
  const article = problems('article', `${ARTICLE}answer: ["\\u200B", Second.]\nfaq: [{ id: faq-a, q: " ", a: Yes. }]\nchanges: [{ date: "2025-01-01", kind: update, summary: "  " }]\n`);
  assert.equal(article.map(([, field, , , message]) => [field, message]), [['answer[0]', 'is blank'], ['faq[0].q', 'is blank'], ['changes[0].summary', 'is blank']]);
  const site = problems('site', `${SITE.replace('tagline: T', 'tagline: ""').replace('  name: P', '  name: " "')}  ai: { name: AI, description: "  " }\n  ethics: " "\n`);
  assert.equal(site.map(([, field, , , message]) => [field, message]), [['tagline', 'is empty'], ['publisher.name', 'is blank'], ['tags.ai.description', 'is blank'], ['tags.ethics', 'is blank']]);
  // Text with words is never blank.
  assert.equal(problems('article', `${ARTICLE}keyTakeaways: ["  Indented, with words."]\n`), []);
});

test('optional text that is there is there to be shown: blank or empty, it is an error too', () => {
  assert.equal(problems('article', `${ARTICLE}description: "   "\nreviewedBy: ""\n`).map(([, field, , , message]) => [field, message]), [['description', 'is blank'], ['reviewedBy', 'is empty']]);
  const { source } = parseYamlSource(`${ARTICLE}description: "   "\n`, 'content/articles/a.md');
  assert.match(blankTextProblems(source, articleSchema)[0].hint!, /^Write the text of description, or delete the field: /);
});

test('a blank value that breaks another rule is reported once, by that rule', () => {
  assert.equal(problems('site', `${SITE}webhooks: [{ url: "  " }]\n`).map(([rule, field]) => [rule, field]), [['invalid-format', 'webhooks[0].url']]);
});

test('nothing blank: no position is read (finding one parses the file again)', () => {
  const { source } = parseYamlSource(`${ARTICLE}faq: [{ id: faq-a, q: Why?, a: Because. }]\n`, 'content/articles/a.md');
  const untouchable: YamlSource = { ...source, locate: () => {
    throw new Error('a position was read');
  } };
  assert.equal(blankTextProblems(untouchable, articleSchema), []);
});

test.run();
