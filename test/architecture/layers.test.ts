/**
 * legalsite's layers (DESIGN.md "Layers"): dependencies point one way, down, and no modules import
 * each other in a circle, so each can be read, tested and replaced alone. Fails on any import cycle
 * (type-only imports included: they still tie two modules' meaning together), on any import that
 * points up a layer, and on templates or browser code that reach into the build.
 */
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { cyclePath, cycles, type Edge, importGraph, importsOf, sourceFiles } from '../helpers/import-graph.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Every folder of src/ and templates/ (and each file at the top of src/) in its layer, lowest first.
 * A module may import from its own layer and the layers below it, never from one above.
 */
const LAYERS: [layer: string, paths: string[]][] = [
  // Types, spec constants and small helpers every layer may use; they import nothing above them.
  ['model', ['src/model.ts', 'src/model/', 'src/constants.ts', 'src/search/', 'src/hash.ts', 'src/package-root.ts', 'src/tool-key.ts', 'src/file-stat.ts', 'src/inside-folder.ts', 'src/security.ts', 'src/diagnostics/', 'src/html/', 'src/parallel/', 'src/schemas/']],
  // Pure functions over the model (no I/O), and the chain that runs them in order.
  ['passes', ['src/passes/', 'src/pipeline.ts', 'src/structured-data.ts']],
  // The code that reads content, and the checks that locate its problems (they may use passes:
  // slugs, the term matcher).
  ['load/validate', ['src/load/', 'src/validate/']],
  // Components that present props; they import from src/ only what TEMPLATES_MAY_IMPORT allows.
  ['templates', ['templates/']],
  // Every URL of the site, from the built site.
  ['routes', ['src/routes.ts', 'src/routes/', 'src/site-links.ts']],
  // Routes turned into HTML; the browser bundle and the stylesheet.
  ['render', ['src/render/', 'src/bundle/']],
  // Shards, threads, the build cache and its memos, the output folder.
  ['engine', ['src/engine/', 'src/write/']],
  // What the commands run: a build and its steps (src/build/), serve, publish, notify, the audit of
  // a built site.
  ['build/serve', ['src/build.ts', 'src/build/', 'src/failed-build.ts', 'src/serve.ts', 'src/dev/', 'src/publish/', 'src/notify/', 'src/verify/']],
  // The command line; each command registers itself (src/commands/), nothing imports cli.ts.
  ['cli', ['src/cli.ts', 'src/commands/']],
];

/** What templates may import from src/: the model's types (`import type` only) and, as values,
 * the spec's constants and the search options shared with the browser. */
const TEMPLATES_MAY_IMPORT = ['src/model.ts', 'src/model/', 'src/constants.ts', 'src/search/'];
const TYPES_ONLY = ['src/model.ts', 'src/model/'];
/** Code that runs in the browser (islands are rendered on the server too, and hydrated there). */
const BROWSER_CODE = ['templates/client/', 'templates/islands/'];
/** What browser code may run of src/: modules with no Node imports. */
const BROWSER_SAFE = ['src/search/'];

const under = (file: string, paths: string[]) => paths.some((p) => (p.endsWith('/') ? file.startsWith(p) : file === p));
const rankOf = (file: string) => LAYERS.findIndex(([, paths]) => under(file, paths));
const isOwn = (to: string) => to.startsWith('src/') || to.startsWith('templates/');

const files = sourceFiles(ROOT, ['src', 'templates']);
const edges = importGraph(ROOT, files);
const own = edges.filter((e) => isOwn(e.to));
const show = (e: Edge) => `${e.from} imports ${e.to}${e.typeOnly ? ' (type only)' : ''}`;
/** Passes when `found` is empty; otherwise fails listing it, one per line. */
const none = (found: string[], what: string) => assert.ok(found.length === 0, `${what}:\n  ${found.join('\n  ')}`);

const test = suite('layers');

test('the graph is read: every module and its imports, type-only and dynamic ones included', () => {
  assert.ok(files.length > 150, `${files.length} files`);
  assert.ok(own.length > 400, `${own.length} imports between legalsite's own modules`);
  const has = (from: string, to: string, typeOnly: boolean) => own.some((e) => e.from === from && e.to === to && e.typeOnly === typeOnly);
  assert.ok(has('src/passes/article-html.ts', 'src/passes/markdown.ts', false), 'a static import');
  assert.ok(own.some((e) => e.typeOnly), 'type-only imports');
  assert.ok(has('src/engine/shard-pool.ts', 'src/engine/shard.ts', false), 'a dynamic import()');
  assert.ok(has('src/engine/shard-pool.ts', 'src/engine/shard-worker.ts', false), "a worker thread's module");
  none(own.filter((e) => !files.includes(e.to) && !e.to.endsWith('.json')).map(show), 'imports of files that do not exist');
});

test('no import cycle', () => {
  const found = cycles(own).map((group) => `${group.length} modules, e.g. ${cyclePath(own, group)}\n    (${group.join(', ')})`);
  none(found, 'modules that import each other in a circle');
});

test('nothing imports the command line (commands register themselves)', () => {
  none(own.filter((e) => e.to === 'src/cli.ts').map(show), 'modules that import src/cli.ts');
});

test('every folder has a layer', () => {
  none(files.filter((f) => rankOf(f) < 0), 'files in no layer (add their folder to LAYERS)');
});

test('no import points up a layer', () => {
  const layer = (file: string) => LAYERS[rankOf(file)]?.[0] ?? 'no layer';
  const up = own.filter((e) => rankOf(e.from) >= 0 && rankOf(e.to) > rankOf(e.from)).map((e) => `${show(e)}: ${layer(e.from)} → ${layer(e.to)}`);
  none(up, 'imports that point up a layer');
});

test('templates import from src/ only the model (types) and shared constants', () => {
  const bad = own.filter((e) => e.from.startsWith('templates/') && e.to.startsWith('src/') && (!under(e.to, TEMPLATES_MAY_IMPORT) || (under(e.to, TYPES_ONLY) && !e.typeOnly)));
  none(bad.map(show), 'templates that import from src/ more than the model\'s types and shared constants');
});

test('browser code runs nothing of src/ but browser-safe modules, and no Node module', () => {
  const browser = edges.filter((e) => under(e.from, BROWSER_CODE) && !e.typeOnly);
  const bad = browser.filter((e) => (e.to.startsWith('src/') && !under(e.to, BROWSER_SAFE)) || isBuiltin(e.to));
  none(bad.map(show), 'browser code that runs modules of the build or of Node');
});

test('the checks catch what they guard against (a made-up graph)', () => {
  const edge = (from: string, to: string, typeOnly = false): Edge => ({ from, to, typeOnly });
  const graph = [edge('src/a.ts', 'src/b.ts'), edge('src/b.ts', 'src/c.ts', true), edge('src/c.ts', 'src/a.ts'), edge('src/c.ts', 'src/d.ts')];
  assert.equal(cycles(graph), [['src/a.ts', 'src/b.ts', 'src/c.ts']]);
  assert.is(cyclePath(graph, ['src/a.ts', 'src/b.ts', 'src/c.ts']), 'src/a.ts → src/b.ts → src/c.ts → src/a.ts');
  assert.equal(cycles([edge('src/x.ts', 'src/x.ts')]), [['src/x.ts']]);
  assert.equal(cycles(graph.slice(0, 2)), []);
  const text = [
    "import type { A } from './a.js';",
    "import { b, type B } from '../b.js';",
    "export type { C } from './c.js';",
    "type D = typeof import('./d.js');",
    "const e = await import('./e.js');",
    "const worker = new Worker(workerModule(import.meta.url, './f.ts'));",
    "import React from 'react';",
  ].join('\n');
  const seen = importsOf('src/engine/x.ts', text, ROOT).map((e) => `${e.to}${e.typeOnly ? ' (type)' : ''}`);
  assert.equal(seen, ['src/engine/a.js (type)', 'src/b.js', 'src/engine/c.js (type)', 'src/engine/d.js (type)', 'src/engine/e.js', 'src/engine/f.ts', 'react']);
  assert.ok(rankOf('src/passes/backlinks.ts') < rankOf('src/routes/types.ts'));
  assert.ok(rankOf('src/engine/shard.ts') > rankOf('src/routes/types.ts'));
});

test.run();
