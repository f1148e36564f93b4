/**
 * The browser bundle and the minified stylesheet, kept between runs. Both are made from legalsite's
 * own files (templates/client, templates/islands, templates/styles, src/search and the packages
 * they import), never from a site's content, yet every build made them again: esbuild's process
 * started for the same bytes, 3% of the CPU of a build of the shipped site (docs/performance-log.md,
 * twenty-second session).
 *
 * A kept value is named by legalsite's own key (tool-key.ts: its version, code and templates) and
 * esbuild's version, and lists the files it was made of with their size and modification time (for
 * the bundle, every input esbuild read, node_modules included): it is used only while every one of
 * them is unchanged, so an edited island or an updated React is bundled again. Like the compiled
 * code (parallel/code-cache.ts), it is legalsite's, not the site's: `--no-cache` does not touch it.
 * A missing, unreadable or unwritable folder costs nothing but the saving; a file that cannot be
 * read back (a write cut short) counts as none.
 * Reads and writes: node_modules/.cache/legalsite/client/<name>-<key>.json.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { version as esbuildVersion } from 'esbuild';
import { hashOf } from '../hash.js';
import { packageRoot, toolCacheDir } from '../package-root.js';
import { toolKey } from '../tool-key.js';

/** What a kept file holds: the files the value was made of ([path from the package root, size,
 * modification time]) and the value, as JSON. */
interface KeptFile {
  inputs: [string, number, number][];
  value: unknown;
}

/** An input modified this recently (ms) may have changed after it was read. */
const RACY_MS = 2000;

/** What is kept. */
export type KeptName = 'bundle' | 'styles';

const fileOf = (dir: string, name: KeptName) => path.join(dir, `${name}-${hashOf('kept-assets', toolKey(), esbuildVersion).slice(0, 24)}.json`);

/** Where values are kept (`dir`), and the folder their inputs' paths start from (`root`). */
export interface KeptPlace {
  dir: string | undefined;
  root: string;
}

/** The value kept as `name` when every file it was made of is as it was, or undefined. `revive`
 * turns the JSON back into the value; it may throw on a value of the wrong shape (none then). */
export function readKept<T>(name: KeptName, revive: (json: unknown) => T, { dir, root }: KeptPlace = keptPlace()): T | undefined {
  if (!dir) return undefined;
  try {
    const kept = JSON.parse(readFileSync(fileOf(dir, name), 'utf8')) as KeptFile;
    for (const [rel, size, mtimeMs] of kept.inputs) {
      const st = statSync(path.join(root, rel));
      if (st.size !== size || st.mtimeMs !== mtimeMs) return undefined;
    }
    return revive(kept.value);
  } catch {
    return undefined;
  }
}

/** Keeps `value` (as JSON) as `name`, made of `inputs` (paths from the package root). Not when one
 * of them was modified within RACY_MS (it may have changed after it was read: git's rule for racy
 * files, as in file-stat.ts). Replaces what was kept for another key. */
export function keep(name: KeptName, inputs: string[], value: unknown, { dir, root }: KeptPlace = keptPlace()): void {
  if (!dir) return;
  const file = fileOf(dir, name);
  const temp = `${file}.${process.pid}.tmp`;
  try {
    const stats = inputs.map((rel): [string, number, number] => {
      const st = statSync(path.join(root, rel));
      return [rel, st.size, st.mtimeMs];
    });
    if (stats.some(([, , mtimeMs]) => mtimeMs > Date.now() - RACY_MS)) return;
    mkdirSync(dir, { recursive: true });
    writeFileSync(temp, JSON.stringify({ inputs: stats, value } satisfies KeptFile));
    renameSync(temp, file);
  } catch {
    // A read-only install or a full disk: made again next time; no part is left behind.
    rmSync(temp, { force: true });
    return;
  }
  try {
    for (const other of readdirSync(dir)) {
      if (other.startsWith(`${name}-`) && other.endsWith('.json') && other !== path.basename(file)) rmSync(path.join(dir, other), { force: true });
    }
  } catch {
    // Another user's file, a folder that cannot be listed: left as it is.
  }
}

function keptPlace(): KeptPlace {
  const root = packageRoot();
  return { dir: toolCacheDir(root, 'client'), root };
}
