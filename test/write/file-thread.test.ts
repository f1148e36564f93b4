/** The file thread's folder listings: a shared listing, helped along by the calling thread, lists
 * exactly what a plain one does, with every file's stat. The files it makes from the last build's
 * (the published manifest, files of rows) are the files made whole, or left to the caller. */
import { existsSync, lstatSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { makeRows, planRows, type RowsLayout } from '../../src/engine/file-rows.js';
import { formatPublishedLines } from '../../src/passes/published.js';
import { rowsText } from '../../src/routes/article-rows.js';
import type { FileRows } from '../../src/routes/types.js';
import { FileThread, type ScannedFolder } from '../../src/write/file-thread.js';
import { tempDir } from '../helpers/sites.js';

const test = suite('file thread');

/** 1,300 files over nested folders: more than two chunks of stats. */
function sampleFolder(): string {
  const root = tempDir('legalsite-scan-');
  for (let d = 0; d < 13; d++) {
    const dir = path.join(root, `d${d}`, d % 2 ? 'inner' : '');
    mkdirSync(dir, { recursive: true });
    for (let f = 0; f < 100; f++) writeFileSync(path.join(dir, `f${f}.txt`), 'x'.repeat(f));
  }
  symlinkSync(path.join(root, 'd0', 'f1.txt'), path.join(root, 'link.txt'));
  return root;
}

const sorted = (folder: ScannedFolder | undefined) => [...(folder?.entries() ?? [])].sort(([a], [b]) => (a < b ? -1 : 1));

test('a shared listing helped by this thread equals a plain one and the files as they are', async () => {
  const root = sampleFolder();
  const thread = new FileThread();
  try {
    const [plain, shared] = thread.scan([root, root], [false, true]);
    const [a, b] = [await plain.done, await shared.help()];
    assert.is(a!.size, 1301);
    assert.equal(sorted(b), sorted(a));
    assert.is(await shared.done, b, 'done gives the same listing');
    const st = lstatSync(path.join(root, 'd3/inner/f42.txt'));
    assert.equal(a!.get('d3/inner/f42.txt'), { isFile: true, size: 42, mtimeMs: st.mtimeMs, ctimeMs: st.ctimeMs, ino: st.ino });
    assert.is(a!.get('link.txt')!.isFile, false, 'a link is listed as itself');
    assert.is(a!.get('d3/inner/no-such-file.txt'), undefined);
    assert.not.ok(a!.allFiles(), 'not every entry is a regular file: the link is not');
    assert.equal([...a!.entries((name) => name.startsWith('d3/inner/f4'))].map(([name]) => name).sort(), ['d3/inner/f4.txt', ...Array.from({ length: 10 }, (_, k) => `d3/inner/f4${k}.txt`)].sort(), 'the entries asked for');
  } finally {
    await thread.close();
  }
});

test('a folder that cannot be listed gives undefined, shared or not', async () => {
  const thread = new FileThread();
  try {
    const missing = path.join(tmpdir(), 'legalsite-no-such-folder');
    const [plain, shared] = thread.scan([missing, missing], [false, true]);
    assert.is(await plain.done, undefined);
    assert.is(await shared.help(), undefined);
    assert.is(await shared.done, undefined);
  } finally {
    await thread.close();
  }
});

test('the published manifest spliced on the file thread is the one a build makes whole; one it cannot splice is left to the caller', async () => {
  const dir = tempDir('legalsite-splice-');
  const site = 'https://example.org';
  const anchors = (url: string, n: number) => JSON.stringify({ ids: [`${url.slice(1)}-x`], paragraphs: { p: n } });
  const pages = ['/b', '/a', '/c\u00e9', '/d "quoted"'];
  const lines = new Map(pages.map((url) => [url, anchors(url, 1)]));
  writeFileSync(path.join(dir, 'last.json'), formatPublishedLines(site, lines, ['/x.json', '/a.md'], new Map([['/old', '/a']])));
  // This build made /a again with other anchors, renamed a file and dropped the redirect.
  const next = new Map(lines).set('/a', anchors('/a', 2));
  const files = ['/y.json', '/a.md'];
  const thread = new FileThread();
  try {
    const tail = { site, files: files.join('\0'), redirects: [] };
    const splice = { last: path.join(dir, 'last.json'), out: path.join(dir, 'out.json'), urls: pages.join('\0'), changed: [['/a', anchors('/a', 2)]] as [string, string][], tail };
    assert.ok(await thread.splicePublished(splice));
    const whole = formatPublishedLines(site, next, files, new Map());
    assert.is(readFileSync(splice.out, 'utf8'), whole);
    // The files and redirects sent ahead, and named by their key when the pages are known.
    const key = thread.framePublished(tail);
    assert.ok(await thread.splicePublished({ ...splice, out: path.join(dir, 'ahead.json'), tail: { key } }));
    assert.is(readFileSync(path.join(dir, 'ahead.json'), 'utf8'), whole);
    assert.is(await thread.splicePublished({ ...splice, out: path.join(dir, 'again.json'), tail: { key } }), false, 'a frame is used once; then the caller makes it whole');
    assert.not.ok(existsSync(path.join(dir, 'again.json')));
    // Another page list than the last manifest's: not spliced, nothing written.
    const other = { ...splice, out: path.join(dir, 'other.json'), urls: [...pages, '/e'].join('\0') };
    assert.is(await thread.splicePublished(other), false);
    assert.not.ok(existsSync(other.out));
    assert.is(await thread.splicePublished({ ...other, last: path.join(dir, 'missing.json') }), false, 'no last manifest');
  } finally {
    await thread.close();
  }
});

test('a file of rows made on the file thread from the last one is the file made whole; one whose last file changed is left to the caller', async () => {
  const dir = tempDir('legalsite-rows-');
  const rowsOf = (keys: string[]): FileRows => ({ keys, row: (i) => `{"key":"${keys[i]}","text":"r\u00e9sum\u00e9 ${keys[i].repeat(3)}"}`, head: () => '[\n', separator: ',\n', tail: () => '\n]\n' });
  const before = rowsOf(['a', 'b', 'c', 'd', 'e', 'f']);
  const made = makeRows(before);
  const lastFile = path.join(dir, 'index.json');
  writeFileSync(lastFile, Buffer.concat(made.pieces));
  const layout: RowsLayout = { fingerprint: 'f', size: made.size, keys: before.keys, spans: made.spans, separator: before.separator };
  // One row edited, one added, one removed, two moved.
  const after = rowsOf(['a', 'x', 'c', 'f', 'e', 'g']);
  const plan = planRows(after, layout);
  assert.ok(plan.copies >= 2, `${plan.copies} runs copied`);
  const thread = new FileThread();
  try {
    const splice = { last: lastFile, lastSize: layout.size, out: path.join(dir, 'out.json'), pieces: plan.pieces };
    assert.ok(await thread.spliceRows(splice));
    assert.is(readFileSync(splice.out, 'utf8'), rowsText(after));
    assert.is(plan.size, readFileSync(splice.out).length, 'the planned size is the size written');
    // The last file changed size since the plan: nothing written, the caller makes it whole.
    writeFileSync(lastFile, `${readFileSync(lastFile, 'utf8')} `);
    const changed = { ...splice, out: path.join(dir, 'changed.json') };
    assert.is(await thread.spliceRows(changed), false);
    assert.not.ok(existsSync(changed.out));
    assert.is(await thread.spliceRows({ ...splice, last: path.join(dir, 'missing.json'), out: path.join(dir, 'none.json') }), false, 'no last file');
    assert.not.ok(existsSync(path.join(dir, 'none.json')));
  } finally {
    await thread.close();
  }
});

test('a write on the file thread that fails once its file is open (a full disk) names the file', async () => {
  const dir = tempDir('legalsite-full-');
  const part = path.join(dir, 'part.txt');
  writeFileSync(part, 'x');
  const thread = new FileThread();
  try {
    // /dev/full refuses every write with ENOSPC, as a file on a full disk does, and Node's error names no path.
    const failed = await thread.join([part, part], '\n', '/dev/full').then(() => undefined, (e: NodeJS.ErrnoException) => e);
    assert.ok(failed, 'the join failed');
    assert.is(failed.code, 'ENOSPC');
    assert.is(failed.path, '/dev/full');
    assert.match(failed.message, /'\/dev\/full'/);
  } finally {
    await thread.close();
  }
});

test.run();
