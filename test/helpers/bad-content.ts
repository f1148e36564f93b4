/**
 * The bad-content corpus: one known mistake per case, in every kind of content file and every field
 * type, found by every phase of a build (YAML syntax and limits, schema, site-wide semantics, links).
 * Each case names the diagnostic it must give (rule, file, line, field).
 * Most cases add a file of their own (a copy of a valid template with one line changed), so they can
 * all be put in one site at once; cases that must change site.yaml or templates/index.yaml (there is
 * one of each) are `alone`, and so are links into a page (`#id`), checked against the pages a build
 * makes, which a site with other errors does not make.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface Expected {
  rule: string;
  file: string;
  line: number;
  /** The field path; '' only for a problem with the whole file. */
  field: string;
  /** Words the message must hold. */
  message?: RegExp;
}

export interface BadCase {
  name: string;
  /** Makes the mistake in the content folder `content` (an absolute path). */
  apply: (content: string) => void;
  expect: Expected;
  /** Further diagnostics the case must give (a second mistake in the same file). */
  also?: Expected[];
  /** Changes a file only one case at a time can change. */
  alone?: boolean;
}

/** A valid article; cases change one line of it. Line numbers are those of the file. */
const ARTICLE = [
  '---',
  'title: Case article', // 2
  'summary: One case of the bad-content corpus.', // 3
  'datePublished: "2025-08-25"', // 4
  'dateModified: "2025-08-26"', // 5
  'tags: [evidence]', // 6
  'jurisdiction: Global', // 7
  'faq:', // 8
  '  - { id: faq-one, q: Why?, a: Because. }', // 9
  'references:', // 10
  '  - { id: ref-one, title: NIST SP 800-86, url: "https://csrc.nist.gov/pubs/sp/800/86/final", pinpoint: "s 3.1.2" }', // 11
  'downloads:', // 12
  '  - { href: /templates/custody-log.csv, title: Custody log }', // 13
  'seeAlso: [glossary/hash-value]', // 14
  '---',
  'A body that links to [the hash value](/glossary/hash-value).', // 16
  '',
].join('\n');

const TERM = ['title: Case term', 'jurisdiction: Global', 'tags: [evidence]', 'definition: A definition of the case term.', 'seeAlso: [hash-value]', 'lastModified: "2025-08-26"', ''].join('\n');

const DATASET = [
  'title: Case dataset',
  'description: One row per case.',
  'datePublished: "2025-08-25"',
  'dateModified: "2025-08-26"',
  'fields:',
  '  - { name: item-id, type: string, required: true, description: The item. }', // 6
  'distributions:',
  '  - { format: text/csv, url: /templates/custody-log.csv, title: CSV Template }', // 8
  '',
].join('\n');

const PAGE = ['---', 'title: Case page', 'description: A page of the corpus.', 'dateModified: "2025-08-26"', '---', 'A page body that links to [about](/about).', ''].join('\n');

/** `text` with `from` replaced by `to`; `from` must occur. */
function variant(text: string, from: string | RegExp, to: string): string {
  const out = text.replace(from, to);
  if (out === text) throw new Error(`corpus case: ${String(from)} not found`);
  return out;
}

type Kind = 'articles' | 'glossary' | 'datasets' | 'pages';
const TEMPLATES: Record<Kind, string> = { articles: ARTICLE, glossary: TERM, datasets: DATASET, pages: PAGE };
let counter = 0;

/** A case that adds one file of a kind (case-NN), made from its template by `make`; the expected
 * diagnostic is in that file unless it names another. */
function addedWith(kind: Kind, name: string, make: (template: string, stem: string) => string, expect: Omit<Expected, 'file'> & { file?: string }): BadCase {
  const stem = `case-${String(++counter).padStart(2, '0')}`;
  const ext = kind === 'articles' || kind === 'pages' ? 'md' : 'yaml';
  // Each term its own title, so that the slugs derived from them differ.
  const template = kind === 'glossary' ? TERM.replace('Case term', `Case term ${stem}`) : TEMPLATES[kind];
  return { name, apply: (content) => writeFileSync(path.join(content, kind, `${stem}.${ext}`), make(template, stem)), expect: { file: `content/${kind}/${stem}.${ext}`, ...expect } };
}

/** A case that adds one file of a kind: its template with one change. */
function added(kind: Kind, name: string, from: string | RegExp, to: string, expect: Omit<Expected, 'file'> & { file?: string }): BadCase {
  return addedWith(kind, name, (template) => variant(template, from, to), expect);
}

/** A case that edits a file of the minimal site. */
function edited(file: string, name: string, from: string | RegExp, to: string, expect: Omit<Expected, 'file'>, alone = true): BadCase {
  return {
    name,
    alone,
    apply: (content) => {
      const abs = path.join(content, file);
      writeFileSync(abs, variant(readFileSync(abs, 'utf8'), from, to));
    },
    expect: { ...expect, file: `content/${file}` },
  };
}

const BOMB = ['a0: &a0 "lol"', 'a1: &a1 [*a0, *a0, *a0, *a0, *a0, *a0, *a0, *a0, *a0]', 'a2: &a2 [*a1, *a1, *a1, *a1, *a1, *a1, *a1, *a1, *a1]', 'a3: &a3 [*a2, *a2, *a2, *a2, *a2, *a2, *a2, *a2, *a2]', 'alsoCalled: [*a3, *a3, *a3, *a3, *a3, *a3, *a3, *a3, *a3]'].join('\n');

export const BAD_CONTENT: BadCase[] = [
  // YAML syntax and the parser's limits.
  added('glossary', 'an unclosed quote in a term', 'definition: A definition', 'definition: "A definition', { rule: 'yaml-syntax', line: 4, field: 'definition', message: /quote .* never closed/ }),
  added('articles', 'a tab as indentation in front matter', 'jurisdiction: Global', '\tjurisdiction: Global', { rule: 'yaml-syntax', line: 7, field: 'jurisdiction', message: /tab/ }),
  added('datasets', 'an unclosed list in a dataset', 'description: One row per case.', 'description: One row per case.\nkeywords: [custody, log', { rule: 'yaml-syntax', line: 3, field: 'keywords', message: /never closed/ }),
  added('pages', 'a page title holding ": " unquoted', 'title: Case page', 'title: Case page: the sequel', { rule: 'yaml-syntax', line: 2, field: 'title', message: /nested field/ }),
  added('glossary', 'a key written twice in a term', 'jurisdiction: Global', 'jurisdiction: Global\njurisdiction: Australia', { rule: 'yaml-syntax', line: 3, field: 'jurisdiction', message: /twice/ }),
  added('articles', 'an article without front matter', /^---\n/, '', { rule: 'front-matter-missing', line: 1, field: '' }),
  added('articles', 'a front matter that is never closed', /\n---\nA body/, '\nA body', { rule: 'front-matter-missing', line: 1, field: '' }),
  added('articles', 'an article with empty lines above its front matter', /^---\n/, '\n\n---\n', { rule: 'front-matter-missing', line: 3, field: '', message: /has front matter that starts on line 3, after 2 empty lines: the first "---" must be the file's first line/ }),
  added('articles', 'an article saved with classic Mac OS line endings (a carriage return alone)', /\n/g, '\r', { rule: 'front-matter-missing', line: 1, field: '', message: /end in a carriage return alone/ }),
  addedWith('glossary', 'an alias bomb (billion laughs) in a term', (_t, stem) => `title: Bomb ${stem}\ndefinition: d\n${BOMB}\n`, { rule: 'yaml-limit', line: 6, field: 'a3', message: /billion laughs/ }),
  added('glossary', 'a term nested 5,000 brackets deep', 'tags: [evidence]', `tags: ${'['.repeat(5000)}${']'.repeat(5000)}`, { rule: 'yaml-limit', line: 3, field: 'tags', message: /nested more than 64 levels/ }),
  added('glossary', 'a key that is a list (a `?` key) in a term', 'tags: [evidence]', 'tags: [evidence]\n? [a, b]\n: c', { rule: 'yaml-syntax', line: 4, field: '[a, b]', message: /is a key that is a list; every key must be plain text/ }),
  added('glossary', 'a list as a key on one line in a term', 'tags: [evidence]', 'tags: [evidence]\n[a, b]: c', { rule: 'yaml-syntax', line: 4, field: '[a, b]', message: /is a key that is a list; every key must be plain text/ }),
  added('glossary', 'an alias to an anchor that does not exist', 'tags: [evidence]', 'tags: [*nowhere]', { rule: 'yaml-syntax', line: 3, field: 'tags', message: /\*nowhere/ }),
  added('glossary', 'a term file of 2 MB', 'definition: A definition of the case term.', `definition: ${'x'.repeat(2 * 1024 * 1024)}`, { rule: 'file-too-large', line: 1, field: '', message: /MB of YAML/ }),
  added('articles', 'an article of 9 MB', /\n$/, `\n${'Words about evidence. '.repeat(430_000)}\n`, { rule: 'file-too-large', line: 1, field: '', message: /Markdown files of at most 8\.0 MB/ }),
  // Schema: every field type of an article.
  added('articles', 'an empty title', 'title: Case article', 'title: ""', { rule: 'missing-field', line: 2, field: 'title', message: /is empty/ }),
  added('articles', 'a title with no value', 'title: Case article', 'title:', { rule: 'wrong-type', line: 2, field: 'title', message: /has no value/ }),
  added('articles', 'a missing summary', 'summary: One case of the bad-content corpus.\n', '', { rule: 'missing-field', line: 2, field: 'summary', message: /is required/ }),
  added('articles', 'a misspelt field', 'tags: [evidence]', 'tagz: [evidence]\ntags: [evidence]', { rule: 'unknown-field', line: 6, field: 'tagz' }),
  added('articles', 'an impossible date', 'datePublished: "2025-08-25"', 'datePublished: "2025-02-30"', { rule: 'invalid-date', line: 4, field: 'datePublished' }),
  added('articles', 'tags as text, not a list', 'tags: [evidence]', 'tags: evidence', { rule: 'wrong-type', line: 6, field: 'tags' }),
  added('articles', 'an empty tag list', 'tags: [evidence]', 'tags: []', { rule: 'missing-field', line: 6, field: 'tags', message: /empty list/ }),
  added('articles', 'an unknown schema type', 'jurisdiction: Global', 'jurisdiction: Global\nschemaType: Blog', { rule: 'invalid-value', line: 8, field: 'schemaType' }),
  added('articles', 'a FAQ entry without an answer', '  - { id: faq-one, q: Why?, a: Because. }', '  - { id: faq-one, q: Why? }', { rule: 'missing-field', line: 9, field: 'faq[0].a' }),
  added('articles', 'a FAQ id that starts with a digit', 'id: faq-one', 'id: 1-faq', { rule: 'invalid-format', line: 9, field: 'faq[0].id' }),
  added('articles', 'a reference with neither url nor source', ', url: "https://csrc.nist.gov/pubs/sp/800/86/final"', '', { rule: 'missing-field', line: 11, field: 'references[0]', message: /url or a source/ }),
  added('articles', 'a javascript: reference url', 'url: "https://csrc.nist.gov/pubs/sp/800/86/final"', 'url: "javascript:alert(document.cookie)"', { rule: 'unsafe-url', line: 11, field: 'references[0].url', message: /javascript:/ }),
  added('articles', 'a mailto: reference url', 'url: "https://csrc.nist.gov/pubs/sp/800/86/final"', 'url: "mailto:clerk@court.example"', { rule: 'invalid-format', line: 11, field: 'references[0].url' }),
  added('articles', 'a download on another host', 'href: /templates/custody-log.csv', 'href: //evil.example/custody-log.csv', { rule: 'invalid-format', line: 13, field: 'downloads[0].href' }),
  added('articles', 'an answer that is a number', 'jurisdiction: Global', 'jurisdiction: Global\nanswer: 5', { rule: 'wrong-type', line: 8, field: 'answer' }),
  added('articles', 'a slug with spaces', 'jurisdiction: Global', 'jurisdiction: Global\nslug: Bad Slug', { rule: 'invalid-format', line: 8, field: 'slug' }),
  // Schema: terms, datasets, pages.
  added('glossary', 'a term without a definition', 'definition: A definition of the case term.\n', '', { rule: 'missing-field', line: 1, field: 'definition' }),
  added('glossary', 'a term with an impossible lastModified', 'lastModified: "2025-08-26"', 'lastModified: "2025-13-01"', { rule: 'invalid-date', line: 6, field: 'lastModified' }),
  added('glossary', 'alsoCalled as text', 'tags: [evidence]', 'tags: [evidence]\nalsoCalled: custody log', { rule: 'wrong-type', line: 4, field: 'alsoCalled' }),
  added('datasets', 'a dataset without distributions', /distributions:\n.*\n/, '', { rule: 'missing-field', line: 1, field: 'distributions' }),
  added('datasets', 'a data: distribution url', 'url: /templates/custody-log.csv', 'url: "data:text/csv,a,b"', { rule: 'unsafe-url', line: 8, field: 'distributions[0].url' }),
  added('datasets', 'a field whose required is not true or false', 'required: true', 'required: "yes"', { rule: 'wrong-type', line: 6, field: 'fields[0].required' }),
  added('pages', 'a page without dateModified', 'dateModified: "2025-08-26"\n', '', { rule: 'missing-field', line: 2, field: 'dateModified' }),
  added('pages', 'a page with an empty description', 'description: A page of the corpus.', 'description: ""', { rule: 'missing-field', line: 3, field: 'description', message: /is empty/ }),
  // Schema: site.yaml and templates/index.yaml (one at a time).
  edited('site.yaml', 'a base URL with a query', 'baseUrl: https://test.example.org', 'baseUrl: https://test.example.org/?preview=1', { rule: 'invalid-format', line: 4, field: 'baseUrl', message: /query/ }),
  edited('site.yaml', 'a base URL with a path (a sub-folder the site\'s root-relative links would leave)', 'baseUrl: https://test.example.org', 'baseUrl: https://test.example.org/docs', { rule: 'invalid-format', line: 4, field: 'baseUrl', message: /without a path such as "\/docs": pages link to each other from the root/ }),
  edited('site.yaml', 'a javascript: chronology-builder link', 'publisher:', 'chronologyBuilderUrl: "javascript:alert(1)"\npublisher:', { rule: 'unsafe-url', line: 5, field: 'chronologyBuilderUrl' }),
  edited('site.yaml', 'an editorial email without @', 'editorialEmail: editors@test.example.org', 'editorialEmail: editors', { rule: 'invalid-format', line: 7, field: 'editorialEmail' }),
  edited('site.yaml', 'a file: webhook url', 'publisher:', 'webhooks:\n  - url: "file:///etc/passwd"\npublisher:', { rule: 'unsafe-url', line: 6, field: 'webhooks[0].url' }),
  edited('site.yaml', 'an unknown webhook event', 'publisher:', 'webhooks:\n  - { url: "https://hooks.example.org/x", events: [article.published] }\npublisher:', { rule: 'invalid-value', line: 6, field: 'webhooks[0].events[0]' }),
  edited('site.yaml', 'an IndexNow key too short', 'key: abcdef0123456789', 'key: abc', { rule: 'invalid-format', line: 9, field: 'indexnow.key' }),
  edited('site.yaml', 'a publisher url with the data: scheme', '  name: Test Publisher', '  name: Test Publisher\n  url: "data:text/html,hi"', { rule: 'unsafe-url', line: 7, field: 'publisher.url' }),
  edited('site.yaml', 'a site name written twice', 'tagline:', 'name: Again\ntagline:', { rule: 'yaml-syntax', line: 2, field: 'name', message: /twice/ }),
  edited('templates/index.yaml', 'a template entry without a description', ', description: A CSV custody log.', '', { rule: 'missing-field', line: 1, field: '[0].description' }),
  edited('templates/index.yaml', 'a listed template that does not exist', 'file: custody-log.schema.json', 'file: custody-log.schema.jsn', { rule: 'missing-download', line: 2, field: '[1].file' }),
  edited('templates/index.yaml', 'a template used by an article that does not exist', 'usedBy: [hashing-evidence]', 'usedBy: [hashing-evidense]', { rule: 'dangling-reference', line: 1, field: '[0].usedBy[0]', message: /not an article/ }),
  {
    name: 'no site.yaml at all',
    alone: true,
    apply: (content) => rmSync(path.join(content, 'site.yaml')),
    expect: { rule: 'unreadable-file', file: 'content/site.yaml', line: 1, field: '', message: /is missing/ },
  },
  {
    name: 'a folder where site.yaml should be: it is there, not missing',
    alone: true,
    apply: (content) => {
      rmSync(path.join(content, 'site.yaml'));
      mkdirSync(path.join(content, 'site.yaml'));
    },
    expect: { rule: 'not-a-file', file: 'content/site.yaml', line: 1, field: '', message: /is a folder, not a file/ },
  },
  {
    name: 'a folder where the id file should be: a folder, not a link to one',
    alone: true,
    apply: (content) => {
      rmSync(path.join(content, 'pinpoints.jsonl'), { force: true });
      mkdirSync(path.join(content, 'pinpoints.jsonl'));
    },
    expect: { rule: 'not-a-file', file: 'content/pinpoints.jsonl', line: 1, field: '', message: /^is a folder, not a regular file; it was not read$/ },
  },
  // Site-wide semantics.
  added('articles', 'an unknown tag', 'tags: [evidence]', 'tags: [evidense]', { rule: 'unknown-tag', line: 6, field: 'tags[0]', message: /did you mean|not a known tag/ }),
  added('articles', 'an unknown jurisdiction', 'jurisdiction: Global', 'jurisdiction: Mars', { rule: 'unknown-jurisdiction', line: 7, field: 'jurisdiction' }),
  added('glossary', 'a term with an unknown tag', 'tags: [evidence]', 'tags: [forensic]', { rule: 'unknown-tag', line: 3, field: 'tags[0]' }),
  added('glossary', 'a term seeAlso to no term', 'seeAlso: [hash-value]', 'seeAlso: [hash-valu]', { rule: 'dangling-reference', line: 5, field: 'seeAlso[0]' }),
  addedWith('glossary', 'a term that contrasts with itself', (t, stem) => `slug: ${stem}\n${t}contrastWith: [${stem}]\n`, { rule: 'dangling-reference', line: 8, field: 'contrastWith[0]', message: /itself/ }),
  added('articles', 'an article seeAlso to no term', 'seeAlso: [glossary/hash-value]', 'seeAlso: [glossary/hash-valu]', { rule: 'dangling-reference', line: 14, field: 'seeAlso[0]' }),
  added('articles', 'an article seeAlso that is not a site path', 'seeAlso: [glossary/hash-value]', 'seeAlso: [faq/hash-value]', { rule: 'dangling-reference', line: 14, field: 'seeAlso[0]', message: /not a site path/ }),
  added('articles', 'a download that is not in templates/', 'href: /templates/custody-log.csv', 'href: /templates/custody-log.xlsx', { rule: 'missing-download', line: 13, field: 'downloads[0].href' }),
  added('articles', 'dateModified before datePublished', 'dateModified: "2025-08-26"', 'dateModified: "2025-08-01"', { rule: 'date-order', line: 5, field: 'dateModified' }),
  added('datasets', 'a dataset modified before it was published', 'dateModified: "2025-08-26"', 'dateModified: "2025-01-01"', { rule: 'date-order', line: 4, field: 'dateModified' }),
  added('datasets', 'a distribution not in templates/', 'url: /templates/custody-log.csv', 'url: /templates/custody-log.tsv', { rule: 'missing-download', line: 8, field: 'distributions[0].url' }),
  added('glossary', 'a term with the slug of another (reported at the file that took it, not at privilege-log.yaml)', 'title: Case term', 'slug: privilege-log\ntitle: Case term', { rule: 'duplicate-slug', line: 1, field: 'slug', message: /already the slug of term content\/glossary\/privilege-log\.yaml/ }),
  added('articles', 'a FAQ id used twice', '  - { id: faq-one, q: Why?, a: Because. }', '  - { id: faq-one, q: Why?, a: Because. }\n  - { id: faq-one, q: Again?, a: Twice. }', { rule: 'duplicate-id', line: 10, field: 'faq[1].id' }),
  added('articles', 'a reference id used twice', /(  - \{ id: ref-one.*)\n/, '$1\n  - { id: ref-one, title: Again, source: "A citation" }\n', { rule: 'duplicate-id', line: 12, field: 'references[1].id' }),
  edited('site.yaml', 'a home article that does not exist', 'latestArticles: [hashing-evidence, privilege-basics]', 'latestArticles: [hashing-evidence, privilege-basic]', { rule: 'dangling-reference', line: 11, field: 'home.latestArticles[1]' }),
  edited('site.yaml', 'a home term that does not exist', 'sampleTerms: [hash-value]', 'sampleTerms: [hash-values]', { rule: 'dangling-reference', line: 12, field: 'home.sampleTerms[0]' }),
  // Links: found only once the whole site is known.
  added('articles', 'a body link to a page that does not exist', '(/glossary/hash-value)', '(/glossary/hash-valeu)', { rule: 'broken-link', line: 16, field: 'body', message: /does not exist/ }),
  added('articles', 'a body link that is not a site path', '(/glossary/hash-value)', '(glossary/hash-value)', { rule: 'broken-link', line: 16, field: 'body', message: /not a site path/ }),
  added('articles', 'a FAQ answer link to a page that does not exist', 'a: Because. }', 'a: "See [custody](/glossary/chain-of-custdy)." }', { rule: 'broken-link', line: 9, field: 'faq[0].a', message: /does not exist/ }),
  added('articles', 'a key takeaway link that is not a site path', 'jurisdiction: Global', 'jurisdiction: Global\nkeyTakeaways: ["Hash first: see [the value](glossary/hash-value)."]', { rule: 'broken-link', line: 8, field: 'keyTakeaways[0]', message: /not a site path/ }),
  added('pages', 'a page body link to a page that does not exist', '(/about)', '(/abuot)', { rule: 'broken-link', line: 6, field: 'body' }),
  added('articles', 'a body link ending in "/", which object storage does not answer', '(/glossary/hash-value)', '(/glossary/hash-value/)', { rule: 'broken-link', line: 16, field: 'body', message: /ends in "\/"/ }),
  // Dates in the future: a year typed wrong.
  added('articles', 'a dateModified in the future (2062 for 2026)', 'dateModified: "2025-08-26"', 'dateModified: "2062-08-26"', { rule: 'invalid-date', line: 5, field: 'dateModified', message: /2062-08-26 is in the future \(today is \d{4}-\d\d-\d\d\)/ }),
  added('glossary', 'a term lastModified in the future', 'lastModified: "2025-08-26"', 'lastModified: "2205-08-26"', { rule: 'invalid-date', line: 6, field: 'lastModified', message: /in the future/ }),
  // Markdown where a field is plain text.
  added('glossary', 'a Markdown link in a term definition, which is plain text', 'definition: A definition of the case term.', 'definition: A definition; see [hash value](/glossary/hash-value).', { rule: 'unsupported-markdown', line: 4, field: 'definition', message: /\[hash value\]\(\/glossary\/hash-value\)/ }),
  added('articles', 'bold Markdown in an article summary, which is plain text', 'summary: One case of the bad-content corpus.', 'summary: One **important** case of the bad-content corpus.', { rule: 'unsupported-markdown', line: 3, field: 'summary', message: /asterisks/ }),
  // Links into a page (`#id`): found once every page is made, so only in a site without other errors.
  { ...added('articles', 'a body link to a heading another article does not have', '(/glossary/hash-value)', '(/articles/hashing-evidence#why-it-mattered)', { rule: 'broken-link', line: 16, field: 'body', message: /points at no element of \/articles\/hashing-evidence with the id "why-it-mattered"/ }), alone: true },
  { ...added('articles', 'a pinpoint beyond the last paragraph of another article', '(/glossary/hash-value)', '(/articles/hashing-evidence#hashing-evidence-p030)', { rule: 'broken-link', line: 16, field: 'body', message: /with the id "hashing-evidence-p030"/ }), alone: true },
  { ...added('articles', 'a body link to a heading of its own page that is not there', '(/glossary/hash-value)', '(#how-to-hash)', { rule: 'broken-link', line: 16, field: 'body', message: /points at no element of this page with the id "how-to-hash"/ }), alone: true },
  { ...added('articles', 'a FAQ answer link to a section its page does not have', 'a: Because. }', 'a: "See [the takeaways](#key-takeaways)." }', { rule: 'broken-link', line: 9, field: 'faq[0].a', message: /"key-takeaways"/ }), alone: true },
  { ...added('pages', 'a page body link to a heading another page does not have', '(/about)', '(/about#our-team)', { rule: 'broken-link', line: 6, field: 'body', message: /no element of \/about with the id "our-team"/ }), alone: true },
  {
    ...addedWith('articles', 'a broken link in an article that also has an empty title', (t) => variant(variant(t, '(/glossary/hash-value)', '(/glossary/nowhere)'), 'title: Case article', 'title: ""'), { rule: 'broken-link', line: 16, field: 'body' }),
    also: [{ rule: 'missing-field', file: `content/articles/case-${String(counter).padStart(2, '0')}.md`, line: 2, field: 'title' }],
  },
  // Files with errors of their own are still checked across the site, and do not cause false errors.
  {
    ...addedWith('articles', 'an empty title and a FAQ id used twice in one article', (t) => variant(variant(t, 'title: Case article', 'title: ""'), '  - { id: faq-one, q: Why?, a: Because. }', '  - { id: faq-one, q: Why?, a: Because. }\n  - { id: faq-one, q: Again?, a: Twice. }'), { rule: 'missing-field', line: 2, field: 'title' }),
    also: [{ rule: 'duplicate-id', file: `content/articles/case-${String(counter).padStart(2, '0')}.md`, line: 10, field: 'faq[1].id' }],
  },
  {
    ...addedWith('articles', 'an unknown tag in an article that also has an impossible date', (t) => variant(variant(t, 'tags: [evidence]', 'tags: [evidense]'), 'datePublished: "2025-08-25"', 'datePublished: "2025-08-32"'), { rule: 'invalid-date', line: 4, field: 'datePublished' }),
    also: [{ rule: 'unknown-tag', file: `content/articles/case-${String(counter).padStart(2, '0')}.md`, line: 6, field: 'tags[0]' }],
  },
  {
    name: 'a term with an empty definition that other files link to: only its own error',
    apply: (content) => {
      writeFileSync(path.join(content, 'glossary/lonely-term.yaml'), 'slug: lonely-term\ntitle: Lonely term\ndefinition: ""\n');
      writeFileSync(path.join(content, 'articles/links-lonely.md'), variant(ARTICLE, '(/glossary/hash-value)', '(/glossary/lonely-term)').replace('seeAlso: [glossary/hash-value]', 'seeAlso: [glossary/lonely-term]'));
    },
    expect: { rule: 'missing-field', file: 'content/glossary/lonely-term.yaml', line: 3, field: 'definition', message: /is empty/ },
  },
  {
    name: 'a templates index that is not valid YAML, while an article downloads the PDF it lists: only the YAML error',
    alone: true,
    apply: (content) => {
      const index = path.join(content, 'templates/index.yaml');
      writeFileSync(index, readFileSync(index, 'utf8').replace('title: Checklist,', 'title: "Checklist,'));
      writeFileSync(path.join(content, 'articles/pdf-download.md'), variant(ARTICLE, 'href: /templates/custody-log.csv', 'href: /templates/checklist.pdf'));
    },
    expect: { rule: 'yaml-syntax', file: 'content/templates/index.yaml', line: 3, field: '[2]', message: /never closed/ },
  },
  {
    name: 'a generated PDF\'s source with a character its standard fonts cannot show (it printed as nothing)',
    alone: true,
    apply: (content) => writeFileSync(path.join(content, 'templates/checklist.md'), '# Checklist\n\n## Before\n\n- [ ] Keep at most 5 \u2264 copies.\n'),
    expect: { rule: 'unsupported-character', file: 'content/templates/checklist.md', line: 5, field: 'body', message: /"\u2264" \(U\+2264\) cannot be shown in checklist\.pdf, which is made from this file/ },
  },
  {
    name: 'an article summary holding a line break pasted from Word (U+000B), which no feed can carry',
    apply: (content) => writeFileSync(path.join(content, 'articles/case-pasted.md'), variant(ARTICLE, 'summary: One case of the bad-content corpus.', 'summary: "First line\\vsecond line."')),
    expect: { rule: 'invalid-format', file: 'content/articles/case-pasted.md', line: 3, field: 'summary', message: /holds an invisible control character \(U\+000B, a vertical tab, as Word writes a manual line break\) after "First line"/ },
  },
  {
    name: 'a term\'s definition holding an escape character, and an article\'s reference title a C1 control (text decoded with the wrong code page)',
    apply: (content) => {
      writeFileSync(path.join(content, 'glossary/case-escape.yaml'), variant(TERM, 'definition: A definition of the case term.', 'definition: "A definition\\e of the case term."'));
      writeFileSync(path.join(content, 'articles/case-c1.md'), variant(ARTICLE, 'title: NIST SP 800-86,', 'title: "NIST\\x85 SP 800-86",'));
    },
    expect: { rule: 'invalid-format', file: 'content/glossary/case-escape.yaml', line: 4, field: 'definition', message: /\(U\+001B, an escape\) after "A definition"/ },
    also: [{ rule: 'invalid-format', file: 'content/articles/case-c1.md', line: 11, field: 'references[0].title', message: /\(U\+0085\) after "NIST"/ }],
  },
  // Addresses legalsite uses itself: one of the two would silently replace the other.
  {
    name: 'a page named like the glossary page',
    apply: (content) => writeFileSync(path.join(content, 'pages/glossary.md'), PAGE),
    expect: { rule: 'url-clash', file: 'content/pages/glossary.md', line: 1, field: '', message: /published at \/glossary/ },
  },
  {
    name: 'an article whose slug makes its JSON mirror /articles/index.json',
    apply: (content) => writeFileSync(path.join(content, 'articles/case-index.md'), variant(ARTICLE, 'jurisdiction: Global', 'jurisdiction: Global\nslug: index')),
    expect: { rule: 'url-clash', file: 'content/articles/case-index.md', line: 8, field: 'slug', message: /\/articles\/index\.json/ },
  },
  {
    name: 'an article whose file name is not a slug (its address would hold a space and a capital)',
    apply: (content) => writeFileSync(path.join(content, 'articles/Case Notes.md'), ARTICLE),
    expect: { rule: 'invalid-file-name', file: 'content/articles/Case Notes.md', line: 1, field: '', message: /the file name "Case Notes" is not a slug \(lowercase letters, digits and single hyphens\): an article.s file name is its address/ },
  },
  {
    name: 'an article whose file name is too long for the files made from it',
    apply: (content) => writeFileSync(path.join(content, `articles/${'x'.repeat(230)}.md`), ARTICLE),
    expect: { rule: 'invalid-file-name', file: `content/articles/${'x'.repeat(230)}.md`, line: 1, field: '', message: /is 230 characters long, more than the 200 an address may have/ },
  },
  {
    name: 'a glossary term without slug: whose title makes a slug too long for an address',
    apply: (content) => writeFileSync(path.join(content, 'glossary/case-long-title.yaml'), variant(TERM, 'title: Case term', `title: ${'Very long term '.repeat(16).trim()}`)),
    expect: { rule: 'invalid-format', file: 'content/glossary/case-long-title.yaml', line: 1, field: 'title', message: /makes a slug of 239 characters, more than the 200 an address may have/ },
  },
  {
    name: 'a glossary term without slug: whose title has no letter a to z or digit, so no address (it was published at /glossary/)',
    apply: (content) => writeFileSync(path.join(content, 'glossary/case-arabic-title.yaml'), variant(TERM, 'title: Case term', 'title: "\u0625\u0641\u0635\u0627\u062d"')),
    expect: { rule: 'invalid-format', file: 'content/glossary/case-arabic-title.yaml', line: 1, field: 'title', message: /makes no slug: it has no letter a to z or digit/ },
  },
  {
    name: 'an article with a footnote, which would be published as a paragraph of its own',
    apply: (content) => writeFileSync(path.join(content, 'articles/case-footnote.md'), `${ARTICLE}A claim.[^1]\n\n\`\`\`\n[^2]: inside a code block, not a footnote\n\`\`\`\n\n[^1]: The note.\n`),
    expect: { rule: 'unsupported-markdown', file: 'content/articles/case-footnote.md', line: 23, field: 'body', message: /is a footnote \(\[\^1\]: The note\.\), which legalsite does not publish as one/ },
  },
  {
    name: 'a page whose file name is not a slug',
    apply: (content) => writeFileSync(path.join(content, 'pages/About_Us.md'), PAGE),
    expect: { rule: 'invalid-file-name', file: 'content/pages/About_Us.md', line: 1, field: '', message: /a page's file name is its address/ },
  },
  {
    name: 'an article saved as Windows-1252: its "é" is not UTF-8, and every reader would see "�"',
    apply: (content) => writeFileSync(path.join(content, 'articles/case-cp1252.md'), Buffer.concat([Buffer.from(ARTICLE), Buffer.from('Before the d'), Buffer.from([0xe9]), Buffer.from('lai of the court.\n')])),
    expect: { rule: 'invalid-encoding', file: 'content/articles/case-cp1252.md', line: 17, field: 'body', message: /replacement character "�" \(U\+FFFD\): the file is not valid UTF-8/ },
  },
  {
    name: 'a glossary term saved as Latin-1',
    apply: (content) => writeFileSync(path.join(content, 'glossary/case-latin1.yaml'), Buffer.from(variant(TERM, 'definition: A definition of the case term.', 'definition: A caf\u00e9 definition.'), 'latin1')),
    expect: { rule: 'invalid-encoding', file: 'content/glossary/case-latin1.yaml', line: 4, field: 'definition', message: /the file is not valid UTF-8/ },
  },
  {
    name: 'an article with an HTML comment, an editor\'s private note the page would publish as a paragraph',
    apply: (content) => writeFileSync(path.join(content, 'articles/case-comment.md'), `${ARTICLE}Write \`<!--\` to open one.\n\n<!-- TODO: check the date before filing -->\n`),
    expect: { rule: 'unsupported-markdown', file: 'content/articles/case-comment.md', line: 19, field: 'body', message: /is an HTML comment, which legalsite publishes as text/ },
  },
  {
    name: 'an article body left part-way through a merge',
    apply: (content) => writeFileSync(path.join(content, 'articles/case-merge-body.md'), `${ARTICLE}<<<<<<< HEAD\nOld paragraph.\n=======\nNew paragraph.\n>>>>>>> feature\n`),
    expect: { rule: 'invalid-format', file: 'content/articles/case-merge-body.md', line: 17, field: 'body', message: /holds a merge conflict marker \(<<<<<<<\)/ },
    also: [{ rule: 'invalid-format', file: 'content/articles/case-merge-body.md', line: 21, field: 'body', message: /\(>>>>>>>\)/ }],
  },
  {
    name: 'an article\'s front matter left part-way through a merge (YAML gave four errors about quoting)',
    apply: (content) => writeFileSync(path.join(content, 'articles/case-merge-front.md'), variant(ARTICLE, 'summary: One case of the bad-content corpus.', '<<<<<<< HEAD\nsummary: One case of the bad-content corpus.\n=======\nsummary: Another summary.\n>>>>>>> feature')),
    expect: { rule: 'yaml-syntax', file: 'content/articles/case-merge-front.md', line: 3, field: 'summary', message: /is part of a merge that was not finished: a merge conflict marker \(<<<<<<<\) is on this line/ },
  },
  {
    name: 'a glossary term left part-way through a merge',
    apply: (content) => writeFileSync(path.join(content, 'glossary/case-merge.yaml'), variant(TERM, 'definition: A definition of the case term.', '<<<<<<< HEAD\ndefinition: A definition of the case term.\n=======\ndefinition: Another.\n>>>>>>> b')),
    expect: { rule: 'yaml-syntax', file: 'content/glossary/case-merge.yaml', line: 4, field: 'definition', message: /merge conflict marker/ },
  },
  {
    name: 'an article body holding an escape character',
    apply: (content) => writeFileSync(path.join(content, 'articles/case-escape-body.md'), `${ARTICLE}A line with \u001b in it.\n`),
    expect: { rule: 'invalid-format', file: 'content/articles/case-escape-body.md', line: 17, field: 'body', message: /invisible control character \(U\+001B\)/ },
  },
  {
    name: 'an article summary cut short by " #", which YAML reads as a comment ("Exhibit #3 …" published as "Exhibit")',
    apply: (content) => writeFileSync(path.join(content, 'articles/case-hash.md'), variant(ARTICLE, 'summary: One case of the bad-content corpus.', 'summary: Exhibit #3 must be filed with the bundle.')),
    expect: { rule: 'yaml-syntax', file: 'content/articles/case-hash.md', line: 3, field: 'summary', message: /is cut short at " #": YAML reads "#3 must be filed with the bundle\." as a comment and drops it, leaving "Exhibit"/ },
  },
  {
    name: 'an article linking to a javascript: address (markdown-it refused it and the page showed the raw Markdown)',
    apply: (content) => writeFileSync(path.join(content, 'articles/case-js-link.md'), `${ARTICLE}Click [here](javascript:alert(1)) but \`[code](javascript:x)\` is code.\n`),
    expect: { rule: 'unsafe-url', file: 'content/articles/case-js-link.md', line: 17, field: 'body', message: /links to a javascript: address/ },
  },
  {
    name: 'an article with a footnote marker and no note (shown as "[^2]")',
    apply: (content) => writeFileSync(path.join(content, 'articles/case-marker.md'), `${ARTICLE}A claim.[^2]\n`),
    expect: { rule: 'unsupported-markdown', file: 'content/articles/case-marker.md', line: 17, field: 'body', message: /is a footnote marker \(\[\^2\]\)/ },
  },
  {
    name: 'an article with a callout of an unknown kind and one never closed',
    apply: (content) => writeFileSync(path.join(content, 'articles/case-callouts.md'), `${ARTICLE}:::danger\nCareful.\n:::\n\n:::tip Filing\nFile early.\n\n## Next steps\n\nMore text.\n`),
    expect: { rule: 'unsupported-markdown', file: 'content/articles/case-callouts.md', line: 17, field: 'body', message: /is a callout of a kind legalsite does not know \(:::danger\)/ },
    also: [{ rule: 'unsupported-markdown', file: 'content/articles/case-callouts.md', line: 21, field: 'body', message: /opens a :::tip callout that is never closed/ }],
  },
  {
    name: 'an article saved as .markdown and one as .MD, which were skipped without a word',
    apply: (content) => {
      writeFileSync(path.join(content, 'articles/case-long-ext.markdown'), ARTICLE);
      writeFileSync(path.join(content, 'articles/case-capitals.MD'), ARTICLE);
    },
    expect: { rule: 'invalid-file-name', file: 'content/articles/case-capitals.MD', line: 1, field: '', message: /is not read, so it would not be published/ },
    also: [{ rule: 'invalid-file-name', file: 'content/articles/case-long-ext.markdown', line: 1, field: '' }],
  },
  {
    name: 'an article renamed with a capital, which other articles link to by the address it is meant to have (17 errors, each "did you mean" the misspelt name)',
    apply: (content) => {
      writeFileSync(path.join(content, 'articles/Case-Renamed.md'), ARTICLE);
      const linking = variant(ARTICLE, 'seeAlso: [glossary/hash-value]', 'seeAlso: [glossary/hash-value, articles/case-renamed]');
      writeFileSync(path.join(content, 'articles/case-linking.md'), `${linking}See [the renamed one](/articles/case-renamed).\n`);
    },
    expect: { rule: 'invalid-file-name', file: 'content/articles/Case-Renamed.md', line: 1, field: '', message: /the file name "Case-Renamed" is not a slug/ },
  },
  {
    name: 'a reference whose id is the id a heading of the body takes (two elements id="ref-one" on the page)',
    apply: (content) => writeFileSync(path.join(content, 'articles/case-id-heading.md'), `${ARTICLE}## Ref *one*\n\nText under it.\n`),
    expect: { rule: 'duplicate-id', file: 'content/articles/case-id-heading.md', line: 11, field: 'references[0].id', message: /id "ref-one" is also the id of the heading "Ref one" \(line 17\)/ },
  },
  {
    name: 'a reference with the id of an FAQ entry, and an FAQ entry with the id of a section of every article page',
    apply: (content) => {
      writeFileSync(path.join(content, 'articles/case-id-faq.md'), variant(ARTICLE, 'id: ref-one', 'id: faq-one'));
      writeFileSync(path.join(content, 'articles/case-id-section.md'), variant(ARTICLE, 'id: faq-one', 'id: references'));
    },
    expect: { rule: 'duplicate-id', file: 'content/articles/case-id-faq.md', line: 11, field: 'references[0].id', message: /id "faq-one" is also the id of an FAQ entry of this article/ },
    also: [{ rule: 'duplicate-id', file: 'content/articles/case-id-section.md', line: 9, field: 'faq[0].id', message: /id "references" is the id of a section of every article page/ }],
  },
  {
    name: 'an empty glossary file (one error, not one per required field)',
    apply: (content) => writeFileSync(path.join(content, 'glossary/case-empty.yaml'), '# to be written\n'),
    expect: { rule: 'empty-file', file: 'content/glossary/case-empty.yaml', line: 1, field: '', message: /^is empty$/ },
  },
  {
    name: 'an empty site.yaml',
    alone: true,
    apply: (content) => writeFileSync(path.join(content, 'site.yaml'), ''),
    expect: { rule: 'empty-file', file: 'content/site.yaml', line: 1, field: '', message: /^is empty$/ },
  },
  {
    name: 'a term with an alias that is another term\'s title, so it never links to it',
    apply: (content) => writeFileSync(path.join(content, 'glossary/case-shared-name.yaml'), variant(TERM, 'title: Case term', 'title: Case shared term\nalsoCalled: [digest, hash value]')),
    expect: { rule: 'invalid-value', file: 'content/glossary/case-shared-name.yaml', line: 2, field: 'alsoCalled[1]', message: /"hash value" is also the title of the term content\/glossary\/hash-value\.yaml, where it links: it never links to this term/ },
  },
  edited('site.yaml', 'a glossary FAQ link to a page that does not exist', 'href: /glossary/hash-value', 'href: /glossary/hash-valeu', { rule: 'broken-link', line: 15, field: 'glossaryFaq[0].href' }),
  edited('site.yaml', 'a chronology-builder link to a page that does not exist', 'home:', 'chronologyBuilderUrl: /chronology-builder\nhome:', { rule: 'broken-link', line: 10, field: 'chronologyBuilderUrl', message: /"\/chronology-builder" points at a page that does not exist/ }),
  edited('site.yaml', 'a glossary FAQ link with a "%" that starts no escape', 'href: /glossary/hash-value', 'href: /glossary/hash%value', { rule: 'broken-link', line: 15, field: 'glossaryFaq[0].href', message: /not the start of an escape/ }),
  edited('site.yaml', 'a glossary FAQ link to a section the term page does not have', 'href: /glossary/hash-value', 'href: /glossary/hash-value#faq', { rule: 'broken-link', line: 15, field: 'glossaryFaq[0].href', message: /no element of \/glossary\/hash-value with the id "faq"/ }),
];

