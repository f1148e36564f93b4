/**
 * Lists folders on a thread of its own (scan-folders.ts): every entry under each folder, except
 * folders themselves, with its lstat. Replies once per folder, in order, with names joined by NUL
 * (which no file name holds) and the stats in one array, so the main thread receives two values,
 * not 50,000.
 */
import { lstatSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';

export const FACTS_PER_FILE = 5;

export interface ScanReply {
  index: number;
  /** Undefined when the folder could not be read. */
  folder?: { names: string; facts: Float64Array };
}

function scan(root: string): { names: string; facts: Float64Array } | undefined {
  const names: string[] = [];
  const facts: number[] = [];
  const walk = (rel: string) => {
    for (const entry of readdirSync(rel ? path.join(root, rel) : root, { withFileTypes: true })) {
      const name = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        walk(name);
        continue;
      }
      const st = lstatSync(path.join(root, name));
      names.push(name);
      facts.push(st.isFile() ? 1 : 0, st.size, st.mtimeMs, st.ctimeMs, st.ino);
    }
  };
  try {
    walk('');
  } catch {
    return undefined;
  }
  return { names: names.join('\0'), facts: Float64Array.from(facts) };
}

export interface ScanRequest {
  scanFolders: string[];
}

// Only when started by scan-folders.ts (a shard thread may load this module too).
const request = workerData as ScanRequest | undefined;
if (parentPort && Array.isArray(request?.scanFolders)) {
  request.scanFolders.forEach((dir, index) => {
    const folder = scan(dir);
    parentPort!.postMessage({ index, folder } satisfies ScanReply, folder ? [folder.facts.buffer as ArrayBuffer] : []);
  });
}
