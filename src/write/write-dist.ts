/**
 * The only code that writes the site: every file goes into a fresh temporary folder beside the output
 * folder, which then replaces the old one by rename. A build that fails never touches the old dist/.
 */
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface OutputFile {
  /** Path inside dist/, with forward slashes. */
  path: string;
  body: string | Uint8Array;
}

export async function writeDist(outDir: string, files: OutputFile[]): Promise<void> {
  const abs = path.resolve(outDir);
  const stamp = `${process.pid}-${Date.now().toString(36)}`;
  const temp = `${abs}.tmp-${stamp}`;
  const old = `${abs}.old-${stamp}`;
  await mkdir(path.dirname(abs), { recursive: true });
  try {
    const dirs = new Set(files.map((f) => path.dirname(path.join(temp, f.path))));
    await mkdir(temp, { recursive: true });
    for (const dir of [...dirs].sort()) await mkdir(dir, { recursive: true });
    // Bounded parallelism: fast on SSDs without exhausting file handles on 10,000-page sites.
    const queue = [...files];
    const worker = async () => {
      for (let f = queue.pop(); f; f = queue.pop()) await writeFile(path.join(temp, f.path), f.body);
    };
    await Promise.all(Array.from({ length: 32 }, worker));
  } catch (error) {
    await rm(temp, { recursive: true, force: true });
    throw error;
  }
  let hadOld = true;
  try {
    await rename(abs, old);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    hadOld = false;
  }
  await rename(temp, abs);
  if (hadOld) await rm(old, { recursive: true, force: true });
}
