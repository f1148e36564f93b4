/** A copy of legalsite's package (bin, lib, scripts, src, templates, package.json; times kept, so its bundles stay
 * newer than what they were made of) in a temp folder, for tests of what the installed CLI does
 * with its own files. Its node_modules links to the checkout's packages: as one link to the whole
 * folder (cheap), or, with `ownCache`, as a folder of links with a .cache of its own, so what the
 * copy keeps for itself (node_modules/.cache/legalsite/) starts empty and is its alone. */
import { cpSync, existsSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { ROOT, tempDir } from './sites.js';

export function packageCopy({ ownCache = false } = {}): string {
  const pkg = tempDir('legalsite-pkg-');
  for (const part of ['bin', 'lib', 'scripts', 'src', 'templates', 'package.json'].filter((p) => existsSync(path.join(ROOT, p)))) cpSync(path.join(ROOT, part), path.join(pkg, part), { recursive: true, preserveTimestamps: true });
  const modules = path.join(ROOT, 'node_modules');
  if (!ownCache) {
    symlinkSync(modules, path.join(pkg, 'node_modules'), 'dir');
    return pkg;
  }
  mkdirSync(path.join(pkg, 'node_modules'));
  for (const entry of readdirSync(modules)) {
    if (entry !== '.cache') symlinkSync(path.join(modules, entry), path.join(pkg, 'node_modules', entry));
  }
  return pkg;
}
