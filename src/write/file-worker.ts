/**
 * The file thread (file-thread.ts): lists folders and joins files, on a thread of its own that loads
 * nothing but `fs`, so it starts at once. A folder listing is every entry under it, except folders
 * themselves, with its lstat, sent as names joined by NUL (which no file name holds) and the stats in
 * one array: two values to copy, not 50,000.
 */
import { closeSync, lstatSync, openSync, readdirSync, readFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';

export const FACTS_PER_FILE = 5;

export type FileRequest = { id: number; kind: 'scan'; folders: string[] } | { id: number; kind: 'join'; parts: string[]; separator: string; out: string };

export type FileReply = { id: number; index: number; folder?: { names: string; facts: Float64Array } } | { id: number; joined: true } | { id: number; error: string };

/** Marks the thread as started by file-thread.ts (another thread may load this module too). */
export interface FileThreadData {
  fileThread: true;
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

/** Writes `out` as `parts` joined by `separator`, part by part (llms-full.txt is over 100 MB at
 * 10,000 articles). */
function join(parts: string[], separator: string, out: string): void {
  const fd = openSync(out, 'w');
  try {
    parts.forEach((part, i) => {
      if (i) writeSync(fd, separator);
      writeSync(fd, readFileSync(part));
    });
  } finally {
    closeSync(fd);
  }
}

if (parentPort && (workerData as FileThreadData | undefined)?.fileThread) {
  const port = parentPort;
  port.on('message', (request: FileRequest) => {
    if (request.kind === 'scan') {
      request.folders.forEach((dir, index) => {
        const folder = scan(dir);
        port.postMessage({ id: request.id, index, folder } satisfies FileReply, folder ? [folder.facts.buffer as ArrayBuffer] : []);
      });
      return;
    }
    try {
      join(request.parts, request.separator, request.out);
      port.postMessage({ id: request.id, joined: true } satisfies FileReply);
    } catch (error) {
      port.postMessage({ id: request.id, error: (error as Error).message } satisfies FileReply);
    }
  });
}
