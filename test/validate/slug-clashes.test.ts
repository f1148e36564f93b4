/** A slug clash is reported at the file that looks like the change (a copy given another file's
 * slug, a term copied with its slug), at the line that writes the slug, and never at a line where
 * no slug is written: a file named by its slug is at home. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { splitFrontMatter } from '../../src/load/front-matter.js';
import { parseYamlSource, type YamlSource } from '../../src/load/yaml-source.js';
import type { Diagnostic } from '../../src/diagnostics/diagnostic.js';
import type { ArticleMeta, Dataset, SiteSource, Term } from '../../src/model.js';
import { checkSemantics } from '../../src/validate/semantics.js';
import { makeArticle, makeConfig, makeDataset, makeTerm } from '../helpers/make-site.js';

const test = suite('slug clashes');

const stem = (file: string) => file.replace(/^.*\//, '').replace(/\.[^.]+$/, '');

/** Article front matter as a build's main thread holds it: positions, but no data (a shard read it). */
function articleSource(file: string, frontMatter: string, withData = false): YamlSource {
  const { parsed } = splitFrontMatter(`---\n${frontMatter}---\nBody.\n`, file);
  return withData ? parsed!.source : { file, data: undefined, locate: parsed!.source.locate };
}

function article(file: string, frontMatter: string, extra: Partial<ArticleMeta> = {}): { entity: ArticleMeta; source: YamlSource } {
  const slug = /^slug: (.*)$/m.exec(frontMatter)?.[1] ?? stem(file);
  return { entity: makeArticle({ slug, file, ...extra }), source: articleSource(file, frontMatter) };
}

function term(file: string, text: string, extra: Partial<Term> = {}): { entity: Term; source: YamlSource } {
  const source = parseYamlSource(text, file).source;
  const data = source.data as { slug?: string; title: string };
  const slug = data.slug ?? data.title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return { entity: makeTerm({ slug, file, title: data.title, ...extra }), source };
}

function dataset(file: string, text: string): { entity: Dataset; source: YamlSource } {
  const source = parseYamlSource(text, file).source;
  return { entity: makeDataset({ slug: (source.data as { slug?: string }).slug ?? stem(file), file }), source };
}

type Entry<T> = { entity: T; source: YamlSource };

function check(parts: { articles?: Entry<ArticleMeta>[]; terms?: Entry<Term>[]; datasets?: Entry<Dataset>[] }): Diagnostic[] {
  const all = [...(parts.articles ?? []), ...(parts.terms ?? []), ...(parts.datasets ?? [])];
  const byFile = <T extends { file: string }>(items: Entry<T>[] = []) => items.map((x) => x.entity).sort((a, b) => (a.file < b.file ? -1 : 1));
  const site: SiteSource = { contentDir: 'content', config: makeConfig(), configFile: 'content/site.yaml', articles: byFile(parts.articles), terms: byFile(parts.terms), datasets: byFile(parts.datasets), pages: [], templates: [] };
  const sources = new Map(all.map((x) => [x.entity.file, x.source]));
  return checkSemantics(site, sources).filter((d) => d.rule === 'duplicate-slug' || d.rule === 'invalid-value');
}

const brief = (d: Diagnostic) => [d.file, d.line, d.column, d.field];
const ARTICLE = 'title: T\nsummary: S\ndatePublished: "2025-08-25"\ntags: [evidence]\n';

test('an article copied and given another article\'s slug is reported at its slug: line, naming the other', () => {
  const [d, ...rest] = check({
    articles: [
      article('content/articles/aaa-new.md', `title: T\nslug: hash-first\nsummary: S\n`),
      article('content/articles/hash-first.md', ARTICLE),
    ],
  });
  assert.equal(rest, []);
  assert.equal(brief(d), ['content/articles/aaa-new.md', 3, 7, 'slug']);
  assert.match(d.message, /"hash-first" is already the slug of article content\/articles\/hash-first\.md/);
  assert.match(d.hint!, /remove the `slug:` line to publish it under its file name, aaa-new/);
});

test('the same when the copy sorts after the file it clashes with, and when its data is at hand', () => {
  const [d, ...rest] = check({
    articles: [
      article('content/articles/hash-first.md', ARTICLE),
      { ...article('content/articles/zzz-new.md', `slug: hash-first\n${ARTICLE}`), source: articleSource('content/articles/zzz-new.md', `slug: hash-first\n${ARTICLE}`, true) },
    ],
  });
  assert.equal(rest, []);
  assert.equal(brief(d), ['content/articles/zzz-new.md', 2, 7, 'slug']);
});

test('a glossary copy writing the slug of the original is reported, not the original', () => {
  const text = 'slug: actor\ntitle: Actor\ndefinition: D.\n';
  const [d, ...rest] = check({ terms: [term('content/glossary/actor-copy.yaml', text), term('content/glossary/actor.yaml', text)] });
  assert.equal(rest, []);
  assert.equal(brief(d), ['content/glossary/actor-copy.yaml', 1, 7, 'slug']);
  assert.match(d.message, /already the slug of term content\/glossary\/actor\.yaml/);
});

test('a term whose slug comes from its title is reported at its title, not at a slug it does not write', () => {
  const text = 'title: Actor\ndefinition: D.\n';
  const [d, ...rest] = check({ terms: [term('content/glossary/actor-copy.yaml', text), term('content/glossary/actor.yaml', text)] });
  assert.equal(rest, []);
  assert.equal(brief(d), ['content/glossary/actor-copy.yaml', 1, 8, 'title']);
  assert.match(d.message, /gives the slug "actor" \(the term has no `slug:`\), already the slug of term content\/glossary\/actor\.yaml/);
});

test('with nothing to tell them apart, the file that sorts later is reported, at what gives its slug', () => {
  const both = check({
    articles: [article('content/articles/one.md', `title: T\nslug: same\n`), article('content/articles/two.md', `title: T\nsummary: S\nslug: same\n`)],
  });
  assert.equal(both.map(brief), [['content/articles/two.md', 4, 7, 'slug']]);
  // Two datasets named alike: each takes its slug from its name, so line 1, with no field.
  const named = check({ datasets: [dataset('content/datasets/log.yaml', 'title: T\n'), dataset('content/datasets/log.yml', 'title: T\n')] });
  assert.equal(named.map(brief), [['content/datasets/log.yml', 1, 1, '']]);
  assert.match(named[0].message, /^the file name gives the slug "log", already the slug of dataset content\/datasets\/log\.yaml$/);
});

test('a copy that keeps the original\'s formerSlugs is reported for them too, not the original', () => {
  const original = article('content/articles/privilege-logs.md', `formerSlugs: [privilege-log-basics]\n${ARTICLE}`, { formerSlugs: ['privilege-log-basics'] });
  const copy = article('content/articles/aaa-new.md', `slug: other-address\nformerSlugs: [privilege-log-basics]\n${ARTICLE}`, { formerSlugs: ['privilege-log-basics'] });
  const [d, ...rest] = check({ articles: [copy, original] });
  assert.equal(rest, []);
  assert.equal(brief(d), ['content/articles/aaa-new.md', 3, 15, 'formerSlugs[0]']);
  assert.match(d.message, /already a former slug of article content\/articles\/privilege-logs\.md/);
});

test('a new article given a published former address is reported at its slug; a former slug naming a file at home, at the list item', () => {
  const renamed = article('content/articles/privilege-logs.md', `formerSlugs: [privilege-log-basics]\n${ARTICLE}`, { formerSlugs: ['privilege-log-basics'] });
  const [taken, ...rest] = check({ articles: [article('content/articles/aaa-new.md', `title: T\nslug: privilege-log-basics\n`), renamed] });
  assert.equal(rest, []);
  assert.equal(brief(taken), ['content/articles/aaa-new.md', 3, 7, 'slug']);
  assert.match(taken.message, /is a former slug of article content\/articles\/privilege-logs\.md: its old address redirects there/);
  // The old file left behind after a rename (or a former slug listed by mistake): at the list item,
  // naming the file and what to do with either.
  const [left, ...none] = check({ articles: [article('content/articles/privilege-log-basics.md', ARTICLE), renamed] });
  assert.equal(none, []);
  assert.equal(brief(left), ['content/articles/privilege-logs.md', 2, 15, 'formerSlugs[0]']);
  assert.match(left.hint!, /delete content\/articles\/privilege-log-basics\.md if this article replaced it/);
});

test('a former slug listed twice by one article is said so, not blamed on the article itself', () => {
  const twice = article('content/articles/a.md', `formerSlugs: [old, old]\n${ARTICLE}`, { formerSlugs: ['old', 'old'] });
  const [d, ...rest] = check({ articles: [twice] });
  assert.equal(rest, []);
  assert.equal([d.rule, d.field, d.message], ['invalid-value', 'formerSlugs[1]', '"old" is listed twice']);
});

test('a site without clashes is checked without reading a position (a lookup parses a file again)', () => {
  const untouchable = (file: string): YamlSource => ({ file, data: undefined, locate: () => {
    throw new Error(`a position of ${file} was read`);
  } });
  const a = { entity: makeArticle({ slug: 'renamed', file: 'content/articles/renamed.md', formerSlugs: ['old', 'older'] }), source: untouchable('content/articles/renamed.md') };
  const b = { entity: makeArticle({ slug: 'other', file: 'content/articles/other.md', formerSlugs: ['gone'] }), source: untouchable('content/articles/other.md') };
  assert.equal(check({ articles: [a, b] }), []);
});

test.run();
