/**
 * Gets the CLI under test ready and asks it what it supports: compiles src/ to lib/ with the
 * project's own tsc (what `npx tsc -p .` runs), and reads `legalsite <command> --help` for a flag.
 * Reads: the repository. Writes: lib/ (through tsc).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

/** Runs `tsc -p .` in `root`; returns its output when it fails. */
export function compileLib(root: string): { ok: boolean; output: string } {
  const tsc = spawnSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', '.'], { cwd: root, encoding: 'utf8' });
  return { ok: tsc.status === 0, output: `${tsc.stdout}${tsc.stderr}`.trim() };
}

/** Whether `legalsite <command> --help` lists `flag`. */
export function cliHasFlag(root: string, command: string, flag: string): boolean {
  const help = spawnSync(process.execPath, ['bin/legalsite.js', command, '--help'], { cwd: root, encoding: 'utf8' });
  return new RegExp(`(^|\\s)${flag}(\\s|,|$)`, 'm').test(`${help.stdout}${help.stderr}`);
}
