/**
 * A thread for the build's bulk file work, which it does while the main thread goes on: listing the
 * content and output folders with every file's stat as the build starts (at 10,000 articles, 66,000
 * stats and two globs took half a second of the main thread), joining llms-full.txt (100 MB)
 * from its parts, and making the published manifest from the last build's (57 MB at 50,000
 * articles). It loads nothing but `fs` and the manifest's text functions, so it is ready at once.
 * A folder that cannot be listed gives undefined, and its users list it themselves.
 */
import { Worker } from 'node:worker_threads';
import type { FileStat } from '../file-stat.js';
import { workerModule } from '../parallel/worker-module.js';
import { JoinedNames } from './joined-names.js';
import { chunksOf, CURSOR, FACTS_PER_FILE, type FileReply, type FileRequest, type FileThreadData, type PublishedSplice, type PublishedTail, type RowsSplice, scan, statChunks } from './file-worker.js';

export interface ScannedFile extends FileStat {
  /** A regular file (not a symbolic link or other special file: its stat is the link's own). */
  isFile: boolean;
}

/**
 * A folder as listed: each path inside it (forward slashes) with its stat, kept as the file thread
 * took them (the paths joined, joined-names.ts; the stats in one Float64Array) and made into strings
 * and objects only when asked for. An output folder at 50,000 articles holds 424,000 files, which
 * as a Map of objects cost every rebuild more than a million objects for a few lookups each.
 */
export class ScannedFolder {
  constructor(
    readonly listed: JoinedNames,
    private readonly facts: Float64Array,
  ) {}

  get size(): number {
    return this.listed.count;
  }

  nameAt(i: number): string {
    return this.listed.at(i);
  }

  /** `name`'s stat, when the folder holds it. */
  get(name: string): ScannedFile | undefined {
    const i = this.listed.find(name);
    return i < 0 ? undefined : this.at(i);
  }

  /** The entry at `i` (of `listed`) is a regular file of the size and modification time of `then`. */
  sameAt(i: number, then: { size: number; mtimeMs: number }): boolean {
    const at = i * FACTS_PER_FILE;
    return this.facts[at] === 1 && this.facts[at + 1] === then.size && this.facts[at + 2] === then.mtimeMs;
  }

  /** Every entry is a regular file (no link or special file). */
  allFiles(): boolean {
    for (let i = 0; i < this.size; i++) if (this.facts[i * FACTS_PER_FILE] !== 1) return false;
    return true;
  }

  /** The entries whose names `keep` accepts, with their stats. */
  *entries(keep: (name: string) => boolean = () => true): IterableIterator<[string, ScannedFile]> {
    for (let i = 0; i < this.size; i++) {
      const name = this.listed.at(i);
      if (keep(name)) yield [name, this.at(i)];
    }
  }

  private at(i: number): ScannedFile {
    const at = i * FACTS_PER_FILE;
    const f = this.facts;
    return { isFile: f[at] === 1, size: f[at + 1], mtimeMs: f[at + 2], ctimeMs: f[at + 3], ino: f[at + 4] };
  }
}

/** A request to the file thread, without its id (given as it is sent). */
type Ask = { [K in FileRequest['kind']]: Omit<Extract<FileRequest, { kind: K }>, 'id'> }[FileRequest['kind']];

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

  /**
   * Lists `folders` one after the other. A folder marked in `shared` can be helped along: `help()`
   * takes stats on the calling thread while the file thread takes the rest (for a caller with nothing
   * else to do until the listing is complete).
   */
  scan(folders: string[], shared: boolean[] = []): FolderScan[] {
    const scans = folders.map((dir, index) => (shared[index] ? sharedScan(dir) : plainScan()));
    if (this.failure) scans.forEach((s) => s.fail());
    else {
      const id = this.next++;
      let settled = 0;
      this.waiting.set(id, (reply) => {
        if (!('index' in reply)) {
          scans.forEach((s) => s.fail());
          return void this.waiting.delete(id);
        }
        if (scans[reply.index].take(reply)) settled++;
        if (settled === folders.length) this.waiting.delete(id);
      });
      this.worker.postMessage({ id, kind: 'scan', folders, shared } satisfies FileRequest);
    }
    return scans;
  }

  /** Writes `out` as the files `parts` joined by `separator`. */
  join(parts: string[], separator: string, out: string): Promise<void> {
    return this.ask({ kind: 'join', parts, separator, out }, `joining ${out}`).then(() => undefined);
  }

  /** Writes the published manifest made from the last build's (file-worker.ts); false when it cannot
   * be made so (nothing written: the caller makes it whole). */
  splicePublished(splice: PublishedSplice): Promise<boolean> {
    return this.ask({ kind: 'splice-published', ...splice }, `writing ${splice.out}`).then((reply) => 'spliced' in reply && reply.spliced);
  }

  /** Writes a file of rows made from the last build's (file-worker.ts); false when the last file
   * cannot be read or changed size (nothing written: the caller makes it whole). */
  spliceRows(splice: RowsSplice): Promise<boolean> {
    return this.ask({ kind: 'splice-rows', ...splice }, `writing ${splice.out}`).then((reply) => 'rows' in reply && reply.rows);
  }

  /** Makes the published manifest's text after its pages (its 300,000 files sorted, at 50,000
   * articles) ahead of the splice, which then names it by the key returned. */
  framePublished(tail: PublishedTail): number {
    const key = this.next++;
    // A frame not made (a failure here) leaves the splice that names it to the caller: it answers false.
    this.ask({ kind: 'published-frame', key, ...tail }, "sorting the published manifest's files").catch(() => {});
    return key;
  }

  private ask(request: Ask, what: string): Promise<FileReply> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, (reply) => {
        this.waiting.delete(id);
        // The system error's code kept, so a full disk is reported as one (diagnostics/environment.ts).
        if ('error' in reply) reject(Object.assign(new Error(`${what} failed: ${reply.error}`), { code: reply.code, syscall: reply.syscall, path: reply.path }));
        else resolve(reply);
      });
      this.worker.postMessage({ id, ...request } as FileRequest);
    });
  }

  async close(): Promise<void> {
    this.failure ??= new Error('the file thread is closed');
    await this.worker.terminate();
  }
}

/** A folder being listed by the file thread. */
export interface FolderScan {
  /** Settles when the folder is listed (undefined if it could not be). */
  done: Promise<ScannedFolder | undefined>;
  /** The same, taking a share of the stats on this thread first when the listing is shared. */
  help(): Promise<ScannedFolder | undefined>;
}

interface Pending extends FolderScan {
  /** Takes a reply about this folder; true when the folder is settled. */
  take(reply: FileReply): boolean;
  fail(): void;
}

function plainScan(): Pending {
  let settle!: (folder: ScannedFolder | undefined) => void;
  const done = new Promise<ScannedFolder | undefined>((resolve) => (settle = resolve));
  return {
    done,
    help: () => done,
    take(reply) {
      const listed = 'folder' in reply ? reply.folder : undefined;
      settle(listed ? unpack(listed.names, listed.facts) : undefined);
      return true;
    },
    fail: () => settle(undefined),
  };
}

function sharedScan(dir: string): Pending {
  type Listing = { names: JoinedNames; facts: Float64Array; cursor: Int32Array };
  let settleListed!: (listing: Listing | undefined) => void;
  let settleFinished!: () => void;
  const listed = new Promise<Listing | undefined>((resolve) => (settleListed = resolve));
  const finished = new Promise<void>((resolve) => (settleFinished = resolve));
  let folder: ScannedFolder | undefined;
  const result = (l: Listing | undefined) => (!l || Atomics.load(l.cursor, CURSOR.failed) ? undefined : (folder ??= new ScannedFolder(l.names, l.facts)));
  const done = listed.then(async (l) => (l && (await finished), result(l)));
  return {
    done,
    async help() {
      const l = await listed;
      if (!l) return undefined;
      // Only a thread that helps take the stats needs the paths as strings.
      statChunks(dir, l.names.all(), l.facts, l.cursor);
      // The file thread may still be taking its last chunk.
      if (Atomics.load(l.cursor, CURSOR.done) < chunksOf(l.names.count)) await finished;
      return result(l);
    },
    take(reply) {
      if ('shared' in reply && reply.shared) {
        const { names, facts, cursor } = reply.shared;
        settleListed({ names: JoinedNames.parse(names), facts: new Float64Array(facts), cursor: new Int32Array(cursor) });
        return false;
      }
      if (!('finished' in reply)) settleListed(undefined); // could not be listed
      settleFinished();
      return true;
    },
    fail() {
      settleListed(undefined);
      settleFinished();
    },
  };
}

/** `dir` listed as the file thread lists it, but on the calling thread; undefined if it cannot be. */
export function listNow(dir: string): ScannedFolder | undefined {
  const listed = scan(dir);
  return listed && unpack(listed.names, listed.facts);
}

function unpack(names: string, facts: Float64Array): ScannedFolder {
  return new ScannedFolder(JoinedNames.parse(names), facts);
}
