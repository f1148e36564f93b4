/**
 * A thread for the build's bulk file work, which it does while the main thread goes on: listing the
 * content and output folders with every file's stat as the build starts (at 10,000 articles, 66,000
 * stats and two globs took half a second of the main thread), and joining llms-full.txt (100 MB)
 * from its parts. It loads nothing but `fs`, so it is ready at once.
 * A folder that cannot be listed gives undefined, and its users list it themselves.
 */
import { Worker } from 'node:worker_threads';
import type { FileStat } from '../file-stat.js';
import { workerModule } from '../parallel/worker-module.js';
import { FACTS_PER_FILE, type FileReply, type FileRequest, type FileThreadData } from './file-worker.js';

export interface ScannedFile extends FileStat {
  /** A regular file (not a symbolic link or other special file: its stat is the link's own). */
  isFile: boolean;
}

/** Path inside the folder (forward slashes) → its stat. */
export type ScannedFolder = Map<string, ScannedFile>;

export class FileThread {
  private worker = new Worker(workerModule(import.meta.url, './file-worker.ts'), { workerData: { fileThread: true } satisfies FileThreadData });
  private next = 0;
  private waiting = new Map<number, (reply: FileReply) => void>();
  private failure?: Error;

  constructor() {
    const fail = (error: Error) => {
      this.failure ??= error;
      for (const settle of this.waiting.values()) settle({ id: -1, error: error.message });
      this.waiting.clear();
    };
    this.worker.on('message', (reply: FileReply) => this.waiting.get(reply.id)?.(reply));
    this.worker.on('error', fail);
    this.worker.on('exit', () => fail(new Error('the file thread stopped')));
  }

  /** Lists `folders` one after the other: each promise settles as its folder is listed. */
  scan(folders: string[]): Promise<ScannedFolder | undefined>[] {
    const settle: ((folder: ScannedFolder | undefined) => void)[] = [];
    const listed = folders.map(() => new Promise<ScannedFolder | undefined>((resolve) => settle.push(resolve)));
    if (this.failure) settle.forEach((s) => s(undefined));
    else {
      const id = this.next++;
      let replies = 0;
      this.waiting.set(id, (reply) => {
        if ('index' in reply) settle[reply.index](reply.folder && unpack(reply.folder.names, reply.folder.facts));
        else settle.forEach((s) => s(undefined));
        if (!('index' in reply) || ++replies === folders.length) this.waiting.delete(id);
      });
      this.worker.postMessage({ id, kind: 'scan', folders } satisfies FileRequest);
    }
    return listed;
  }

  /** Writes `out` as the files `parts` joined by `separator`. */
  join(parts: string[], separator: string, out: string): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, (reply) => {
        this.waiting.delete(id);
        if ('error' in reply) reject(new Error(`joining ${out} failed: ${reply.error}`));
        else resolve();
      });
      this.worker.postMessage({ id, kind: 'join', parts, separator, out } satisfies FileRequest);
    });
  }

  async close(): Promise<void> {
    this.failure ??= new Error('the file thread is closed');
    await this.worker.terminate();
  }
}

function unpack(names: string, facts: Float64Array): ScannedFolder {
  const folder: ScannedFolder = new Map();
  if (names === '') return folder;
  names.split('\0').forEach((name, i) => {
    const at = i * FACTS_PER_FILE;
    folder.set(name, { isFile: facts[at] === 1, size: facts[at + 1], mtimeMs: facts[at + 2], ctimeMs: facts[at + 3], ino: facts[at + 4] });
  });
  return folder;
}
