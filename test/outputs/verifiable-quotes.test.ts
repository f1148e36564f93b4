/** Verifiable quotes: each article's JSON mirror lists its paragraphs with id, text and SHA-256, so
 * anyone can check a quotation. Checked here independently of legalsite's code: the hash recomputed
 * with node:crypto over the text's UTF-8 bytes, and the text read from the published page with parse5
 * (the element with that id, its text content normalised as docs/content.md says). */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseHtml } from '../helpers/html.js';
import { shippedBuild } from '../helpers/shipped-build.js';

const test = suite('verifiable quotes');

test("every paragraph of every article's JSON mirror: its hash is the SHA-256 of its text, and its text is the page's", async () => {
  const { dist } = await shippedBuild();
  const mirrors = readdirSync(path.join(dist, 'articles')).filter((f) => f.endsWith('.json') && !f.endsWith('.answer.json') && !f.endsWith('.csl.json') && f !== 'index.json');
  assert.ok(mirrors.length > 20);
  let checked = 0;
  for (const file of mirrors) {
    const mirror = JSON.parse(readFileSync(path.join(dist, 'articles', file), 'utf8'));
    const page = parseHtml(readFileSync(path.join(dist, 'articles', file.replace(/\.json$/, '.html')), 'utf8'));
    const onPage = page.all.filter((e) => e.tagName === 'p' && /-p\d{3,}$/.test(page.attr(e, 'id') ?? '')).map((e) => page.attr(e, 'id'));
    assert.equal(mirror.sections.paragraphs.map((p: { id: string }) => p.id), onPage, `${file} lists the page's paragraphs, in order`);
    for (const p of mirror.sections.paragraphs as { id: string; text: string; sha256: string }[]) {
      assert.is(p.sha256, createHash('sha256').update(Buffer.from(p.text, 'utf8')).digest('hex'), `${file} ${p.id}`);
      // The page's paragraph without its ¶ link (a link to itself, not part of the text).
      const element = page.byId(p.id)!;
      element.childNodes = element.childNodes.filter((c) => !('tagName' in c && c.tagName === 'a' && page.attr(c, 'class') === 'para-link'));
      const text = page.text(element).normalize('NFC').replace(/\s+/g, ' ').trim();
      assert.is(p.text, text, `${file} ${p.id} is the page's text`);
      checked++;
    }
  }
  assert.ok(checked > 400, `${checked} paragraphs checked`);
});

test.run();
