/**
 * The bad-content corpus (test/helpers/bad-content.ts), issue 16: every case gives a located
 * diagnostic (file, line, field) with a message and a hint, never an exception, a stack trace or the
 * "bug in legalsite" text, and leaves the previous dist/ exactly as it was. Each case is built in
 * process (a throw there is the CLI's exit 3); then all the cases that can share a site are put in one
 * and every one of their errors must come out of a single run: in process on the main thread and on
 * worker threads alike, and through the CLI (`build` and `check`, exit 1, on worker threads too).
 * Last, seeded random typos in any file hold to the same rules.
 */
import { createHash } from 'node:crypto';
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { build } from '../../src/build.js';
import type { Diagnostic } from '../../src/diagnostics/diagnostic.js';
import { BAD_CONTENT, type BadCase, type Expected } from '../helpers/bad-content.js';
import { copyFixture, listFiles, runCli, tempDir } from '../helpers/sites.js';

const test = suite('bad-content corpus');

const snapshot = (dir: string) => {
  const hash = createHash('sha256');
  for (const f of listFiles(dir)) hash.update(f).update(readFileSync(path.join(dir, f)));
  return hash.digest('hex');
};

/** The minimal site, built once; each case starts from a copy of it with its dist/. */
let base = '';
let baseDist = '';

test.before(async () => {
  base = copyFixture('minimal');
  const result = await build({ contentDir: 'content', outDir: 'dist', cwd: base, write: true, retainFiles: false });
  assert.ok(result.ok, JSON.stringify(result.diagnostics));
  baseDist = snapshot(path.join(base, 'dist'));
});

function copyOfBase(): string {
  const dir = tempDir('legalsite-corpus-');
  cpSync(base, dir, { recursive: true });
  return dir;
}

const STACK_LINE = /\n\s+at .*:\d+:\d+/;
const show = (list: Diagnostic[]) => list.map((d) => `${d.file}:${d.line}:${d.column} [${d.rule}] ${d.field} ${d.message}`).join('\n');

/** Each diagnostic is one an editor can act on: a place, a field where the rule has one, words, a hint. */
function assertSensible(list: Diagnostic[]): void {
  for (const d of list) {
    assert.ok(d.file.startsWith('content/'), `file: ${d.file}`);
    assert.ok(d.line >= 1 && d.column >= 1, `position of ${show([d])}`);
    assert.ok(d.message.trim().length > 5, `message of ${show([d])}`);
    assert.ok(d.hint && d.hint.trim().length > 5, `hint of ${show([d])}`);
    assert.is(d.severity, 'error');
    for (const text of [d.message, d.hint!]) {
      assert.not.match(text, /bug in legalsite|internal failure/i, show([d]));
      assert.not.match(text, /\bundefined\b|\bNaN\b|\[object Object\]/, show([d]));
      assert.not.match(text, STACK_LINE);
    }
  }
  const sorted = [...list].sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
  assert.equal(list.map((d) => show([d])), sorted.map((d) => show([d])), 'sorted by file and line');
}

function assertFound(list: Diagnostic[], expected: Expected, name: string): void {
  const found = list.find((d) => d.rule === expected.rule && d.file === expected.file && d.line === expected.line && d.field === expected.field);
  assert.ok(found, `${name}: expected ${expected.file}:${expected.line} [${expected.rule}] ${expected.field}, got\n${show(list)}`);
  if (expected.message) assert.match(found!.message, expected.message, name);
  // Only a problem with the whole file has no field.
  if (!['front-matter-missing', 'file-too-large', 'unreadable-file', 'not-a-file', 'invalid-file-name', 'empty-file'].includes(expected.rule) && !expected.file.includes('/pages/')) assert.ok(found!.field, `${name}: names a field`);
}

/** Leftover temporary or staging folders beside the output folder. */
const leftovers = (dir: string) => readdirSync(dir).filter((name) => /^dist\./.test(name));

test(`the corpus has at least 45 distinct cases over every kind of file and phase`, () => {
  assert.ok(BAD_CONTENT.length >= 45, `${BAD_CONTENT.length} cases`);
  assert.is(new Set(BAD_CONTENT.map((c) => c.name)).size, BAD_CONTENT.length, 'distinct names');
  const rules = new Set(BAD_CONTENT.map((c) => c.expect.rule));
  for (const rule of ['yaml-syntax', 'yaml-limit', 'file-too-large', 'front-matter-missing', 'unknown-field', 'missing-field', 'wrong-type', 'invalid-date', 'invalid-value', 'invalid-format', 'unsafe-url', 'unknown-tag', 'unknown-jurisdiction', 'duplicate-slug', 'duplicate-id', 'dangling-reference', 'missing-download', 'date-order', 'broken-link', 'unreadable-file', 'url-clash']) {
    assert.ok(rules.has(rule), `a case for ${rule}`);
  }
  for (const folder of ['articles', 'glossary', 'datasets', 'pages', 'templates', 'site.yaml']) assert.ok(BAD_CONTENT.some((c) => c.expect.file.includes(folder)), `a case in ${folder}`);
});

test('every case alone: its located, sensible diagnostics and no other; no exception; dist/ untouched', async () => {
  for (const c of BAD_CONTENT) {
    const dir = copyOfBase();
    c.apply(path.join(dir, 'content'));
    let result;
    try {
      result = await build({ contentDir: 'content', outDir: 'dist', cwd: dir, write: true, retainFiles: false });
    } catch (error) {
      assert.unreachable(`${c.name}: the build threw (exit 3): ${(error as Error).stack}`);
      return;
    }
    assert.is(result.ok, false, c.name);
    assertSensible(result.diagnostics);
    for (const expected of [c.expect, ...(c.also ?? [])]) assertFound(result.diagnostics, expected, c.name);
    assert.is(result.diagnostics.length, 1 + (c.also?.length ?? 0), `${c.name}: no other error\n${show(result.diagnostics)}`);
    assert.is(snapshot(path.join(dir, 'dist')), baseDist, `${c.name}: dist/ untouched`);
    assert.equal(leftovers(dir), [], `${c.name}: nothing left beside dist/`);
  }
});

/** One site with every case that can share it. */
function sharedSite(): { dir: string; cases: BadCase[] } {
  const dir = copyOfBase();
  const cases = BAD_CONTENT.filter((c) => !c.alone);
  for (const c of cases) c.apply(path.join(dir, 'content'));
  return { dir, cases };
}

test('all shared cases in one site: every error in one run, the same on the main thread and on worker threads', async () => {
  const { dir, cases } = sharedSite();
  const inline = await build({ contentDir: 'content', outDir: 'dist', cwd: dir, write: true, retainFiles: false });
  const threaded = await build({ contentDir: 'content', outDir: 'dist', cwd: dir, write: true, retainFiles: false, minPagesForWorkers: 0, workers: 2 });
  assertSensible(inline.diagnostics);
  for (const c of cases) for (const expected of [c.expect, ...(c.also ?? [])]) assertFound(inline.diagnostics, expected, c.name);
  assert.equal(threaded.diagnostics, inline.diagnostics, 'worker threads report the same');
  const check = await build({ contentDir: 'content', outDir: 'dist', cwd: dir, write: false, retainFiles: false });
  assert.equal(check.diagnostics, inline.diagnostics, 'check reports the same');
  assert.is(snapshot(path.join(dir, 'dist')), baseDist);
});

test('through the CLI: build and check exit 1 with every error, no stack trace, dist/ untouched; the same on worker threads', async () => {
  const { dir, cases } = sharedSite();
  const run = await runCli(['build'], dir);
  assert.is(run.exitCode, 1, run.stderr);
  assert.not.match(run.stderr, STACK_LINE);
  assert.not.match(run.stderr, /bug in legalsite|internal failure/i);
  assert.not.match(run.stderr, /\(node:\d+\) \w*Warning/, 'no warning of Node or of a library');
  for (const c of cases) assert.ok(run.stderr.includes(`${c.expect.file}:${c.expect.line}:`), `${c.name} in\n${run.stderr}`);
  assert.match(run.stderr, /Build failed; dist\/ was left unchanged\./);
  assert.is(snapshot(path.join(dir, 'dist')), baseDist);
  assert.equal(leftovers(dir), []);

  const json = await runCli(['check', '--reporter', 'json'], dir);
  assert.is(json.exitCode, 1);
  const reported = JSON.parse(json.stdout).diagnostics as Diagnostic[];
  const inProcess = await build({ contentDir: 'content', outDir: 'dist', cwd: dir, write: false, retainFiles: false });
  assert.equal(reported, inProcess.diagnostics);

  // Enough articles for the CLI to load them on worker threads (it keeps small sites on one).
  const filler = readFileSync(path.join(dir, 'content/articles/privilege-basics.md'), 'utf8');
  for (let i = 0; i < 210; i++) writeFileSync(path.join(dir, `content/articles/filler-${i}.md`), filler);
  const threaded = await runCli(['check', '--reporter', 'json', '--workers', '2'], dir);
  assert.is(threaded.exitCode, 1, threaded.stderr);
  // (A did-you-mean hint may now name one of the new articles.)
  const place = (d: Diagnostic) => `${d.file}:${d.line}:${d.column} [${d.rule}] ${d.field} ${d.message}`;
  assert.equal((JSON.parse(threaded.stdout).diagnostics as Diagnostic[]).map(place), reported.map(place), 'every error of the site, on worker threads');
});

/** A seeded stream of numbers in [0, 1): the same mutations on every run. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
}

test('random typos in any content file (seeded): never an exception, every diagnostic sensible, dist/ untouched, the same on worker threads', async () => {
  const random = seeded(16);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const files = ['articles/hashing-evidence.md', 'articles/privilege-basics.md', 'glossary/chain-of-custody.yaml', 'glossary/hash-value.yaml', 'datasets/custody-log.yaml', 'pages/about.md', 'site.yaml', 'templates/index.yaml'];
  const typos = ['"', "'", ':', ': ', '[', ']', '{', '}', '- ', '\t', '#', '&a ', '*a', '!!', '|', '---', '\n', '  ', 'null', '2025', 'true', '@', '?', ',', 'javascript:x', '//x', '[x](/nope)'];
  let failed = 0;
  for (let n = 0; n < 40; n++) {
    const dir = copyOfBase();
    for (let k = 0; k < 1 + Math.floor(random() * 3); k++) {
      const abs = path.join(dir, 'content', pick(files));
      const lines = readFileSync(abs, 'utf8').split('\n');
      const i = Math.floor(random() * lines.length);
      const at = Math.floor(random() * (lines[i].length + 1));
      const kind = Math.floor(random() * 3);
      if (kind === 0) lines.splice(i, 1);
      else if (kind === 1) lines[i] = lines[i].slice(0, at) + pick(typos) + lines[i].slice(at);
      else lines[i] = lines[i].slice(0, at) + lines[i].slice(at + 1 + Math.floor(random() * 4));
      writeFileSync(abs, lines.join('\n'));
    }
    const inline = await build({ contentDir: 'content', outDir: 'dist', cwd: dir, write: true, retainFiles: false });
    if (inline.ok) continue;
    failed++;
    assertSensible(inline.diagnostics);
    assert.is(snapshot(path.join(dir, 'dist')), baseDist, `mutation ${n}: dist/ untouched`);
    if (n % 5 === 0) {
      const threaded = await build({ contentDir: 'content', outDir: 'dist', cwd: dir, write: false, retainFiles: false, minPagesForWorkers: 0, workers: 2 });
      assert.equal(threaded.diagnostics, inline.diagnostics, `mutation ${n}: worker threads report the same`);
    }
  }
  assert.ok(failed >= 20, `most typos are errors (${failed} of 40)`);
});

test.run();
