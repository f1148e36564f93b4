/** The benchmark's Hugo copy of a generated corpus (bench/hugo-site.ts): Hugo must read the same
 * articles and terms legalsite builds, so the ratios `npm run bench -- --peer hugo` prints compare
 * like with like. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { generateCorpus } from '../../bench/generate-corpus.js';
import { termPage, writeHugoSite } from '../../bench/hugo-site.js';
import { medianRun } from '../../bench/run/bench-size.js';
import { tempDir } from '../helpers/sites.js';

const test = suite('bench: hugo site');

/** Front matter and body of a page in Hugo's YAML form (`---` fences). */
function splitPage(text: string): { front: Record<string, unknown>; body: string } {
  const m = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
  assert.ok(m, 'the page opens with a --- fenced front matter');
  return { front: yaml.load(m![1]) as Record<string, unknown>, body: m![2] };
}

test('a term with quotes, colons and a hash in its fields becomes a page whose front matter reads back exactly', () => {
  const source = [
    'title: "Chain: \\"custody\\" #2"',
    'jurisdiction: United Kingdom',
    'tags: [evidence, forensics]',
    'definition: "A record: who held it, when; see \\"log\\" # not a comment."',
    'seeAlso: [other-term]',
    'lastModified: "2024-11-13"',
    '',
  ].join('\n');
  const { front, body } = splitPage(termPage(source));
  assert.equal(front, {
    title: 'Chain: "custody" #2',
    definition: 'A record: who held it, when; see "log" # not a comment.',
    jurisdiction: 'United Kingdom',
    tags: ['evidence', 'forensics'],
    seeAlso: ['other-term'],
    lastModified: '2024-11-13',
  });
  assert.is(body.trim(), front.definition);
});

test('every article and term of a generated corpus is in the Hugo site, with a title and the date fields hugo.toml maps', () => {
  const dir = tempDir();
  const corpus = generateCorpus({ dir: path.join(dir, 'content'), articles: 20, seed: 3 });
  const { pages } = writeHugoSite(path.join(dir, 'content'), path.join(dir, 'hugo'));
  assert.is(pages, corpus.articles + corpus.terms + 1);
  const articles = readdirSync(path.join(dir, 'hugo/content/articles')).filter((f) => f !== '_index.md');
  assert.equal(articles.sort(), corpus.articleSlugs.map((s) => `${s}.md`).sort());
  for (const f of articles) {
    const { front, body } = splitPage(readFileSync(path.join(dir, 'hugo/content/articles', f), 'utf8'));
    assert.type(front.title, 'string');
    assert.match(String(front.datePublished), /^\d{4}-\d\d-\d\d$/);
    assert.ok(body.length > 5000, `${f} keeps its body`);
  }
  const hugoToml = readFileSync(path.join(import.meta.dirname, '../../bench/hugo/hugo.toml'), 'utf8');
  assert.match(hugoToml, /date = \["datePublished"/);
  const terms = readdirSync(path.join(dir, 'hugo/content/glossary')).filter((f) => f !== '_index.md');
  assert.is(terms.length, corpus.terms);
  for (const f of terms) assert.type(splitPage(readFileSync(path.join(dir, 'hugo/content/glossary', f), 'utf8')).front.title, 'string');
});

test('the reported run of several is the one with the median time', () => {
  const runs = [{ wallMs: 30 }, { wallMs: 10 }, { wallMs: 20 }];
  assert.is(medianRun(runs), runs[2]);
  assert.is(medianRun([{ wallMs: 5 }, { wallMs: 9 }])?.wallMs, 5);
  assert.is(medianRun([]), undefined);
});

test.run();
