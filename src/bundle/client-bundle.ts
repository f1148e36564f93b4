/**
 * Bundles the browser code with esbuild: one entry per island or plain module (templates/client/
 * entries.ts), ES modules with code splitting so React is one shared chunk, minified, with content-
 * hashed names under /assets/js/. Returns the files and, per entry, the script to load and the chunks
 * to preload. Deterministic for the same sources.
 */
import path from 'node:path';
import { statSync } from 'node:fs';
import fg from 'fast-glob';
import { build } from 'esbuild';
import { withEsbuild } from './esbuild-service.js';
import { keep, readKept } from './kept-assets.js';
import { CLIENT_ENTRIES, type ClientEntry } from '../../templates/client/entries.js';
import { packageRoot } from '../package-root.js';
import type { FileRoute } from '../routes/types.js';

export interface ClientBundle {
  files: FileRoute[];
  /** Entry name → its script URL and the URLs of the chunks it imports (for modulepreload). */
  entries: Map<ClientEntry, BundleEntry>;
}

export interface BundleEntry {
  src: string;
  imports: string[];
  bytes: number;
}

/** Changes whenever a browser source file changes (path, size, mtime), to know when to re-bundle. */
export function bundleSourcesKey(): string {
  const root = packageRoot();
  const files = fg.sync(['templates/client/**/*.{ts,tsx}', 'templates/islands/**/*.{ts,tsx}', 'src/search/**/*.ts'], { cwd: root }).sort();
  return files.map((f) => {
    const st = statSync(path.join(root, f));
    return `${f}:${st.size}:${st.mtimeMs}`;
  }).join('|');
}

/** The bundle, as the last run that made it kept it when none of its files changed since
 * (kept-assets.ts), else made by esbuild and kept. */
export async function bundleClient(): Promise<ClientBundle> {
  const kept = readKept('bundle', reviveBundle);
  if (kept) return kept;
  const root = packageRoot();
  const templates = path.join(root, 'templates');
  const result = await withEsbuild(() => build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(Object.entries(CLIENT_ENTRIES).map(([name, file]) => [name, path.join(templates, file)])),
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    target: ['es2020'],
    jsx: 'automatic',
    outdir: path.join(root, '.legalsite-bundle'),
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    write: false,
    metafile: true,
    legalComments: 'none',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  }));
  const urlOf = (outPath: string) => `/assets/js/${path.basename(outPath)}`;
  const files: FileRoute[] = result.outputFiles.map((f) => ({ kind: 'file', url: urlOf(f.path), body: f.contents, type: 'text/javascript; charset=utf-8' }));
  const sizes = new Map(result.outputFiles.map((f) => [urlOf(f.path), f.contents.byteLength]));
  const entries: ClientBundle['entries'] = new Map();
  for (const [outPath, meta] of Object.entries(result.metafile!.outputs)) {
    if (!meta.entryPoint) continue;
    const name = (Object.entries(CLIENT_ENTRIES).find(([, file]) => path.join(templates, file) === path.join(root, meta.entryPoint!))?.[0]) as ClientEntry | undefined;
    if (!name) continue;
    const imports = collectImports(result.metafile!.outputs, outPath).map(urlOf);
    entries.set(name, { src: urlOf(outPath), imports, bytes: [urlOf(outPath), ...imports].reduce((n, u) => n + (sizes.get(u) ?? 0), 0) });
  }
  files.sort((a, b) => a.url.localeCompare(b.url));
  const bundle = { files, entries };
  keep('bundle', Object.keys(result.metafile!.inputs), bundleJson(bundle));
  return bundle;
}

interface BundleJson {
  files: { url: string; body: string; type: string }[];
  entries: [ClientEntry, BundleEntry][];
}

/** The bundle as JSON: the files' bytes in base64. */
function bundleJson(bundle: ClientBundle): BundleJson {
  return {
    files: bundle.files.map((f) => ({ url: f.url, body: Buffer.from(f.body as Uint8Array).toString('base64'), type: f.type })),
    entries: [...bundle.entries],
  };
}

function reviveBundle(json: unknown): ClientBundle {
  const { files, entries } = json as BundleJson;
  if (!Array.isArray(files) || !Array.isArray(entries)) throw new Error('not a kept bundle');
  return {
    files: files.map((f): FileRoute => ({ kind: 'file', url: f.url, body: new Uint8Array(Buffer.from(f.body, 'base64')), type: f.type })),
    entries: new Map(entries),
  };
}

/** Every chunk an output imports statically, transitively, sorted for stable output. */
function collectImports(outputs: Record<string, { imports: { path: string; kind: string }[] }>, start: string): string[] {
  const seen = new Set<string>();
  const visit = (p: string) => {
    for (const imp of outputs[p]?.imports ?? []) {
      if (imp.kind !== 'import-statement' || seen.has(imp.path)) continue;
      seen.add(imp.path);
      visit(imp.path);
    }
  };
  visit(start);
  return [...seen].sort();
}
