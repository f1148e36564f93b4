/**
 * The README and docs/ send readers to each other and to headings: every relative link and #anchor
 * in README.md and docs/*.md must resolve (the file exists; the anchor is the slug GitHub makes of a
 * heading in it), so a newcomer never lands on nothing. The README stays the page for the first ten
 * minutes: under 8.5 KB, with every page of docs/ one link away.
 * Links are read with markdown-it, so links in code blocks and code spans are not links, as on GitHub.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import MarkdownIt, { type Token } from 'markdown-it';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ROOT } from '../helpers/sites.js';

const test = suite('documentation links');
const md = new MarkdownIt({ html: true, linkify: false });

const README = path.join(ROOT, 'README.md');
const DOCS = path.join(ROOT, 'docs');
const README_MAX_BYTES = 8.5 * 1024;
const pages = () => [README, ...readdirSync(DOCS).filter((f) => f.endsWith('.md')).sort().map((f) => path.join(DOCS, f))];
const shown = (abs: string) => path.relative(ROOT, abs);

/** GitHub's heading slug (github-slugger): lowercase, drop everything but letters, marks, numbers,
 * connector punctuation, hyphens and spaces, spaces to hyphens; a repeated slug gets -1, -2, …
 * ("Other" numbers such as "²" go too.) */
function githubSlugs(headings: string[]): string[] {
  const seen = new Map<string, number>();
  return headings.map((text) => {
    const base = text.toLowerCase().replace(/[^\p{L}\p{M}\p{Nd}\p{Nl}\p{Pc}\- ]/gu, '').replace(/ /g, '-');
    let slug = base;
    let n = seen.get(base) ?? 0;
    while (seen.has(slug)) slug = `${base}-${++n}`;
    seen.set(base, n);
    seen.set(slug, 0);
    return slug;
  });
}

/** Every token, children included, in document order. */
function* walk(tokens: Token[]): Generator<Token> {
  for (const t of tokens) {
    yield t;
    if (t.children) yield* walk(t.children);
  }
}

/** The heading texts of a Markdown document, as GitHub reads them (code spans keep their text). */
function headingsOf(text: string): string[] {
  const tokens = md.parse(text, {});
  const out: string[] = [];
  tokens.forEach((t, i) => {
    if (t.type !== 'heading_open') return;
    const inline = tokens[i + 1];
    out.push((inline.children ?? []).filter((c) => c.type === 'text' || c.type === 'code_inline').map((c) => c.content).join(''));
  });
  return out;
}

interface Link {
  href: string;
  line: number;
}

/** Every link and image target of a Markdown document, with its line (raw HTML href/src too). */
function linksOf(text: string): Link[] {
  const out: Link[] = [];
  let line = 1;
  for (const t of walk(md.parse(text, {}))) {
    if (t.map) line = t.map[0] + 1;
    if (t.type === 'softbreak' || t.type === 'hardbreak') line++;
    if (t.type === 'link_open') out.push({ href: String(t.attrGet('href') ?? ''), line });
    if (t.type === 'image') out.push({ href: String(t.attrGet('src') ?? ''), line });
    if (t.type === 'html_inline' || t.type === 'html_block') {
      for (const m of t.content.matchAll(/\b(?:href|src)\s*=\s*"([^"]*)"/g)) out.push({ href: m[1], line });
    }
  }
  return out;
}

const isExternal = (href: string) => /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//');

/** What is wrong with each relative link of `file` (its text `text`), one line each. */
function brokenLinks(file: string, text: string, read: (abs: string) => string | undefined = readIfFile): string[] {
  const problems: string[] = [];
  for (const { href, line } of linksOf(text)) {
    if (isExternal(href)) continue;
    const at = `${shown(file)}:${line}: ${href}`;
    const hash = href.indexOf('#');
    const target = decodeURI(hash < 0 ? href : href.slice(0, hash));
    const anchor = hash < 0 ? undefined : decodeURIComponent(href.slice(hash + 1));
    const abs = target === '' ? file : path.resolve(path.dirname(file), target);
    if (target !== '' && !existsSync(abs)) {
      problems.push(`${at}: ${shown(abs)} does not exist`);
      continue;
    }
    if (anchor === undefined) continue;
    if (!abs.endsWith('.md')) {
      problems.push(`${at}: an anchor can only be checked in a Markdown file`);
      continue;
    }
    const body = abs === file ? text : read(abs);
    if (body === undefined) {
      problems.push(`${at}: ${shown(abs)} cannot be read`);
      continue;
    }
    const slugs = githubSlugs(headingsOf(body));
    if (!slugs.includes(anchor)) problems.push(`${at}: ${shown(abs)} has no heading "#${anchor}"`);
  }
  return problems;
}

function readIfFile(abs: string): string | undefined {
  try {
    return statSync(abs).isFile() ? readFileSync(abs, 'utf8') : undefined;
  } catch {
    return undefined;
  }
}

test('heading slugs are the ones GitHub makes', () => {
  assert.equal(githubSlugs(['Quick start', '`site.yaml`', 'Articles: `content/articles/{slug}.md`', 'serve: preview while you write']), [
    'quick-start',
    'siteyaml',
    'articles-contentarticlesslugmd',
    'serve-preview-while-you-write',
  ]);
  assert.equal(githubSlugs(['Options of build, check and serve', 'What’s new — 2.0', 'snake_case m²', 'Notes', 'Notes', 'Notes']), [
    'options-of-build-check-and-serve',
    'whats-new--20',
    'snake_case-m',
    'notes',
    'notes-1',
    'notes-2',
  ]);
  assert.equal(headingsOf('# A `code` *and* [link](x.md)\n\n```\n# not a heading\n```\n'), ['A code and link']);
});

test('a missing file, a missing heading and an anchor in a non-Markdown file are reported; code is not a link', () => {
  const file = path.join(DOCS, 'example.md');
  const text = [
    '# Example',
    '',
    'See [cli](cli.md), [here](#example), [gone](nowhere.md), [bad anchor](cli.md#no-such-heading),',
    '[src](../src/build.ts#L10), [site](https://example.com/#x) and `[not](a-link.md)`.',
    '',
    '```',
    '[not a link either](missing.md)',
    '```',
  ].join('\n');
  const problems = brokenLinks(file, text);
  assert.is(problems.length, 3, problems.join('\n'));
  assert.match(problems[0], /docs\/example\.md:3: nowhere\.md: docs\/nowhere\.md does not exist/);
  assert.match(problems[1], /cli\.md#no-such-heading: docs\/cli\.md has no heading "#no-such-heading"/);
  assert.match(problems[2], /build\.ts#L10: an anchor can only be checked in a Markdown file/);
});

test('every relative link and #anchor in README.md and docs/*.md resolves', () => {
  const problems: string[] = [];
  let checked = 0;
  for (const file of pages()) {
    const text = readFileSync(file, 'utf8');
    checked += linksOf(text).filter((l) => !isExternal(l.href)).length;
    problems.push(...brokenLinks(file, text));
  }
  assert.ok(checked > 50, `only ${checked} relative links found: is the parser reading the docs?`);
  assert.equal(problems, [], `broken links:\n${problems.join('\n')}`);
});

test('the README stays short: under 8.5 KB', () => {
  const bytes = statSync(README).size;
  assert.ok(bytes < README_MAX_BYTES, `README.md is ${bytes} bytes; keep it under ${README_MAX_BYTES} and move detail into docs/`);
});

test('every page in docs/ is linked from the README', () => {
  const linked = new Set(linksOf(readFileSync(README, 'utf8')).filter((l) => !isExternal(l.href)).map((l) => path.resolve(ROOT, decodeURI(l.href.split('#')[0]))));
  const unlinked = pages().slice(1).filter((p) => !linked.has(p)).map(shown);
  assert.equal(unlinked, [], `not linked from README.md: ${unlinked.join(', ')}`);
});

test('the README keeps the commands CI and the quick start rely on', () => {
  const readme = readFileSync(README, 'utf8');
  for (const command of ['npm ci && npx legalsite build', 'npm test', 'npx legalsite serve']) assert.ok(readme.includes(command), `README.md shows ${command}`);
});

/** The source files whose comments send a reader to a section of the docs. */
const SOURCE_DIRS = ['src', 'scripts', 'bin', 'bench'];
const SOURCE_FILE = /\.(?:ts|mjs|js)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const abs = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'results' ? [] : sourceFiles(abs);
    return SOURCE_FILE.test(e.name) ? [abs] : [];
  });
}

/** A comment's pointers to named sections: `docs/x.md, "Title"`, `docs/x.md ("Title", "Other")` or
 * `docs/x.md "Title"`, with comment markers and line breaks inside the quotes read as one space. */
function sectionPointers(source: string): { doc: string; title: string; line: number }[] {
  const out: { doc: string; title: string; line: number }[] = [];
  const QUOTED = /"((?:[^"\n]|\n\s*(?:\*|\/\/)\s?)+)"/y;
  for (const m of source.matchAll(/\bdocs\/([\w-]+\.md)(?:,\s*|\s+\(|\s+)(?=")/g)) {
    const line = source.slice(0, m.index).split('\n').length;
    let at = m.index + m[0].length;
    for (;;) {
      QUOTED.lastIndex = at;
      const q = QUOTED.exec(source);
      if (!q) break;
      out.push({ doc: m[1], title: q[1].replace(/\n\s*(?:\*|\/\/)\s*/g, ' '), line });
      at = QUOTED.lastIndex;
      const next = /^,\s*(?:\n\s*(?:\*|\/\/)\s*)?(?=")/.exec(source.slice(at, at + 40));
      if (!next) break;
      at += next[0].length;
    }
  }
  return out;
}

test('a comment that names a section of the docs names one that is there', () => {
  assert.equal(sectionPointers('// see docs/cli.md, "Exit codes" and docs/content.md ("A", "B\n * c") or docs/x.md "D"'), [
    { doc: 'cli.md', title: 'Exit codes', line: 1 },
    { doc: 'content.md', title: 'A', line: 1 },
    { doc: 'content.md', title: 'B c', line: 1 },
    { doc: 'x.md', title: 'D', line: 2 },
  ]);
  const problems: string[] = [];
  let checked = 0;
  for (const file of SOURCE_DIRS.flatMap((d) => sourceFiles(path.join(ROOT, d)))) {
    for (const { doc, title, line } of sectionPointers(readFileSync(file, 'utf8'))) {
      checked++;
      const body = readIfFile(path.join(DOCS, doc));
      if (body === undefined) problems.push(`${shown(file)}:${line}: docs/${doc} does not exist`);
      else if (!headingsOf(body).some((h) => h.startsWith(title))) problems.push(`${shown(file)}:${line}: docs/${doc} has no heading that starts "${title}"`);
    }
  }
  assert.ok(checked > 10, `only ${checked} pointers found: is the pattern reading the comments?`);
  assert.equal(problems, [], `comments pointing at missing sections:\n${problems.join('\n')}`);
});

test.run();
