/**
 * The serve measurement: starts `legalsite serve --port 0 --host 127.0.0.1`, waits for "Serving … at
 * http://127.0.0.1:PORT", subscribes to the server-sent events at GET /__legalsite/events, then edits
 * one article at a time and times write → the first `event: reload` (the edited page) and write →
 * `event: ok` (the full rebuild done). A serve without that stream (404 or not
 * text/event-stream) is reported as not available rather than as a failure.
 * Reads: the server's stdout and event stream. Writes: the edited articles.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import type { ChildRegistry } from './children.js';
import { editArticle } from './edit-article.js';

export const EVENTS_PATH = '/__legalsite/events';

export interface ServeRun {
  status: 'ok' | 'not-available' | 'failed';
  /** Spawn → "Serving … at" line (the initial build included). */
  readyMs?: number;
  /** One write → first reload time per edit (serve reloads the edited page before the full rebuild). */
  reloadMs: number[];
  /** One write → the full rebuild's "ok" event per edit: every output up to date. */
  rebuiltMs?: number[];
  note?: string;
}

export interface ServeRequest {
  root: string;
  content: string;
  out: string;
  /** Article files to edit, one per timed edit. */
  files: string[];
  readyTimeoutMs: number;
  reloadTimeoutMs: number;
  /** Pause before each edit, so the watcher is ready and the previous rebuild has settled. */
  settleMs: number;
}

/** Runs the serve measurement; always stops the server before returning. */
export async function measureServe(children: ChildRegistry, req: ServeRequest): Promise<ServeRun> {
  const started = performance.now();
  const child = children.spawn(
    process.execPath,
    ['bin/legalsite.js', 'serve', '--content', req.content, '--out', req.out, '--port', '0', '--host', '127.0.0.1'],
    { cwd: req.root, env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  // Both pipes are drained for the server's whole life, so its rebuild logs can never block it.
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (s: string) => (stderr = (stderr + s).slice(-4000)));
  child.stdout!.setEncoding('utf8').resume();
  let stream: EventStream | undefined;
  try {
    const base = await waitForLine(child.stdout!, /Serving .* at (http:\/\/127\.0\.0\.1:\d+)/, req.readyTimeoutMs, () => child.exitCode !== null);
    if (!base) return { status: 'failed', reloadMs: [], note: `serve did not start: ${firstProblem(stderr) ?? (child.exitCode === null ? 'timed out' : `exit ${child.exitCode}`)}` };
    const readyMs = performance.now() - started;
    stream = openEventStream(base);
    const opened = await stream.opened;
    if (opened !== 'open' && opened !== 'pending') return { status: 'not-available', readyMs, reloadMs: [], note: `GET ${EVENTS_PATH}: ${opened}` };
    const reloadMs: number[] = [];
    const rebuiltMs: number[] = [];
    for (const [i, file] of req.files.entries()) {
      await delay(req.settleMs);
      const t0 = performance.now();
      editArticle(file, `serve edit ${i + 1}`);
      const event = await stream.nextEvent(t0, req.reloadTimeoutMs);
      const refused = stream.refusal();
      if (refused) return { status: 'not-available', readyMs, reloadMs, note: `GET ${EVENTS_PATH}: ${refused}` };
      if (!event && stream.ended()) {
        await delay(500);
        const how = child.exitCode !== null || child.signalCode !== null ? `serve exited (${child.signalCode ?? `code ${child.exitCode}`})` : 'the event stream closed';
        return { status: 'failed', readyMs, reloadMs, note: `${how} after edit ${i + 1}${firstProblem(stderr) ? `: ${firstProblem(stderr)}` : ''}` };
      }
      if (!event) return { status: 'failed', readyMs, reloadMs, note: `no reload event within ${(req.reloadTimeoutMs / 1000).toFixed(0)} s of edit ${i + 1}` };
      if (event.name !== 'reload') return { status: 'failed', readyMs, reloadMs, note: `edit ${i + 1} gave "${event.name}": ${event.data.slice(0, 300)}` };
      reloadMs.push(event.at - t0);
      const done = await stream.nextEvent(t0, req.reloadTimeoutMs, 'ok');
      if (done) rebuiltMs.push(done.at - t0);
    }
    return { status: 'ok', readyMs, reloadMs, rebuiltMs };
  } finally {
    stream?.close();
    await children.stop(child);
  }
}

interface StreamEvent {
  name: string;
  data: string;
  /** performance.now() when the chunk holding it arrived. */
  at: number;
}

/** The events that end a timed edit (a reload, or the rebuild failed), and the end of the full rebuild. */
const OUTCOMES = new Set(['reload', 'build-error', 'ok']);

interface EventStream {
  /** 'open', 'pending' (no headers yet: some servers flush them with the first event) or why not. */
  opened: Promise<string>;
  /** The first reload or build-error event (or the one named) received after `since`; undefined on timeout, refusal or end. */
  nextEvent(since: number, timeoutMs: number, name?: string): Promise<StreamEvent | undefined>;
  /** Why the stream was refused, once the response says so. */
  refusal(): string | undefined;
  /** Whether the stream has ended (the server closed it or died). */
  ended(): boolean;
  close(): void;
}

function openEventStream(base: string): EventStream {
  const events: StreamEvent[] = [];
  const waiters = new Set<() => void>();
  let refused: string | undefined;
  let ended = false;
  const wake = () => waiters.forEach((w) => w());
  const req = http.get(`${base}${EVENTS_PATH}`, { headers: { accept: 'text/event-stream' }, agent: false });
  const opened = new Promise<string>((resolve) => {
    const timer = setTimeout(() => resolve('pending'), 3000);
    req.once('error', (e) => (clearTimeout(timer), (refused ??= e.message), resolve(refused), wake()));
    req.once('response', (res) => {
      clearTimeout(timer);
      const type = String(res.headers['content-type'] ?? '');
      if (res.statusCode !== 200 || !type.startsWith('text/event-stream')) {
        refused = `status ${res.statusCode}, ${type || 'no content type'}`;
        res.resume();
        resolve(refused);
        wake();
        return;
      }
      let buffer = '';
      res.setEncoding('utf8').on('data', (chunk: string) => {
        const at = performance.now();
        buffer += chunk.replace(/\r\n?/g, '\n');
        // Events end with a blank line; keep an unfinished one for the next chunk.
        const parts = buffer.split('\n\n');
        buffer = parts.pop()!;
        for (const part of parts) {
          const name = /^event: ?(.*)$/m.exec(part)?.[1] ?? 'message';
          const data = [...part.matchAll(/^data: ?(.*)$/gm)].map((m) => m[1]).join('\n');
          if (OUTCOMES.has(name)) events.push({ name, data, at });
        }
        wake();
      });
      res.once('close', () => ((ended = true), wake()));
      resolve('open');
    });
  });
  return {
    opened,
    refusal: () => refused,
    ended: () => ended,
    nextEvent: (since, timeoutMs, name) =>
      new Promise((resolve) => {
        const settle = (event: StreamEvent | undefined) => {
          waiters.delete(check);
          clearTimeout(timer);
          resolve(event);
        };
        const check = () => {
          const hit = events.find((e) => e.at >= since && (name ? e.name === name : e.name !== 'ok'));
          if (hit || refused || ended) settle(hit);
        };
        const timer = setTimeout(() => settle(undefined), timeoutMs);
        waiters.add(check);
        check();
      }),
    close: () => req.destroy(),
  };
}

function waitForLine(stream: NodeJS.ReadableStream, pattern: RegExp, timeoutMs: number, exited: () => boolean): Promise<string | undefined> {
  return new Promise((resolve) => {
    let seen = '';
    const finish = (value: string | undefined) => {
      clearTimeout(timer);
      clearInterval(poll);
      stream.removeListener('data', onData);
      resolve(value);
    };
    const onData = (chunk: Buffer | string) => {
      seen += chunk.toString();
      const m = pattern.exec(seen);
      if (m) finish(m[1]);
    };
    const timer = setTimeout(() => finish(undefined), timeoutMs);
    const poll = setInterval(() => exited() && finish(undefined), 200);
    stream.on('data', onData);
  });
}

/** The line of a crash log that says what went wrong (V8's "FATAL ERROR", an error message), not its stack. */
export function firstProblem(stderr: string): string | undefined {
  const lines = stderr.split('\n').map((l) => l.trim()).filter(Boolean);
  return lines.find((l) => /FATAL ERROR|out of memory|error|failure/i.test(l)) ?? (lines.slice(-3).join(' | ') || undefined);
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
