/**
 * What the shipped site says about who refers to each glossary term, read from the built pages:
 * "Referenced by" lists only pages that link to the term from their body or list it under see-also
 * or contrast-with, quoting the sentence of the link; a term nothing refers to says "No backlinks
 * found."; and every term is linked from at least one article (issue 20: every term reachable).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseHtml } from '../helpers/html.js';
import { shippedBuild } from '../helpers/shipped-build.js';

const test = suite('references in the shipped site');

interface GlossaryJson {
  terms: { slug: string; title: string; seeAlso: string[]; contrastWith: string[] }[];
}
interface ArticleJson {
  slug: string;
  seeAlso?: string[];
}

let dist = '';
let terms: GlossaryJson['terms'] = [];
const read = (rel: string) => readFileSync(path.join(dist, rel), 'utf8');
const fold = (s: string) => s.replace(/\s+/g, ' ').trim();

/** An article page's body: the glossary slugs it links to, and its text. */
function articleBody(slug: string) {
  const doc = parseHtml(read(`articles/${slug}.html`));
  // The body is the element holding the paragraphs' cite anchors (#{slug}-p001 …).
  const first = doc.byId(`${slug}-p001`);
  assert.ok(first, `articles/${slug}.html has cite-anchored paragraphs`);
  const body = first!.parentNode as unknown as (typeof doc.all)[number];
  const links = new Set<string>();
  const walk = (n: typeof body) => {
    if (n!.tagName === 'a') {
      const m = /^\/glossary\/([a-z0-9-]+)(?:#.*)?$/.exec(doc.attr(n!, 'href') ?? '');
      if (m) links.add(m[1]);
    }
    for (const c of n!.childNodes) if ('tagName' in c) walk(c);
  };
  walk(body);
  return { links, text: fold(doc.text(body!)) };
}

/** A term page's "Referenced by" entries: where each links, and the quoted context. */
function referencedBy(slug: string) {
  const doc = parseHtml(read(`glossary/${slug}.html`));
  const heading = doc.byTag('h2').find((h) => doc.text(h).trim() === 'Referenced by');
  assert.ok(heading, `glossary/${slug}.html has a "Referenced by" heading`);
  const section = heading!.parentNode as unknown as (typeof doc.all)[number];
  const items = section.childNodes.filter((n) => 'tagName' in n).flatMap((n) => ('tagName' in n && n.tagName === 'ul' ? n.childNodes.filter((li) => 'tagName' in li) : []));
  return {
    empty: fold(doc.text(section)).includes('No backlinks found.'),
    entries: items.map((li) => {
      const el = li as (typeof doc.all)[number];
      const a = el.childNodes.find((c) => 'tagName' in c && c.tagName === 'a') as (typeof doc.all)[number];
      const context = el.childNodes.find((c) => 'tagName' in c && c.tagName === 'p');
      return { href: doc.attr(a, 'href')!, context: context ? fold(doc.text(context)) : '' };
    }),
  };
}

test.before(async () => {
  ({ dist } = await shippedBuild());
  terms = (JSON.parse(read('glossary.json')) as GlossaryJson).terms;
});

test('"Referenced by" lists only pages that link to the term or list it, quoting the sentence that does', () => {
  const bodies = new Map<string, ReturnType<typeof articleBody>>();
  const bySlug = new Map(terms.map((t) => [t.slug, t]));
  for (const t of terms) {
    for (const { href, context } of referencedBy(t.slug).entries) {
      const [, kind, from] = /^\/(articles|glossary)\/([a-z0-9-]+)$/.exec(href) ?? [];
      assert.ok(kind, `glossary/${t.slug}: "${href}" is an article or a term`);
      if (kind === 'glossary') {
        const source = bySlug.get(from)!;
        assert.ok(source.seeAlso.includes(t.slug) || source.contrastWith.includes(t.slug), `glossary/${t.slug}: term ${from} neither lists it under see-also nor contrast-with`);
        continue;
      }
      const body = bodies.get(from) ?? bodies.set(from, articleBody(from)).get(from)!;
      const seeAlso = (JSON.parse(read(`articles/${from}.json`)) as ArticleJson).seeAlso ?? [];
      const listed = seeAlso.some((s) => s === `glossary/${t.slug}` || s.endsWith(`/glossary/${t.slug}`));
      assert.ok(body.links.has(t.slug) || listed, `glossary/${t.slug}: article ${from} does not link to it nor list it under see-also`);
      if (body.links.has(t.slug)) {
        assert.ok(context && body.text.includes(context.replace(/^…|…$/g, '')), `glossary/${t.slug}: the context quoted from ${from} is in its body: "${context}"`);
      }
    }
  }
});

test('a term nothing refers to says "No backlinks found." and lists nothing; one referred to lists its references', () => {
  const referred = new Set(terms.flatMap((t) => [...t.seeAlso, ...t.contrastWith]));
  for (const t of terms) {
    const { empty, entries } = referencedBy(t.slug);
    assert.is(empty, entries.length === 0, `glossary/${t.slug}: "No backlinks found." shown exactly when nothing is listed`);
    if (referred.has(t.slug)) assert.ok(entries.length > 0, `glossary/${t.slug}: another term lists it, so it has a backlink`);
  }
});

test('every glossary term is linked from the body of at least one article', () => {
  const linked = new Set<string>();
  const index = JSON.parse(read('articles/index.json')) as { items: { slug: string }[] };
  for (const { slug } of index.items) for (const s of articleBody(slug).links) linked.add(s);
  const unlinked = terms.map((t) => t.slug).filter((s) => !linked.has(s));
  assert.equal(unlinked, [], `${unlinked.length} terms have no inbound link from an article: ${unlinked.join(', ')}`);
});

test.run();
