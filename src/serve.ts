/**
 * Serves the output folder for preview as a plain static host would (docs/hosting.md): `/x` is the
 * file `x`, `x.html` or `x/index.html` and nothing else, so a link that works here works on GitHub
 * Pages, Netlify, Cloudflare Pages, nginx and (through publish's keys) S3; unknown paths get the 404
 * page with status 404, and nothing outside the folder is ever served. With `live`, HTML pages get the live-reload client and
 * /__legalsite/events streams reload and build-error events (server-sent events).
 */
import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import sirv from 'sirv';
import { EVENTS_PATH, LIVE_CLIENT, LIVE_CLIENT_PATH } from './dev/live-client.js';

export interface ServeOptions {
  root: string;
  port: number;
  host: string;
  /** Inject the live-reload client and serve the event stream. */
  live?: boolean;
  /** Extra response headers for every response (e.g. the Content-Security-Policy). */
  headers?: Record<string, string>;
}

export interface RunningServer {
  url: string;
  server: Server;
  closed: Promise<void>;
  close(): Promise<void>;
  /** Sends an event to every open page (live mode). */
  broadcast(event: 'reload' | 'build-error' | 'ok', data: unknown): void;
  /** The event a newly opened page should get first (the current build error, if any). */
  setInitialEvent(event: { name: 'build-error'; data: unknown } | undefined): void;
}

/** The HTML file a URL path maps to, or undefined; never a path outside `root`. */
export function htmlFileFor(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  const rel = path.posix.normalize(decoded).replace(/^\/+/, '').replace(/\/+$/, '');
  if (rel.startsWith('..') || rel.includes('\0')) return undefined;
  const candidates = rel === '' ? ['index.html'] : rel.endsWith('.html') ? [rel] : [`${rel}.html`, `${rel}/index.html`];
  for (const c of candidates) {
    const abs = path.join(root, c);
    if (abs.startsWith(path.resolve(root) + path.sep) && existsSync(abs) && statSync(abs).isFile()) return abs;
  }
  return undefined;
}

export async function startServer(opts: ServeOptions): Promise<RunningServer> {
  // dev mode: no in-memory file list, so a rebuilt dist/ is served at once.
  // No extension guessing beyond htmlFileFor's `.html`: a static host does none either.
  const assets = sirv(opts.root, { dev: true, extensions: [], etag: true, setHeaders: (res) => setHeaders(res) });
  const clients = new Set<ServerResponse>();
  let initial: { name: 'build-error'; data: unknown } | undefined;
  const setHeaders = (res: ServerResponse) => {
    for (const [k, v] of Object.entries(opts.headers ?? {})) res.setHeader(k, v);
  };
  const sendHtml = async (res: ServerResponse, file: string, status: number) => {
    let html = await readFile(file, 'utf8');
    if (opts.live) html = html.replace('</body>', `<script type="module" src="${LIVE_CLIENT_PATH}"></script></body>`);
    setHeaders(res);
    res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' }).end(html);
  };
  const notFound = async (res: ServerResponse) => {
    const page = path.join(opts.root, '404.html');
    if (existsSync(page)) return sendHtml(res, page, 404);
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const urlPath = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (opts.live && urlPath === EVENTS_PATH) {
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
      res.write(': connected\n\n');
      if (initial) res.write(`event: ${initial.name}\ndata: ${JSON.stringify(initial.data)}\n\n`);
      clients.add(res);
      req.on('close', () => clients.delete(res));
      return;
    }
    if (opts.live && urlPath === LIVE_CLIENT_PATH) {
      res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' }).end(LIVE_CLIENT);
      return;
    }
    const html = req.method === 'GET' || req.method === 'HEAD' ? htmlFileFor(opts.root, urlPath) : undefined;
    if (html) return void sendHtml(res, html, 200).catch(() => notFound(res));
    assets(req, res, () => void notFound(res));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  const closed = new Promise<void>((resolve) => server.once('close', () => resolve()));
  return {
    url: `http://${opts.host.includes(':') ? `[${opts.host}]` : opts.host}:${port}`,
    server,
    closed,
    close: () =>
      new Promise((resolve) => {
        for (const c of clients) c.end();
        server.close(() => resolve());
      }),
    broadcast(event, data) {
      for (const c of clients) c.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    setInitialEvent(event) {
      initial = event;
    },
  };
}
