/**
 * Bundles the compiled CLI (lib/src/, from tsc) into lib/bundle/: one CommonJS file per thread's
 * entry (the CLI's main thread, a shard, the file thread), each with a small ES module beside it
 * (cli.js, shard-worker.js, file-worker.js) that runs it through lib/src/parallel/code-cache.js.
 *
 * Why: every thread of a build loaded some 400 modules one file at a time, and Node's ES module
 * loader spent most of the 340 ms a shard took to start resolving and linking them; and every thread
 * compiled the functions it called afresh. One file per thread starts in a fraction of that, and a
 * script (unlike an ES module on Node 20) can be run with V8's code cache, which keeps the compiled
 * code between runs (docs/performance-log.md, "Start-up: one file per thread, compiled code kept").
 * The code is the same code: esbuild joins the modules, it does not minify or rewrite them, with
 * two exceptions: markdown-it's class fields are assigned rather than defined through a helper, which
 * made its rendering some 40% faster (scripts/class-fields.mjs says why that is the same), and
 * characters outside ASCII are written as escapes, so that V8 holds each bundle as a one-byte
 * string (scripts/ascii-source.mjs).
 *
 * Run by `npm run build` and `npm ci` (the prepare script) after tsc. The files the bundles were
 * made of are listed in lib/bundle/inputs.json, written last: bin/legalsite.js runs the bundles
 * only when none of them is newer, so a `tsc` run alone (or a file of lib/ edited by hand, or a
 * package updated) is never shadowed by an old bundle: it runs lib/src/ as it is, only more slowly.
 * Reads: lib/src/, node_modules/. Writes: lib/bundle/ (made in a folder beside it, then swapped in
 * whole: a failed run leaves no part of a bundle).
 */
import { createHash } from 'node:crypto';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { asciiSource } from './ascii-source.mjs';
import { markdownItClassFields } from './class-fields.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const lib = path.join(root, 'lib', 'src');
const final = path.join(root, 'lib', 'bundle');
const out = `${final}.${process.pid}.tmp`;

/** Each entry, by the name the code starts its thread by (src/parallel/worker-module.ts: beside the
 * module starting it, which in a bundle is the bundle itself), and what its loader exports. */
const ENTRIES = [
  { name: 'cli', entry: path.join(lib, 'cli.js'), exports: ['main', 'endUncaught'] },
  { name: 'shard-worker', entry: path.join(lib, 'engine', 'shard-worker.js'), exports: [] },
  { name: 'file-worker', entry: path.join(lib, 'write', 'file-worker.js'), exports: [] },
];

rmSync(out, { recursive: true, force: true });
const inputs = new Set();
for (const { name, entry, exports } of ENTRIES) {
  const bundle = path.join(out, `${name}.cjs`);
  const { metafile } = await build({
    entryPoints: [entry],
    outfile: bundle,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    // Packages that read files beside their own code (pdfkit's fonts), run a binary of their own
    // (esbuild), or are large and loaded only by `publish` (the S3 client) stay in node_modules.
    external: ['esbuild', 'pdfkit', '@aws-sdk/*'],
    // import.meta.url in a script: the bundle's own URL (package-root.ts walks up from it). React in
    // production mode, as bin/legalsite.js sets it: its development builds (880 KB of the shard's
    // 2.9 MB, only ever loaded under NODE_ENV=development) are left out, so that every thread
    // compiles and loads less.
    define: { 'import.meta.url': '__legalsiteModuleUrl', 'process.env.NODE_ENV': '"production"' },
    banner: { js: "var __legalsiteModuleUrl = require('node:url').pathToFileURL(__filename).href;" },
    legalComments: 'none',
    logLevel: 'warning',
    metafile: true,
    absWorkingDir: root,
    plugins: [markdownItClassFields],
  });
  for (const input of Object.keys(metafile.inputs)) inputs.add(input);
  // A script has no import() on Node 20 (vm.Script needs --experimental-vm-modules for it): a
  // package left out of the bundle must be required (src/passes/generated-templates.ts).
  for (const output of Object.values(metafile.outputs)) {
    const dynamic = output.imports.filter((i) => i.kind === 'dynamic-import' && i.external);
    if (dynamic.length) throw new Error(`${name}: import() of ${dynamic.map((i) => i.path).join(', ')} cannot run in a script; use createRequire(import.meta.url)(…) instead`);
  }
  // One-byte source for V8 (scripts/ascii-source.mjs says why).
  writeFileSync(bundle, asciiSource(readFileSync(bundle, 'utf8')).code);
  const hash = createHash('sha256').update(readFileSync(bundle)).digest('hex');
  const run = `runBundle(new URL('./${name}.cjs', import.meta.url), '${hash}')`;
  writeFileSync(
    path.join(out, `${name}.js`),
    `// Made by scripts/bundle-lib.mjs: runs ${name}.cjs with V8's code cache.\nimport { runBundle } from '../src/parallel/code-cache.js';\n${exports.length ? `export const { ${exports.join(', ')} } = ${run};` : `${run};`}\n`,
  );
}
writeFileSync(path.join(out, 'inputs.json'), `${JSON.stringify([...inputs].sort())}\n`);
rmSync(final, { recursive: true, force: true });
renameSync(out, final);
