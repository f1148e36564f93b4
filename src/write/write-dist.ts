/**
 * The only code that writes the site: every file goes into a fresh temporary folder beside the output
 * folder, which then replaces the old one by rename. A build that fails never touches the old dist/.
 * Files can be written as they are produced (pages as workers render them), so a large site never
 * holds all of its output in memory.
 */
import { linkSync, mkdirSync, writeFileSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';

export interface OutputFile {
  /** Path inside dist/, with forward slashes. */
  path: string;
  body: string | Uint8Array;
}

export interface DistWriter {
  /** Writes one file into the new output folder (synchronously: for thousands of small files that
   * beats the async thread pool, measured with npm run bench). */
  write(file: string, body: string | Uint8Array): void;
  /** Carries a file of the old output folder into the new one unchanged (a hard link, so no bytes
   * are copied); false when the file system cannot link, and the caller writes it instead. */
  reuse(file: string, existing: string): boolean;
  /** Swaps the new folder in for the old one. */
  commit(): Promise<void>;
  /** Removes the new folder; the old one stays as it was. */
  abort(): Promise<void>;
}

export async function openDist(outDir: string): Promise<DistWriter> {
  const abs = path.resolve(outDir);
  const stamp = `${process.pid}-${Date.now().toString(36)}`;
  const temp = `${abs}.tmp-${stamp}`;
  const old = `${abs}.old-${stamp}`;
  await mkdir(path.dirname(abs), { recursive: true });
  mkdirSync(temp, { recursive: true });
  const made = new Set<string>([temp]);
  const target = (file: string) => {
    const abs = path.join(temp, file);
    const dir = path.dirname(abs);
    if (!made.has(dir)) (mkdirSync(dir, { recursive: true }), made.add(dir));
    return abs;
  };
  return {
    write(file, body) {
      writeFileSync(target(file), body);
    },
    reuse(file, existing) {
      try {
        linkSync(existing, target(file));
        return true;
      } catch {
        return false;
      }
    },
    async commit() {
      let hadOld = true;
      try {
        await rename(abs, old);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        hadOld = false;
      }
      await rename(temp, abs);
      if (hadOld) await rm(old, { recursive: true, force: true });
    },
    async abort() {
      await rm(temp, { recursive: true, force: true });
    },
  };
}

export async function writeDist(outDir: string, files: OutputFile[]): Promise<void> {
  const writer = await openDist(outDir);
  try {
    for (const f of files) writer.write(f.path, f.body);
  } catch (error) {
    await writer.abort();
    throw error;
  }
  await writer.commit();
}
