/** `legalsite serve`: builds, binds 127.0.0.1, answers URLs as a plain static host would (extensionless
 * pages, feed files with XML types, the feeds' pages), the 404 page with status 404, and never serves
 * files outside the output folder. */
import { cpSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { request } from 'node:http';
import path from 'node:path';
import { execa } from 'execa';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { BIN, copyFixture, listFiles, tempDir } from '../helpers/sites.js';

const test = suite('serve');
let server: ReturnType<typeof execa> | undefined;
let base = '';
let cwd = '';

/** Starts `legalsite serve` with `args` in `dir`; resolves with its process and URL. */
async function startServe(dir: string, args: string[] = []) {
  const proc = execa('node', [BIN, 'serve', '--port', '0', ...args], { cwd: dir, env: { NO_COLOR: '1' }, reject: false });
  let said = '';
  proc.stdout!.on('data', (chunk: Buffer) => (said += chunk.toString()));
  proc.stderr!.on('data', (chunk: Buffer) => (said += chunk.toString()));
  outputOf.set(proc, () => said);
  const url = await new Promise<string>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`serve did not start: ${seen}`)), 30_000);
    proc.stdout!.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const m = /Serving .* at (http:\/\/127\.0\.0\.1:\d+)/.exec(seen);
      if (m) (clearTimeout(timer), resolve(m[1]));
    });
  });
  return { proc, url };
}

test.before(async () => {
  cwd = copyFixture('minimal');
  ({ proc: server, url: base } = await startServe(cwd));
});

test.after(() => {
  server?.kill();
});

test('binds 127.0.0.1 by default', () => {
  assert.match(base, /^http:\/\/127\.0\.0\.1:\d+$/);
});

test('answers extensionless routes with HTML', async () => {
  for (const url of ['/', '/articles', '/articles/hashing-evidence', '/glossary/hash-value', '/about']) {
    const res = await fetch(base + url);
    assert.is(res.status, 200, url);
    assert.match(res.headers.get('content-type')!, /text\/html/, url);
  }
});

test('serves the feed files with XML types, the spec feed URLs as pages pointing to them, and JSON mirrors', async () => {
  for (const name of ['rss', 'atom', 'articles', 'glossary']) {
    const feed = await fetch(`${base}/feeds/${name}.xml`);
    assert.is(feed.status, 200, name);
    assert.match(feed.headers.get('content-type')!, /xml/, name);
    const page = await fetch(`${base}/feeds/${name}`);
    assert.is(page.status, 200, name);
    assert.match(page.headers.get('content-type')!, /text\/html/, name);
    assert.match(await page.text(), new RegExp(`<link rel="alternate" type="application/(rss|atom)\\+xml" href="/feeds/${name}\\.xml"`), name);
  }
  const json = await fetch(`${base}/articles/index.json`);
  assert.match(json.headers.get('content-type')!, /application\/json/);
});

test('sends each file with the type publish stores it with: citation files, JSON Lines, Markdown and text with their charset, feeds as RSS and Atom', async () => {
  const wanted: [string, string][] = [
    ['/articles/hashing-evidence.bib', 'application/x-bibtex; charset=utf-8'],
    ['/articles/hashing-evidence.ris', 'application/x-research-info-systems; charset=utf-8'],
    ['/articles/hashing-evidence.md', 'text/markdown; charset=utf-8'],
    ['/exports/articles.jsonl', 'application/jsonl; charset=utf-8'],
    ['/llms.txt', 'text/plain; charset=utf-8'],
    ['/feeds/atom.xml', 'application/atom+xml; charset=utf-8'],
    ['/feeds/rss.xml', 'application/rss+xml; charset=utf-8'],
    ['/sitemap.xml', 'application/xml; charset=utf-8'],
  ];
  for (const [url, type] of wanted) {
    const res = await fetch(`${base}${url}`);
    assert.is(res.status, 200, url);
    assert.is(res.headers.get('content-type'), type, url);
  }
});

test("a file of a kind the site's table does not list gets the type it is known by, or octet-stream; never an empty type", async () => {
  for (const [file, type] of [['notes.zip', 'application/zip'], ['notes.docx', 'application/octet-stream']]) {
    writeFileSync(path.join(cwd, 'dist', file), 'not really a document');
    const res = await fetch(`${base}/${file}`);
    assert.is(res.status, 200, file);
    assert.is(res.headers.get('content-type'), type, file);
    rmSync(path.join(cwd, 'dist', file));
  }
});

test("a rebuild that meets too many open files says so in the machine's words, not as legalsite's bug", async () => {
  const dir = copyFixture('minimal');
  const proc = execa('node', [BIN, 'serve', '--port', '0'], { cwd: dir, env: { NO_COLOR: '1', LEGALSITE_FAULT: 'read-fail:EMFILE:zz-new.md' }, reject: false });
  let said = '';
  proc.stdout!.on('data', (chunk: Buffer) => (said += chunk));
  proc.stderr!.on('data', (chunk: Buffer) => (said += chunk));
  try {
    for (let i = 0; i < 300 && !said.includes('Serving'); i++) await new Promise((r) => setTimeout(r, 100));
    const basics = readFileSync(path.join(dir, 'content/articles/privilege-basics.md'), 'utf8');
    writeFileSync(path.join(dir, 'content/articles/zz-new.md'), basics.replace('title: Privilege basics', 'title: A new one'));
    for (let i = 0; i < 300 && !said.includes('too many files'); i++) await new Promise((r) => setTimeout(r, 100));
    assert.match(said, /legalsite: too many files are open at once on this machine\. .*ulimit -n/);
    assert.not.match(said, /internal failure/);
  } finally {
    proc.kill('SIGTERM');
    await proc;
  }
});

test('a named pipe put in the output folder is never opened: the request gets the 404 page at once', async () => {
  const fifo = path.join(cwd, 'dist/pipe.txt');
  execFileSync('mkfifo', [fifo]);
  try {
    const res = await fetch(`${base}/pipe.txt`, { signal: AbortSignal.timeout(5000) });
    assert.is(res.status, 404);
    assert.is((await fetch(`${base}/articles/index.json`)).status, 200, 'and the server goes on');
  } finally {
    rmSync(fifo);
  }
});

test('guesses no extension a static host would not: /articles/index is not /articles/index.json', async () => {
  assert.is((await fetch(`${base}/articles/index`)).status, 404);
  assert.is((await fetch(`${base}/sitemap`)).status, 404);
});

test('unknown paths get the 404 page with status 404', async () => {
  const res = await fetch(`${base}/no/such/page`);
  assert.is(res.status, 404);
  assert.match(await res.text(), /Page Not Found/);
});

/** A GET of `target` exactly as written: fetch would resolve "/../" before sending it. */
function rawGet(target: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}/`, { path: target }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk)).on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject).end();
  });
}

test('never serves files outside the output folder', async () => {
  // Each names content/site.yaml beside dist/, a file that exists: with its slashes or dots encoded,
  // and as it is.
  assert.match(readFileSync(path.join(cwd, 'content', 'site.yaml'), 'utf8'), /baseUrl:/);
  for (const target of ['/..%2fcontent%2fsite.yaml', '/../content/site.yaml', '/%2e%2e/content/site.yaml']) {
    const res = await rawGet(target);
    assert.is(res.status, 404, target);
    assert.not.match(res.body, /baseUrl:/, target);
  }
});

test('never follows a link out of the output folder', async () => {
  const secret = path.join(tempDir(), 'secret.txt');
  writeFileSync(secret, 'CI_TOKEN=abc');
  symlinkSync(secret, path.join(cwd, 'dist/leak.txt'));
  symlinkSync(path.dirname(secret), path.join(cwd, 'dist/leaks'));
  mkdirSync(path.join(cwd, 'dist/hidden'));
  symlinkSync(secret, path.join(cwd, 'dist/hidden/index'));
  symlinkSync(secret, path.join(cwd, 'dist/hidden2.html'));
  for (const url of ['/leak.txt', '/leak', '/leaks/secret.txt', '/leaks/secret', '/hidden', '/hidden/', '/hidden2']) {
    const res = await fetch(base + url);
    assert.is(res.status, 404, url);
    assert.not.match(await res.text(), /CI_TOKEN/, url);
  }
  // Two slashes or more at the start: a path of this server, not a host ("//leaks" read as a host
  // named leaks once let the link through); and the forms a proxy or a mistyped client sends.
  for (const target of ['//leaks/secret.txt', '///leaks/secret.txt', '//leak.txt', '/leaks//secret.txt', `http://127.0.0.1/leaks/secret.txt`, `http://127.0.0.1//leaks/secret.txt`]) {
    const res = await rawGet(target);
    assert.is(res.status, 404, target);
    assert.not.match(res.body, /CI_TOKEN/, target);
  }
  assert.is((await rawGet('*')).status, 400, 'a target that is not a path');
  assert.is((await rawGet('//robots.txt')).status, 200, 'a file of the output folder asked for with two slashes is still served');
});

test('a named pipe asked for with two slashes is not opened either', async () => {
  const fifo = path.join(cwd, 'dist/pipe2.txt');
  execFileSync('mkfifo', [fifo]);
  try {
    const res = await rawGet('//pipe2.txt');
    assert.is(res.status, 404);
  } finally {
    rmSync(fifo);
  }
});

test('a 404 page that is a link out of the output folder is never served: the plain answer is', async () => {
  const secret = path.join(tempDir(), 'secret.html');
  writeFileSync(secret, '<p>CI_TOKEN=abc</p>');
  const page = path.join(cwd, 'dist/404.html');
  renameSync(page, `${page}.kept`);
  try {
    symlinkSync(secret, page);
    const res = await fetch(`${base}/no-such-page`);
    assert.is(res.status, 404);
    assert.is(await res.text(), 'Not found');
  } finally {
    rmSync(page, { force: true });
    renameSync(`${page}.kept`, page);
  }
  assert.match(await (await fetch(`${base}/no-such-page`)).text(), /<html/, 'its own 404 page again');
});

test('a malformed or unsatisfiable Range gets 416, and the server goes on', async () => {
  for (const range of ['bytes=100-50', 'bytes=abc', 'bytes=-', 'bytes=5-3', 'chars=1-2', 'bytes=0-1,3-']) {
    const res = await fetch(`${base}/robots.txt`, { headers: { Range: range } });
    assert.is(res.status, 416, range);
  }
  const ok = await fetch(`${base}/robots.txt`, { headers: { Range: 'bytes=0-4' } });
  assert.is(ok.status, 206);
  assert.is((await ok.text()).length, 5);
  const suffix = await fetch(`${base}/robots.txt`, { headers: { Range: 'bytes=-3' } });
  assert.ok([200, 206].includes(suffix.status), 'a suffix range is served (whole, or its last bytes)');
  assert.is((await fetch(`${base}/`)).status, 200, 'still serving');
});

test("a port in use is the environment's failure: exit 4, one line naming the port", async () => {
  const port = new URL(base).port;
  const r = await execa('node', [BIN, 'serve', '--port', port], { cwd, env: { NO_COLOR: '1' }, reject: false, timeout: 60_000 });
  assert.is(r.exitCode, 4);
  assert.match(r.stderr, new RegExp(`port ${port} on 127\\.0\\.0\\.1 is already in use`));
  assert.not.match(r.stderr, /bug in legalsite|\n\s+at /);
});

test('Ctrl-C during the first build\'s commit: the commit finishes, serve ends by the signal without serving, nothing left beside the output folder', async () => {
  const dir = copyFixture('minimal');
  // The first build writes a new output folder; SIGINT arrives at its first move.
  const r = await execa('node', [BIN, 'serve', '--port', '0'], { cwd: dir, env: { NO_COLOR: '1', LEGALSITE_FAULT: 'commit-interrupt:1' }, reject: false, timeout: 60_000 });
  assert.is(r.signal, 'SIGINT', `${r.exitCode} ${r.stderr}`);
  assert.not.match(r.stdout, /Serving/);
  assert.ok(readFileSync(path.join(dir, 'dist/index.html'), 'utf8').includes('</html>'), 'the output folder is whole');
  assert.equal(readdirSync(dir).filter((f) => f.includes('.legalsite-') && f !== '.legalsite-cache'), [], 'nothing left beside it');
});

test('Ctrl-C during a rebuild: the rebuild is dropped, the quick preview put back, the output folder the last build\'s', async () => {
  const dir = copyFixture('minimal');
  const files = () => new Map(listFiles(path.join(dir, 'dist')).map((f) => [f, readFileSync(path.join(dir, 'dist', f), 'latin1')]));
  // The signal comes as the rebuild after the edit (serve's second build) reaches its site files.
  const proc = execa('node', [BIN, 'serve', '--port', '0'], { cwd: dir, env: { NO_COLOR: '1', LEGALSITE_FAULT: 'interrupt-at:site-files:2' }, reject: false, timeout: 60_000 });
  let out = '';
  proc.stdout!.on('data', (chunk: Buffer) => (out += chunk));
  for (let i = 0; i < 300 && !out.includes('Serving'); i++) await new Promise((r) => setTimeout(r, 100));
  const before = files();
  const article = path.join(dir, 'content/articles/privilege-basics.md');
  writeFileSync(article, readFileSync(article, 'utf8').replace('Privilege protects', 'Privilege shields'));
  const r = await proc;
  assert.is(r.signal, 'SIGTERM', `${r.exitCode} ${r.stderr}`);
  assert.match(out, /Updated \/articles\/privilege-basics in \d+ ms/, 'the quick preview wrote the page first');
  assert.not.match(out + r.stderr, /internal failure|\n\s+at /);
  assert.equal([...files()].filter(([f, body]) => before.get(f) !== body).map(([f]) => f), [], 'every file as the last build left it');
  assert.equal([...before.keys()].filter((f) => !existsSync(path.join(dir, 'dist', f))), []);
  assert.equal(readdirSync(dir).filter((f) => f.includes('.legalsite-') && f !== '.legalsite-cache'), [], 'nothing left beside it');
});

/** serve started in `dir`, with what it has printed so far; resolves once it serves. */
async function serveWatched(dir: string, env: Record<string, string> = {}) {
  const proc = execa('node', [BIN, 'serve', '--port', '0'], { cwd: dir, env: { NO_COLOR: '1', ...env }, reject: false, timeout: 120_000 });
  const said = { text: '' };
  proc.stdout!.on('data', (chunk: Buffer) => (said.text += chunk));
  proc.stderr!.on('data', (chunk: Buffer) => (said.text += chunk));
  for (let i = 0; i < 300 && !said.text.includes('Serving'); i++) await new Promise((r) => setTimeout(r, 100));
  const until = async (pattern: RegExp) => {
    for (let i = 0; i < 300 && !pattern.test(said.text); i++) await new Promise((r) => setTimeout(r, 100));
    assert.match(said.text, pattern);
  };
  return { proc, said, until };
}

test("the quick preview never writes into a folder legalsite did not make: a user's folder put in place of the output folder keeps its files, edit after edit and after serve stops", async () => {
  const dir = copyFixture('minimal');
  const { proc, said, until } = await serveWatched(dir);
  try {
    renameSync(path.join(dir, 'dist'), path.join(dir, 'dist-built'));
    mkdirSync(path.join(dir, 'dist/articles'), { recursive: true });
    const mine = path.join(dir, 'dist/articles/privilege-basics.html');
    writeFileSync(mine, 'MY OWN PAGE');
    const article = path.join(dir, 'content/articles/privilege-basics.md');
    writeFileSync(article, readFileSync(article, 'utf8').replace('Privilege protects', 'Privilege shields'));
    await until(/refusing to replace/);
    assert.match(said.text, /quick preview skipped: dist is not a folder legalsite made \(it has no \.legalsite-output\.json\)/);
    assert.not.match(said.text, /Updated \/articles\/privilege-basics/);
    assert.is(readFileSync(mine, 'utf8'), 'MY OWN PAGE');
  } finally {
    proc.kill('SIGTERM');
    await proc;
  }
  assert.is(readFileSync(path.join(dir, 'dist/articles/privilege-basics.html'), 'utf8'), 'MY OWN PAGE', 'and serve, stopping, put nothing back over it');
  assert.equal(listFiles(path.join(dir, 'dist')), ['articles/privilege-basics.html']);
});

test('serve stopping never puts a previewed page back over a build that committed other content since: the output folder stays one build\'s', async () => {
  const dir = copyFixture('minimal');
  // The rebuild after the edit fails at its first move (the first build's commit is one move), so
  // serve commits nothing after its quick preview.
  const { proc, said, until } = await serveWatched(dir, { LEGALSITE_FAULT: 'commit-fail:2' });
  const article = 'content/articles/privilege-basics.md';
  const original = readFileSync(path.join(dir, article), 'utf8');
  try {
    writeFileSync(path.join(dir, article), original.replace('Privilege protects', 'Privilege shields'));
    await until(/the disk is full/);
    assert.match(said.text, /Updated \/articles\/privilege-basics in \d+ ms/);
    // Meanwhile a build of other content (the edit, and another) commits into the same folder.
    cpSync(path.join(dir, 'content'), path.join(dir, 'content2'), { recursive: true });
    writeFileSync(path.join(dir, 'content2/articles/privilege-basics.md'), original.replace('Privilege protects', 'Privilege shields').replace('title: Privilege basics', 'title: Privilege basics, edited'));
    const built = await execa('node', [BIN, 'build', '--quiet', '--content', 'content2'], { cwd: dir, reject: false });
    assert.is(built.exitCode, 0, built.stderr);
  } finally {
    proc.kill('SIGINT');
    await proc;
  }
  const page = readFileSync(path.join(dir, 'dist/articles/privilege-basics.html'), 'utf8');
  assert.match(page, /Privilege shields/, "the build's page, not the one before the preview");
  assert.match(page, /Privilege basics, edited/);
  assert.match(readFileSync(path.join(dir, 'dist/articles/privilege-basics.md'), 'utf8'), /Privilege basics, edited/, 'the page and its mirror from one build');
});

test('serve killed (kill -9) after its quick preview, before the rebuild wrote the rest: check --dist and publish refuse the folder until a build puts it right', async () => {
  const dir = copyFixture('minimal');
  const proc = execa('node', [BIN, 'serve', '--port', '0'], { cwd: dir, env: { NO_COLOR: '1', LEGALSITE_FAULT: 'kill-at:site-files:2' }, reject: false, timeout: 60_000 });
  let out = '';
  proc.stdout!.on('data', (chunk: Buffer) => (out += chunk));
  for (let i = 0; i < 300 && !out.includes('Serving'); i++) await new Promise((r) => setTimeout(r, 100));
  const article = path.join(dir, 'content/articles/privilege-basics.md');
  writeFileSync(article, readFileSync(article, 'utf8').replace('Privilege protects', 'Privilege shields'));
  const r = await proc;
  assert.is(r.signal, 'SIGKILL', `${r.exitCode} ${r.stderr}`);
  assert.match(out, /Updated \/articles\/privilege-basics in \d+ ms/, 'the quick preview wrote the page');
  assert.match(readFileSync(path.join(dir, 'dist/articles/privilege-basics.html'), 'utf8'), /Privilege shields/);
  assert.not.match(readFileSync(path.join(dir, 'dist/articles/privilege-basics.md'), 'utf8'), /Privilege shields/, 'its mirror is the last build\'s');
  const check = await execa('node', [BIN, 'check', '--dist'], { cwd: dir, reject: false });
  assert.is(check.exitCode, 2, check.stdout);
  assert.match(check.stderr, /dist\.legalsite-preview-\d+ is beside it/);
  const publish = await execa('node', [BIN, 'publish', '--dry-run', '--bucket', 'b'], { cwd: dir, reject: false });
  assert.is(publish.exitCode, 2, publish.stderr);
  assert.match(publish.stderr, /was cut short \(dist\.legalsite-preview-\d+ is beside it\)/);
  assert.is((await execa('node', [BIN, 'build', '--quiet'], { cwd: dir, reject: false })).exitCode, 0);
  assert.match(readFileSync(path.join(dir, 'dist/articles/privilege-basics.md'), 'utf8'), /Privilege shields/, 'the build wrote the rest');
  assert.equal(readdirSync(dir).filter((f) => f.includes('.legalsite-preview')), [], 'and removed the mark');
  assert.is((await execa('node', [BIN, 'check', '--dist'], { cwd: dir, reject: false })).exitCode, 0);
});

test('an empty --host (an unset variable) is refused with exit 2, never bound on every interface', async () => {
  const r = await execa('node', [BIN, 'serve', '--port', '0', '--host', ''], { cwd, env: { NO_COLOR: '1' }, reject: false, timeout: 20_000 });
  assert.is(r.exitCode, 2, r.stderr);
  assert.match(r.stderr, /--host <host>' argument '' is invalid\. the host is empty \(an unset variable\?\)/);
  assert.not.match(r.stdout, /Serving/);
});

test('an empty --port (an unset variable) or one not in decimal digits is refused with exit 2, never a random port', async () => {
  for (const [port, reason] of [['', /the port is empty \(an unset variable\?\)/], [' ', /the port is empty/], ['0x10', /a port is a whole number from 0 to 65535/], ['1e3', /a port is a whole number/], ['65536', /a port is a whole number/]] as const) {
    const r = await execa('node', [BIN, 'serve', '--port', port], { cwd, env: { NO_COLOR: '1' }, reject: false, timeout: 20_000 });
    assert.is(r.exitCode, 2, `--port ${JSON.stringify(port)}: ${r.stderr}`);
    assert.match(r.stderr, reason);
    assert.not.match(r.stdout, /Serving/);
  }
});

test('a file given as --content or --out is refused at once with exit 2', async () => {
  writeFileSync(path.join(cwd, 'notes.txt'), 'mine');
  for (const args of [['--content', 'content/site.yaml'], ['--out', 'notes.txt']]) {
    const r = await execa('node', [BIN, 'serve', '--port', '0', ...args], { cwd, env: { NO_COLOR: '1' }, reject: false, timeout: 20_000 });
    assert.is(r.exitCode, 2, args.join(' '));
    assert.match(r.stderr, /is a file/);
  }
  assert.is(readFileSync(path.join(cwd, 'notes.txt'), 'utf8'), 'mine');
});

/** What each serve process printed so far. */
const outputOf = new WeakMap<object, () => string>();

/** The page at `url` once it holds `words` (serve rebuilds after an edit), or as it is after 20 s. A
 * request that fails is tried again while serve runs; if serve has ended, what it printed is the error. */
async function pageOnceItSays(url: string, words: string, proc: ReturnType<typeof execa>): Promise<string> {
  let text = '';
  for (let i = 0; i < 100 && !text.includes(words); i++) {
    await new Promise((r) => setTimeout(r, 200));
    try {
      text = await (await fetch(url)).text();
    } catch (error) {
      if (proc.exitCode !== null || proc.signalCode !== null) throw new Error(`serve ended (${proc.exitCode ?? proc.signalCode}): ${outputOf.get(proc)?.()}`);
      text = `(${(error as Error & { cause?: Error }).cause?.message ?? (error as Error).message})`;
    }
  }
  return text;
}

test("an output folder whose name starts the content folder's does not hide content changes", async () => {
  const dir = copyFixture('minimal');
  renameSync(path.join(dir, 'content'), path.join(dir, 'site-content'));
  const { proc, url } = await startServe(dir, ['--out', 'site', '--content', 'site-content']);
  try {
    const file = path.join(dir, 'site-content/articles/privilege-basics.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace('Privilege protects', 'Privilege shelters'));
    const text = await pageOnceItSays(`${url}/articles/privilege-basics`, 'Privilege shelters', proc);
    assert.match(text, /Privilege shelters/);
  } finally {
    proc.kill();
  }
});

test("a folder of the output replaced by a link while serving: the rebuild neither writes nor deletes through it", async () => {
  const dir = copyFixture('minimal');
  const { proc, url } = await startServe(dir);
  try {
    const elsewhere = path.join(tempDir(), 'elsewhere');
    mkdirSync(elsewhere);
    writeFileSync(path.join(elsewhere, 'privilege-basics.html'), 'my own notes');
    rmSync(path.join(dir, 'dist/articles'), { recursive: true });
    symlinkSync(elsewhere, path.join(dir, 'dist/articles'));
    const file = path.join(dir, 'content/articles/privilege-basics.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace('Privilege protects', 'Privilege shelters'));
    const text = await pageOnceItSays(`${url}/articles/privilege-basics`, 'Privilege shelters', proc);
    assert.match(text, /Privilege shelters/, 'rebuilt');
    assert.equal(readdirSync(elsewhere), ['privilege-basics.html']);
    assert.is(readFileSync(path.join(elsewhere, 'privilege-basics.html'), 'utf8'), 'my own notes');
    assert.not.ok(lstatSync(path.join(dir, 'dist/articles')).isSymbolicLink());
  } finally {
    proc.kill();
  }
});


test('an article replaced by a link out of the content folder, or by a named pipe: the quick preview never reads it, and serve goes on answering', async () => {
  const dir = copyFixture('minimal');
  const { proc, url } = await startServe(dir);
  const said = () => outputOf.get(proc)!();
  const until = async (pattern: RegExp) => {
    for (let i = 0; i < 150 && !pattern.test(said()); i++) await new Promise((r) => setTimeout(r, 200));
    assert.match(said(), pattern);
  };
  try {
    const article = path.join(dir, 'content/articles/privilege-basics.md');
    const outside = path.join(tempDir(), 'draft.md');
    writeFileSync(outside, `${readFileSync(article, 'utf8')}\nTOPSECRET123 from outside the content folder.\n`);
    rmSync(article);
    symlinkSync(outside, article);
    await until(/outside the content folder; it was not read/);
    assert.not.match(await (await fetch(`${url}/articles/privilege-basics`)).text(), /TOPSECRET/);
    assert.not.match(readFileSync(path.join(dir, 'dist/articles/privilege-basics.html'), 'utf8'), /TOPSECRET/);

    // The article itself a named pipe: reading it would wait for ever, and the server with it.
    rmSync(article);
    await execa('mkfifo', [article]);
    await until(/a named pipe \(FIFO\), not a regular file; it was not read/);
    const res = await fetch(`${url}/`, { signal: AbortSignal.timeout(10_000) });
    assert.is(res.status, 200, 'still answering');
  } finally {
    proc.kill();
  }
  const ended = await proc;
  assert.is(ended.signal, 'SIGTERM', 'serve stops when told');
});

test('the articles folder replaced by a link out of the content folder: the quick preview reads nothing through it', async () => {
  const dir = copyFixture('minimal');
  const { proc, url } = await startServe(dir);
  const said = () => outputOf.get(proc)!();
  try {
    const outside = path.join(tempDir(), 'articles');
    renameSync(path.join(dir, 'content/articles'), outside);
    symlinkSync(outside, path.join(dir, 'content/articles'));
    const article = path.join(outside, 'privilege-basics.md');
    writeFileSync(article, `${readFileSync(article, 'utf8')}\nTOPSECRET456 from a folder outside.\n`);
    for (let i = 0; i < 150 && !/outside the content folder/.test(said()); i++) await new Promise((r) => setTimeout(r, 200));
    assert.match(said(), /outside the content folder/);
    // A moment more for a preview that would follow the rebuild's report.
    await new Promise((r) => setTimeout(r, 1000));
    assert.not.match(await (await fetch(`${url}/articles/privilege-basics`)).text(), /TOPSECRET/);
    assert.not.match(readFileSync(path.join(dir, 'dist/articles/privilege-basics.html'), 'utf8'), /TOPSECRET/);
  } finally {
    proc.kill();
  }
});

test.run();
