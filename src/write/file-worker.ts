/**
 * The file thread (file-thread.ts): lists folders, joins files, splices the published manifest and
 * makes files of rows from the last build's,
 * on a thread of its own that loads nothing but `fs` and the manifest's text functions (a few
 * kilobytes), so it starts at once. A folder listing is every entry under it, except folders
 * themselves, with its lstat, sent as names joined by NUL (which no file name holds) and the stats in
 * one array: two values to copy, not 50,000.
 * A folder listed "shared" has its stats taken in chunks that any thread may claim (statChunks): the
 * names go to the main thread as soon as they are known, so a main thread with nothing else to do
 * takes stats alongside (the no-change check of a 54,000-file output folder waits on them).
 */
import { closeSync, lstatSync, openSync, readdirSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { writePieces } from './atomic-file.js';
import { namingFile } from './named-write.js';
import { publishedFrame, type PublishedFrame, spliceFramed } from '../passes/published.js';

export const FACTS_PER_FILE = 5;

export type FileRequest =
  | { id: number; kind: 'scan'; folders: string[]; shared?: boolean[] }
  | { id: number; kind: 'join'; parts: string[]; separator: string; out: string }
  | ({ id: number; kind: 'published-frame'; key: number } & PublishedTail)
  | ({ id: number; kind: 'splice-published' } & PublishedSplice)
  | ({ id: number; kind: 'splice-rows' } & RowsSplice);

/**
 * A file of rows (the article index, the exports) made from the last build's copy of it
 * (engine/file-rows.ts planRows): its pieces in order, each bytes made now or the bytes of the last
 * file from one offset to another.
 */
export interface RowsSplice {
  /** The last build's file, as the output folder holds it, and its size when the plan was made. */
  last: string;
  lastSize: number;
  out: string;
  pieces: (Uint8Array | [from: number, to: number])[];
}

/** What the published manifest holds after its pages: every file but the pages (URLs joined by
 * NUL), and the redirects. */
export interface PublishedTail {
  site: string;
  files: string;
  redirects: [from: string, to: string][];
}

/**
 * The published manifest made from the last build's (passes/published.ts, splicePublishedLines),
 * written to `out`. Lists of URLs are joined by NUL (no URL holds one): one string to copy between
 * threads, not 400,000 at 50,000 articles.
 */
export interface PublishedSplice {
  /** The last build's manifest, as the output folder holds it. */
  last: string;
  out: string;
  /** Every page's URL, in any order. */
  urls: string;
  /** The anchors (as JSON) of each page made by this build, by URL. */
  changed: [url: string, anchors: string][];
  /** The rest of the manifest, or the key of a 'published-frame' request that made it already. */
  tail: PublishedTail | { key: number };
}

/** A folder being listed by more than one thread: its names, and shared memory for its stats
 * (FACTS_PER_FILE per name) and for the chunk counters (CURSOR). */
export interface SharedListing {
  names: string;
  facts: SharedArrayBuffer;
  cursor: SharedArrayBuffer;
}

export type FileReply =
  | { id: number; index: number; folder?: { names: string; facts: Float64Array } }
  | { id: number; index: number; shared?: SharedListing }
  | { id: number; index: number; finished: true }
  | { id: number; joined: true }
  | { id: number; spliced: boolean }
  | { id: number; rows: boolean }
  | { id: number; framed: true }
  /** A failure, with the system error's code, call and path when there is one (a full disk). */
  | { id: number; error: string; code?: string; syscall?: string; path?: string };

/** Names per chunk of stats. */
const CHUNK = 512;
/** Slots of a shared listing's cursor: the next chunk to claim, chunks done, and 1 once a stat failed. */
export const CURSOR = { next: 0, done: 1, failed: 2 } as const;

export const chunksOf = (names: number) => Math.ceil(names / CHUNK);

/** Marks the thread as started by file-thread.ts (another thread may load this module too). */
export interface FileThreadData {
  fileThread: true;
}

/** The paths under `root` (forward slashes), folders left out; undefined if it cannot be listed. */
function list(root: string): string[] | undefined {
  const names: string[] = [];
  const walk = (rel: string) => {
    for (const entry of readdirSync(rel ? path.join(root, rel) : root, { withFileTypes: true })) {
      const name = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(name);
      else names.push(name);
    }
  };
  try {
    walk('');
  } catch {
    return undefined;
  }
  return names;
}

function statInto(root: string, name: string, facts: Float64Array, at: number): void {
  const st = lstatSync(path.join(root, name));
  facts[at] = st.isFile() ? 1 : 0;
  facts[at + 1] = st.size;
  facts[at + 2] = st.mtimeMs;
  facts[at + 3] = st.ctimeMs;
  facts[at + 4] = st.ino;
}

/** `root` listed as the file thread lists it: every entry but folders (a link is an entry, never followed), with its lstat. */
export function scan(root: string): { names: string; facts: Float64Array } | undefined {
  const names = list(root);
  if (!names) return undefined;
  const facts = new Float64Array(names.length * FACTS_PER_FILE);
  try {
    names.forEach((name, i) => statInto(root, name, facts, i * FACTS_PER_FILE));
  } catch {
    return undefined;
  }
  return { names: names.join('\0'), facts };
}

/** Takes stats of a shared listing, chunk by chunk, until no chunk is left to claim (by this thread or another). */
export function statChunks(root: string, names: readonly string[], facts: Float64Array, cursor: Int32Array): void {
  const chunks = chunksOf(names.length);
  for (let c = Atomics.add(cursor, CURSOR.next, 1); c < chunks; c = Atomics.add(cursor, CURSOR.next, 1)) {
    try {
      for (let i = c * CHUNK; i < Math.min(names.length, (c + 1) * CHUNK); i++) statInto(root, names[i], facts, i * FACTS_PER_FILE);
    } catch {
      Atomics.store(cursor, CURSOR.failed, 1); // a file went away meanwhile: the listing is not to be trusted
    }
    Atomics.add(cursor, CURSOR.done, 1);
  }
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

const urlsOf = (joined: string) => (joined === '' ? [] : joined.split('\0'));

/** Frames made ahead of their splice (by the key the main thread gave), each used once. */
const frames = new Map<number, PublishedFrame>();

const frameOf = ({ site, files, redirects }: PublishedTail): PublishedFrame => publishedFrame(site, urlsOf(files), new Map(redirects));

/** Writes the spliced manifest; false (nothing written) when the last one cannot be read or spliced. */
function splicePublished(request: PublishedSplice): boolean {
  const frame = 'key' in request.tail ? frames.get(request.tail.key) : frameOf(request.tail);
  if ('key' in request.tail) frames.delete(request.tail.key);
  if (!frame) return false; // its frame was not made: the main thread makes the manifest whole
  let last: string;
  try {
    last = readFileSync(request.last, 'utf8');
  } catch {
    return false;
  }
  const changed = new Map(request.changed);
  const text = spliceFramed(last, frame, urlsOf(request.urls).sort(), (url) => changed.get(url));
  if (text === undefined) return false;
  writeFileSync(request.out, text);
  return true;
}

/** Writes the file of rows; false (nothing written) when the last file cannot be read or is no
 * longer the size the plan was made for. */
function spliceRows({ last, lastSize, out, pieces }: RowsSplice): boolean {
  let bytes: Buffer;
  try {
    bytes = readFileSync(last);
  } catch {
    return false;
  }
  if (bytes.length !== lastSize) return false;
  writePieces(out, pieces.map((piece) => (piece instanceof Uint8Array ? piece : bytes.subarray(piece[0], piece[1]))));
  return true;
}

if (parentPort && (workerData as FileThreadData | undefined)?.fileThread) {
  const port = parentPort;
  const scanShared = (id: number, index: number, dir: string) => {
    const names = list(dir);
    if (!names) return port.postMessage({ id, index } satisfies FileReply);
    const shared: SharedListing = { names: names.join('\0'), facts: new SharedArrayBuffer(names.length * FACTS_PER_FILE * 8), cursor: new SharedArrayBuffer(3 * 4) };
    port.postMessage({ id, index, shared } satisfies FileReply);
    statChunks(dir, names, new Float64Array(shared.facts), new Int32Array(shared.cursor));
    port.postMessage({ id, index, finished: true } satisfies FileReply);
  };
  port.on('message', (request: FileRequest) => {
    if (request.kind === 'scan') {
      request.folders.forEach((dir, index) => {
        if (request.shared?.[index]) return scanShared(request.id, index, dir);
        const folder = scan(dir);
        port.postMessage({ id: request.id, index, folder } satisfies FileReply, folder ? [folder.facts.buffer as ArrayBuffer] : []);
      });
      return;
    }
    try {
      if (request.kind === 'splice-published') port.postMessage({ id: request.id, spliced: splicePublished(request) } satisfies FileReply);
      else if (request.kind === 'splice-rows') port.postMessage({ id: request.id, rows: spliceRows(request) } satisfies FileReply);
      else if (request.kind === 'published-frame') {
        frames.set(request.key, frameOf(request));
        port.postMessage({ id: request.id, framed: true } satisfies FileReply);
      } else {
        join(request.parts, request.separator, request.out);
        port.postMessage({ id: request.id, joined: true } satisfies FileReply);
      }
    } catch (caught) {
      // A write that fails once its file is open (a full disk) names no file: the line the editor reads must.
      const error = 'out' in request ? namingFile(caught, request.out) : caught;
      const { message, code, syscall, path: file } = error as NodeJS.ErrnoException;
      port.postMessage({ id: request.id, error: message, code, syscall, path: file } satisfies FileReply);
    }
  });
}
