/** Test helpers: temporary copies of fixture sites, the CLI through execa, and dist/ readers. */
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const BIN = path.join(ROOT, 'bin', 'legalsite.js');
export const SHIPPED_CONTENT = path.join(ROOT, 'content');

const temps: string[] = [];

/** A fresh temporary folder, removed at exit. */
export function tempDir(prefix = 'legalsite-test-'): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  temps.push(dir);
  return dir;
}
process.on('exit', () => temps.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Copies test/fixtures/sites/{name} into a temp folder and returns that folder (cwd for the CLI). */
export function copyFixture(name: string): string {
  const dir = tempDir();
  cpSync(path.join(ROOT, 'test', 'fixtures', 'sites', name), dir, { recursive: true });
  return dir;
}

/** Runs the installed CLI; never throws on a non-zero exit. */
export function runCli(args: string[], cwd: string, env: Record<string, string> = {}) {
  return execa('node', [BIN, ...args], { cwd, reject: false, env: { NO_COLOR: '1', ...env }, timeout: 120_000 });
}

/** Every file under `dir`, as sorted relative paths. */
export function listFiles(dir: string, base = dir): string[] {
  return readdirSync(dir)
    .flatMap((name) => {
      const abs = path.join(dir, name);
      return statSync(abs).isDirectory() ? listFiles(abs, base) : [path.relative(base, abs).split(path.sep).join('/')];
    })
    .sort();
}

export const readText = (file: string) => readFileSync(file, 'utf8');
export const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8'));
