/**
 * Bundles the compiled CLI (lib/src/, from tsc) into lib/bundle/: one file per thread's entry (the
 * CLI's main thread, a shard, the file thread), the chunks they share, and a chunk per module the
 * CLI loads only when asked (publish's S3 client, check --dist, serve's dev server).
 *
 * Why: every thread of a build loaded some 400 modules one file at a time, and Node's ES module
 * loader spent most of the 340 ms a shard took to start resolving and linking them, not running
 * them; a bundle is a few files (docs/performance.md, "Start-up: one file per thread").
 * The code is the same code: esbuild joins the modules, it does not minify or rewrite them.
 *
 * Run by `npm run build` and `npm ci` (the prepare script) after tsc. bin/legalsite.js runs the
 * bundle only when it is newer than lib/src/cli.js, so a `tsc` run alone is never shadowed by an
 * old bundle (it runs lib/src/ as it is, only more slowly).
 * Reads: lib/src/, node_modules/. Writes: lib/bundle/ (replaced whole).
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const lib = path.join(root, 'lib', 'src');
const out = path.join(root, 'lib', 'bundle');

rmSync(out, { recursive: true, force: true });
await build({
  // The names are those the code starts threads by (src/parallel/worker-module.ts: beside the module
  // starting them, which in the bundle is a chunk in this same folder).
  entryPoints: {
    cli: path.join(lib, 'cli.js'),
    'shard-worker': path.join(lib, 'engine', 'shard-worker.js'),
    'file-worker': path.join(lib, 'write', 'file-worker.js'),
  },
  outdir: out,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // Packages that read files beside their own code (pdfkit's fonts), run a binary of their own
  // (esbuild), or are large and loaded only by one command (the S3 client, chokidar, sirv) stay in
  // node_modules, loaded as they are.
  external: ['esbuild', 'pdfkit', '@aws-sdk/*', 'chokidar', 'sirv'],
  // CommonJS packages joined into an ES module still call require() for Node's own modules.
  banner: { js: "import { createRequire as __legalsiteCreateRequire } from 'node:module'; const require = __legalsiteCreateRequire(import.meta.url);" },
  legalComments: 'none',
  logLevel: 'warning',
});
