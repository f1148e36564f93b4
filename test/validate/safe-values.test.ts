/** Safe values: every address content holds is an http(s) address or a site path (a `javascript:`
 * link in the footer would run on every page), and each schema error's hint fits the mistake
 * (an empty value is not a missing one). */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseYamlSource } from '../../src/load/yaml-source.js';
import { type SchemaId, validateAgainstSchema } from '../../src/validate/schema-validator.js';
import { baseUrlProblem, isSitePath, isSiteUrl, isWebUrl, unsafeScheme } from '../../src/validate/urls.js';

const test = suite('safe values');

const SITE = 'name: N\ntagline: T\ndescription: D\nbaseUrl: https://reference.example.com\npublisher:\n  name: P\neditorialEmail: e@example.com\ntags:\n  evidence: E\n';
const ARTICLE = 'title: T\nsummary: S\ndatePublished: "2025-01-01"\ntags: [evidence]\n';

function problems(schema: SchemaId, text: string) {
  const { source, diagnostics } = parseYamlSource(text, `content/${schema}.yaml`);
  assert.equal(diagnostics, []);
  return validateAgainstSchema(source, schema);
}

test('schemes a page must never link to are named, however they are written', () => {
  for (const value of ['javascript:alert(1)', 'JavaScript:alert(1)', ' java\tscript:alert(1)', 'data:text/html,<b>x</b>', 'vbscript:x', 'file:///etc/passwd']) {
    assert.ok(unsafeScheme(value), value);
    assert.not.ok(isSiteUrl(value), value);
  }
  assert.is(unsafeScheme('https://example.com'), undefined);
  assert.is(unsafeScheme('mailto:a@b.c'), undefined, 'not unsafe, only not a web address');
});

test('web addresses, site paths and base URLs', () => {
  assert.ok(isWebUrl('https://www.law.cornell.edu/rules/frcp/rule_26'));
  assert.ok(isWebUrl('http://www.austlii.edu.au/au/legis/cth/consol_act/ea199580/s118.html'));
  for (const bad of ['mailto:a@b.c', 'ftp://x.org/a', '//x.org/a', 'https://', 'https://x.org/a b', 'www.x.org']) assert.not.ok(isWebUrl(bad), bad);
  // A URL in content is published or printed, and so would its credentials be.
  for (const bad of ['https://user:secret@x.org/hook', 'https://token@x.org/hook']) assert.not.ok(isWebUrl(bad), bad);
  assert.ok(isSitePath('/templates/privilege-log.csv'));
  for (const bad of ['//evil.example/x.csv', '/\\evil.example', 'templates/x.csv', '/a b']) assert.not.ok(isSitePath(bad), bad);
  assert.ok(isSiteUrl('#'), 'the placeholder link');
  assert.ok(isSiteUrl('/about'));
  // Pages link from the root: a site under a path would have its own links lead out of it.
  assert.match(baseUrlProblem('https://reference.example.com/sub')!, /without a path such as "\/sub"/);
  assert.is(baseUrlProblem('https://reference.example.com/'), undefined);
  assert.is(baseUrlProblem('https://reference.example.com'), undefined);
  assert.match(baseUrlProblem('https://reference.example.com/?preview=1')!, /query/);
  assert.match(baseUrlProblem('https://reference.example.com#top')!, /fragment/);
  assert.match(baseUrlProblem('https://user:pw@reference.example.com')!, /user name or password/);
  assert.match(baseUrlProblem('reference.example.com')!, /absolute http/);
});

test('a javascript: chronology-builder link is an unsafe-url error at its line', () => {
  const [d, ...rest] = problems('site', `${SITE}chronologyBuilderUrl: "javascript:alert(document.cookie)"\n`);
  assert.equal(rest, []);
  assert.equal([d.rule, d.field, d.line, d.column], ['unsafe-url', 'chronologyBuilderUrl', 10, 23]);
  assert.match(d.message, /javascript: scheme/);
  assert.match(d.hint!, /https:\/\/ address or a site path/);
});

test('every address field of site.yaml takes only http(s) (or site paths where a path is meant)', () => {
  const cases: [string, string, string][] = [
    ['publisher:\n  name: P\n  url: "data:text/html,hi"\n', 'publisher.url', 'unsafe-url'],
    ['license:\n  name: L\n  url: ftp://x.org/licence\n', 'license.url', 'invalid-format'],
    ['indexnow:\n  endpoints: ["javascript:x"]\n', 'indexnow.endpoints[0]', 'unsafe-url'],
    ['webhooks:\n  - url: "file:///etc/passwd"\n', 'webhooks[0].url', 'unsafe-url'],
    ['glossaryFaq:\n  - { question: Q, href: "//evil.example/x" }\n', 'glossaryFaq[0].href', 'invalid-format'],
  ];
  for (const [yaml, field, rule] of cases) {
    const text = SITE.replace('publisher:\n  name: P\n', '') + (yaml.startsWith('publisher') ? '' : 'publisher:\n  name: P\n') + yaml;
    const found = problems('site', text);
    assert.equal(found.map((d) => [d.rule, d.field]), [[rule, field]], yaml);
  }
  const base = problems('site', SITE.replace('https://reference.example.com', 'https://reference.example.com/?utm=1'));
  assert.equal(base.map((d) => [d.rule, d.field]), [['invalid-format', 'baseUrl']]);
  assert.match(base[0].message, /query/);
});

test("front matter: references' url, downloads' href, datasets' distribution url", () => {
  const ref = problems('article', `${ARTICLE}references:\n  - { id: r1, title: R, url: "javascript:alert(1)" }\n  - { id: r2, title: M, url: "mailto:clerk@court.example" }\n`);
  assert.equal(ref.map((d) => [d.rule, d.field, d.line]), [['unsafe-url', 'references[0].url', 6], ['invalid-format', 'references[1].url', 7]]);
  const download = problems('article', `${ARTICLE}downloads:\n  - { href: "//evil.example/log.csv", title: Log }\n`);
  assert.equal(download.map((d) => [d.rule, d.field]), [['invalid-format', 'downloads[0].href']]);
  const dataset = problems('dataset', 'title: D\ndescription: D\ndatePublished: "2025-01-01"\ndistributions:\n  - { format: text/csv, url: "data:text/csv,a,b" }\n');
  assert.equal(dataset.map((d) => [d.rule, d.field]), [['unsafe-url', 'distributions[0].url']]);
});

test('an empty value gets a hint to write it; a missing one, to add it; no value at all, to write one', () => {
  const [empty] = problems('article', ARTICLE.replace('title: T', 'title: ""'));
  assert.equal([empty.rule, empty.field, empty.message], ['missing-field', 'title', 'is empty']);
  assert.not.match(empty.hint!, /Add the field/);
  assert.match(empty.hint!, /between the quotes/);
  const [missing] = problems('article', ARTICLE.replace('title: T\n', ''));
  assert.equal([missing.rule, missing.field, missing.message], ['missing-field', 'title', 'is required']);
  assert.match(missing.hint!, /Add the field: a line `title: …`/);
  const [bare] = problems('article', ARTICLE.replace('title: T', 'title:'));
  assert.equal([bare.rule, bare.field, bare.message], ['wrong-type', 'title', 'has no value (it should be text)']);
  assert.match(bare.hint!, /Write the value after "title:"/);
  const [list] = problems('article', ARTICLE.replace('tags: [evidence]', 'tags: []'));
  assert.equal([list.field, list.message], ['tags', 'is an empty list']);
  assert.match(list.hint!, /at least one item/);
});

test('a whole file of text where fields were expected is quoted shortly, not whole', () => {
  const text = 'word '.repeat(40_000).trim();
  const [wrong] = problems('term', text);
  assert.is(wrong.rule, 'wrong-type');
  assert.ok(wrong.message.length < 200, `${wrong.message.length} characters`);
  assert.match(wrong.message, /^should be a mapping of fields, not text "word word .*…" \(199,999 characters\)$/);
  // A short value is quoted whole, as before.
  const [short] = problems('term', 'just a note');
  assert.is(short.message, 'should be a mapping of fields, not text "just a note"');
});

test.run();
