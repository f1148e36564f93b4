/** The folder holding legalsite's own package.json: templates/ and assets live beside it, whether
 * running from src/ (tests) or lib/src/ (the installed CLI). */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export function packageRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = path.join(dir, 'package.json');
    if (existsSync(pkg) && JSON.parse(readFileSync(pkg, 'utf8')).name === 'legalsite') return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('legalsite package root not found');
    dir = parent;
  }
}

/** Where legalsite keeps code it made for itself (`part`: validators, code): the .cache folder of
 * the node_modules it is installed in, or of its own (a checkout); undefined when there is neither. */
export function toolCacheDir(packageRoot: string, part: string): string | undefined {
  const parent = path.dirname(packageRoot);
  const modules = path.basename(parent) === 'node_modules' ? parent : path.join(packageRoot, 'node_modules');
  return existsSync(modules) ? path.join(modules, '.cache', 'legalsite', part) : undefined;
}

export function packageVersion(): string {
  return JSON.parse(readFileSync(path.join(packageRoot(), 'package.json'), 'utf8')).version;
}
