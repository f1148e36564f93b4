/**
 * Gets the CLI under test ready and asks it what it supports: compiles src/ to lib/ with the
 * project's own tsc and bundles it (what `npm run build` runs), and reads `legalsite <command>
 * --help` for a flag.
 * Reads: the repository. Writes: lib/ (through tsc and esbuild).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

/** Runs `tsc -p .` in `root`, then bundles lib/ as `npm run build` does (the CLI runs the bundle
 * only when it is newer than tsc's output); returns their output when one fails. */
export function compileLib(root: string): { ok: boolean; output: string } {
  for (const args of [[path.join(root, 'node_modules/typescript/bin/tsc'), '-p', '.'], [path.join(root, 'scripts/bundle-lib.mjs')]]) {
    const step = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8' });
    if (step.status !== 0) return { ok: false, output: `${step.stdout}${step.stderr}`.trim() };
  }
  return { ok: true, output: '' };
}

/** Whether `legalsite <command> --help` lists `flag`. */
export function cliHasFlag(root: string, command: string, flag: string): boolean {
  const help = spawnSync(process.execPath, ['bin/legalsite.js', command, '--help'], { cwd: root, encoding: 'utf8' });
  return new RegExp(`(^|\\s)${flag}(\\s|,|$)`, 'm').test(`${help.stdout}${help.stderr}`);
}
