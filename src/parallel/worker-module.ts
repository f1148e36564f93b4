/**
 * Where a worker thread's module is: beside the module starting it. Workers do not inherit tsx's
 * loader, so under tsx (tests) they run the compiled copy in lib/.
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { packageRoot } from '../package-root.js';

export function workerModule(fromUrl: string, relative: string): URL {
  if (!fromUrl.endsWith('.ts')) return new URL(relative.replace(/\.ts$/, '.js'), fromUrl);
  const source = new URL(relative, fromUrl);
  const fromRoot = path.relative(packageRoot(), fileURLToPath(source)).replace(/\.ts$/, '.js');
  return pathToFileURL(path.join(packageRoot(), 'lib', fromRoot));
}
