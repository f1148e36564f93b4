/**
 * The id file split into articles from its bytes (splitPinsBytes, which decodes each article's lines
 * on their own) gives what the split of the whole text gave: the same chunks, lines and problems,
 * over thousands of mutated files (lines dropped, doubled, swapped, cut, blank lines, CRLF, "…",
 * bytes that are not UTF-8, no final newline), and each chunk's bytes are its text.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createRng, type Rng } from '../../bench/corpus/random.js';
import { conflictHint, formatArticlePins, formatPinsFile, headerLine, type PinsChunk, type PinsProblem, splitPinsBytes } from '../../src/passes/pinpoints/record-format.js';

const test = suite('pinpoints: the id file split from its bytes');

/** The split of the whole decoded text, as legalsite did it until the thirty-eighth session. */
function referenceSplit(text: string): { chunks: Map<string, Omit<PinsChunk, 'offset' | 'byteLength'>>; problems: PinsProblem[] } {
  const parseLine = (line: string): Record<string, unknown> | undefined => {
    try {
      const value: unknown = JSON.parse(line);
      return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
    } catch {
      return undefined;
    }
  };
  const lineProblem = (line: string) => (/^(<<<<<<<|=======|>>>>>>>)/.test(line) ? 'is a merge conflict marker: two branches changed the ids' : parseLine(line) === undefined ? 'is not a JSON object' : undefined);
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const starts = [0];
  for (const line of lines) starts.push(starts[starts.length - 1] + line.length + 1);
  const chunks = new Map<string, Omit<PinsChunk, 'offset' | 'byteLength'>>();
  const problems: PinsProblem[] = [];
  const first = parseLine(lines[0] ?? '');
  if (first?.legalsite !== 'pinpoints' || first.version !== 1) problems.push({ line: 1, message: 'does not start with the id file\'s first line ({"legalsite":"pinpoints","version":1,…})' });
  let open: { slug: string; start: number } | undefined;
  const close = (end: number) => {
    if (!open) return;
    if (chunks.has(open.slug)) problems.push({ line: open.start + 1, message: `lists the article "${open.slug}" twice` });
    else chunks.set(open.slug, { slug: open.slug, text: text.slice(starts[open.start], starts[end] - 1), line: open.start + 1 });
  };
  for (let i = 1; i < lines.length; i++) {
    if (!lines[i].startsWith('{"article":')) {
      if (!open) problems.push({ line: i + 1, message: lineProblem(lines[i]) ?? 'comes before the first article line', ...conflictHint(lines[i]) });
      continue;
    }
    close(i);
    const slug = parseLine(lines[i])?.article;
    open = typeof slug === 'string' ? { slug, start: i } : undefined;
    if (!open) problems.push({ line: i + 1, message: 'is not an article line ({"article":"slug","issued":n})' });
  }
  close(lines.length);
  return { chunks, problems };
}

function articleLines(rng: Rng, slug: string): string {
  const n = rng.int(0, 5);
  return formatArticlePins({
    slug,
    issued: n,
    entries: Array.from({ length: n }, (_, i) =>
      rng.int(0, 3) === 0
        ? { kind: 'h' as const, id: `heading-${i}`, text: `Heading ${i} ${rng.pick(['é', '…', '—', ''])}`, former: [] }
        : { kind: 'p' as const, n: i + 1, sha: '0123456789abcdef', sketch: 'AAAA', start: `Paragraph ${i} ${rng.pick(['starts…', 'über', 'plain', '日本'])}` },
    ),
  });
}

function mutated(rng: Rng): Buffer {
  const articles = new Map<string, string>();
  for (let i = rng.int(0, 6); i > 0; i--) {
    const slug = `article-${rng.int(0, 9)}`;
    articles.set(slug, articleLines(rng, slug));
  }
  let lines = formatPinsFile(articles).split('\n');
  lines.pop();
  for (let k = rng.int(0, 4); k > 0 && lines.length; k--) {
    const i = rng.int(0, lines.length - 1);
    const change = rng.int(0, 7);
    if (change === 0) lines.splice(i, 1);
    else if (change === 1) lines.splice(i, 0, lines[i]);
    else if (change === 2) lines.splice(i, 0, '');
    else if (change === 3) lines[i] = lines[i].slice(0, rng.int(0, lines[i].length));
    else if (change === 4) lines[i] = `${lines[i]}\r`;
    else if (change === 5) lines.splice(i, 0, rng.pick(['<<<<<<< HEAD', '=======', 'not json', '{"article":42}', '[1,2]']));
    else if (change === 6) [lines[0], lines[i]] = [lines[i], lines[0]];
    else lines = lines.slice(0, i);
  }
  const ending = rng.pick(['\n', '', '\n\n']);
  const bytes = Buffer.from(lines.join('\n') + ending, 'utf8');
  // Now and then a byte that makes the text invalid UTF-8.
  if (bytes.length && rng.int(0, 9) === 0) bytes[rng.int(0, bytes.length - 1)] = 0xff;
  return bytes;
}

test('the same chunks and problems as the split of the whole text, and each chunk is its bytes', () => {
  const rng = createRng(38);
  for (let round = 0; round < 4000; round++) {
    const bytes = mutated(rng);
    const text = bytes.toString('utf8');
    const expected = referenceSplit(text);
    const got = splitPinsBytes(bytes);
    assert.equal(got.problems, expected.problems, `round ${round}: ${JSON.stringify(text)}`);
    assert.equal([...got.chunks.values()].map(({ slug, text: t, line }) => ({ slug, text: t, line })), [...expected.chunks.values()], `round ${round}: ${JSON.stringify(text)}`);
    for (const c of got.chunks.values()) assert.is(bytes.toString('utf8', c.offset, c.offset + c.byteLength), c.text, `round ${round}: ${c.slug}'s bytes`);
  }
});

test('edge cases: an empty file, the first line alone, with and without its newline', () => {
  for (const text of ['', '\n', headerLine(), `${headerLine()}\n`, `${headerLine()}\n\n`]) {
    const bytes = Buffer.from(text);
    assert.equal(splitPinsBytes(bytes).problems, referenceSplit(text).problems, JSON.stringify(text));
    assert.is(splitPinsBytes(bytes).chunks.size, 0);
  }
});

test.run();
