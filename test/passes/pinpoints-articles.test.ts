/**
 * Property, on the shipped articles through the whole body pass (Markdown, ids, glossary links,
 * tombstones) with the record going through the id file's text between builds: over random steps of
 * paragraphs inserted, deleted, moved and lightly edited, every paragraph id published before still
 * marks the same text (as edited, for the paragraph edited) or is a tombstone on the page, a lightly
 * edited paragraph keeps its number, and a new id is above every number issued before. Seeded; PINPOINT_SEED=n runs one seed.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createRng, type Rng } from '../../bench/corpus/random.js';
import { markupText, readMarkup } from '../../src/html/markup.js';
import { parseArticleText } from '../../src/load/read-content.js';
import type { ArticlePins } from '../../src/model/pinpoints.js';
import { renderArticleBody } from '../../src/passes/article-html.js';
import { renderBlock } from '../../src/passes/markdown.js';
import { formatArticlePins, parseArticlePins } from '../../src/passes/pinpoints/record-format.js';
import { normaliseText } from '../../src/passes/pinpoints/text.js';
import { buildTermMatcher } from '../../src/passes/term-matcher.js';
import { ROOT } from '../helpers/sites.js';

const test = suite('pinpoints on the shipped articles');
const ARTICLES = ['fact-first-methodology', 'privilege-logs-bases-samples', 'spoliation-and-its-remedies'];
const SEEDS = process.env.PINPOINT_SEED ? [Number(process.env.PINPOINT_SEED)] : [1, 2];
const STEPS = 30;
const matcher = buildTermMatcher([]);

/** A block that is a plain paragraph (not a heading, list, table, quote, code or callout line). */
const plain = (block: string) => !/^(#|\||[-*+] |>|:::|```|\d+\.\s)/.test(block) && !block.includes(':::') && !block.includes('\n|');
/** A paragraph's text as the page shows it, normalised (pinpoints/text.ts). */
const textOf = (block: string) => normaliseText(markupText(readMarkup(renderBlock(block))));

function session(slug: string, seed: number): void {
  const rng = createRng(seed);
  const file = `content/articles/${slug}.md`;
  const { article } = parseArticleText(readFileSync(path.join(ROOT, file), 'utf8'), file);
  let blocks = article!.body.split(/\n{2,}/);
  let record: ArticlePins | undefined;
  let live = new Map<string, string>(); // the ids on the page after the last step, with their texts
  const gone = new Set<string>(); // ids removed since
  let highest = 0;
  for (let step = 0; step < STEPS; step++) {
    const where = `${slug}, seed ${seed}, step ${step} (PINPOINT_SEED=${seed})`;
    const edited = new Map<string, string>();
    if (step > 0) blocks = edit(rng, blocks, edited);
    const body = renderArticleBody({ ...article!, body: blocks.join('\n\n'), dateModified: '2025-12-01' }, matcher, (s) => s, { pins: record });
    const now = new Map(body.paragraphs.map((p) => [p.id, p.text]));
    const tombstones = new Set([...body.html.matchAll(/<div class="tombstone" id="([^"]+)"/g)].map((m) => m[1]));
    const texts = new Set(now.values());
    for (const [id, text] of live) {
      const next = edited.get(text);
      if (next !== undefined && texts.has(next)) assert.is(now.get(id), next, `${id}, lightly edited, keeps its number: ${where}`);
      if (now.has(id)) assert.ok(now.get(id) === text || now.get(id) === edited.get(text), `${id} still marks its paragraph: ${where}`);
      else (assert.ok(tombstones.has(id), `${id} is on the page or a tombstone: ${where}`), gone.add(id));
    }
    for (const id of gone) assert.ok(now.has(id) || tombstones.has(id), `${id}, removed, is still a tombstone: ${where}`);
    for (const id of now.keys()) {
      const n = Number(id.slice(id.lastIndexOf('-p') + 2));
      if (step > 0 && !live.has(id) && !gone.has(id)) assert.ok(n > highest, `${id} is new, so above ${highest}: ${where}`);
      gone.delete(id);
    }
    live = now;
    highest = Math.max(highest, body.pins.issued);
    record = parseArticlePins({ slug, text: formatArticlePins(body.pins), line: 1 }).pins!;
  }
}

/** One to three edits to plain paragraphs; `edited` gets each edited paragraph's text, old → new. */
function edit(rng: Rng, blocks: string[], edited: Map<string, string>): string[] {
  const out = [...blocks];
  for (let k = rng.int(1, 3); k > 0; k--) {
    const paras = out.map((b, i) => (plain(b) ? i : -1)).filter((i) => i > 0);
    const op = rng.next();
    if (op < 0.3) out.splice(rng.int(1, out.length), 0, newParagraph(rng));
    else if (op < 0.5 && paras.length > 3) out.splice(rng.pick(paras), 1);
    else if (op < 0.7 && paras.length > 3) {
      const [moved] = out.splice(rng.pick(paras), 1);
      out.splice(rng.int(1, out.length), 0, moved);
    } else {
      const long = paras.filter((i) => out[i].split(/\s+/).length >= 12 && !edited.has(textOf(out[i])));
      if (!long.length) continue;
      const i = rng.pick(long);
      const words = out[i].split(' ');
      const at = rng.int(0, words.length - 1);
      const next = [...words.slice(0, at), rng.pick(['notably', 'moreover', 'in practice', 'usually']), ...words.slice(at)].join(' ');
      edited.set(textOf(out[i]), textOf(next));
      out[i] = next;
    }
  }
  // A paragraph moved next to a callout or a list could join it: keep every block its own.
  return out.map((b) => b.trim()).filter((b) => b !== '');
}

function newParagraph(rng: Rng): string {
  const syllables = ['ka', 'lo', 'mi', 'ter', 'pra', 'dis', 'con', 'ven', 'tu', 'rex', 'sol', 'ga', 'bri', 'mon'];
  const word = () => Array.from({ length: rng.int(2, 3) }, () => rng.pick(syllables)).join('');
  return `${Array.from({ length: rng.int(12, 40) }, word).join(' ')}.`;
}

for (const slug of ARTICLES) for (const seed of SEEDS) test(`${slug}, seed ${seed}: ${STEPS} editing steps`, () => session(slug, seed));

test.run();
