/**
 * Serves the output folder for preview as a plain static host would (docs/hosting.md): `/x` is the
 * file `x`, `x.html` or `x/index.html` and nothing else, so a link that works here works on GitHub
 * Pages, Netlify, Cloudflare Pages, nginx and (through publish's keys) S3; unknown paths get the 404
 * page with status 404, and nothing outside the folder is ever served. With `live`, HTML pages get the live-reload client and
 * /__legalsite/events streams reload and build-error events (server-sent events).
 * Like the hosts that read it (Netlify, Cloudflare Pages), it answers each address `_redirects`
 * lists with its redirect (a renamed article's former addresses, issue 17): a real 301, which the
 * browser follows keeping the fragment.
 */
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import sirv from 'sirv';
import { EVENTS_PATH, LIVE_CLIENT, LIVE_CLIENT_PATH } from './dev/live-client.js';
import { parseRedirectsFile } from './routes/redirects.js';
import { leavesFolder } from './inside-folder.js';
import { contentTypeFor } from './publish/content-types.js';

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
  if (leavesFolder(rel, '/') || rel.includes('\0')) return undefined;
  const candidates = rel === '' ? ['index.html'] : rel.endsWith('.html') ? [rel] : [`${rel}.html`, `${rel}/index.html`];
  for (const c of candidates) {
    const abs = path.join(root, c);
    if (abs.startsWith(path.resolve(root) + path.sep) && existsSync(abs) && statSync(abs).isFile()) return insideRoot(root, abs) ? abs : undefined;
  }
  return undefined;
}

/** Whether every file a request for `urlPath` could get (as a page, as a file, or a folder's index,
 * whichever sirv or htmlFileFor picks) lies inside `root` once links are resolved, and is a file or
 * a folder: a link in the output folder is never followed out of it, and a named pipe, socket or
 * device put there is never opened (reading a pipe no one writes to held the request forever). */
export function staysInside(root: string, urlPath: string): boolean {
  let rel: string;
  try {
    rel = path.posix.normalize(decodeURIComponent(urlPath)).replace(/^\/+/, '').replace(/\/+$/, '');
  } catch {
    return false;
  }
  const candidates = [rel, `${rel}.html`, path.posix.join(rel, 'index'), path.posix.join(rel, 'index.html')];
  for (const c of candidates) {
    const abs = path.join(root, c);
    let isFile: boolean;
    try {
      const st = statSync(abs);
      if (!st.isFile() && !st.isDirectory()) return false;
      isFile = st.isFile();
    } catch {
      continue;
    }
    if (isFile && !insideRoot(root, abs)) return false;
  }
  return true;
}

function insideRoot(root: string, abs: string): boolean {
  try {
    const real = realpathSync.native(abs);
    const realRoot = realpathSync.native(root);
    return real === realRoot || real.startsWith(realRoot + path.sep);
  } catch {
    return false;
  }
}

/**
 * The answer to a Range header that cannot be served (RFC 9110 §14): malformed, or a first byte after
 * the last. sirv would pass such a range to the file stream, which throws and ends the server.
 * Undefined for a range sirv serves correctly, or for none; a suffix range ("bytes=-500"), which
 * sirv reads wrongly, is dropped so the whole file is sent (a server may ignore Range).
 */
export function badRange(req: IncomingMessage): boolean {
  const range = req.headers.range;
  if (range === undefined) return false;
  const m = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
  if (!m || (m[1] === '' && m[2] === '')) return true;
  if (m[1] === '') {
    delete req.headers.range;
    return false;
  }
  return m[2] !== '' && Number(m[1]) > Number(m[2]);
}

/** The answer for a path with nothing at it: the site's 404 page, or plain text. Never fails: a
 * rebuild that writes the output folder afresh can take 404.html away between the look and the
 * read, and a rejection here would end the whole server (it did, under load). */
async function answerNotFound(root: string, res: ServerResponse, sendHtml: (res: ServerResponse, file: string, status: number) => Promise<void>): Promise<void> {
  const page = path.join(root, '404.html');
  try {
    // As every other answer: never a file the output folder links to outside it, never a pipe.
    if (existsSync(page) && statSync(page).isFile() && insideRoot(root, page)) return await sendHtml(res, page, 404);
  } catch {
    // Gone since: the plain answer below.
  }
  if (res.headersSent) return void res.end();
  res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
}

/** The redirects of `{root}/_redirects` (routes/redirects.ts), read again whenever the file changes. */
export function redirectsIn(root: string): (urlPath: string) => { to: string; status: number } | undefined {
  const file = path.join(root, '_redirects');
  let seen: { mtimeMs: number; rules: Map<string, { to: string; status: number }> } | undefined;
  return (urlPath) => {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      return undefined;
    }
    if (seen?.mtimeMs !== mtimeMs) seen = { mtimeMs, rules: parseRedirectsFile(readFileSync(file, 'utf8')) };
    return seen.rules.get(urlPath);
  };
}

export async function startServer(opts: ServeOptions): Promise<RunningServer> {
  // dev mode: no in-memory file list, so a rebuilt dist/ is served at once.
  // No extension guessing beyond htmlFileFor's `.html`: a static host does none either.
  // Each file with the type publish stores it with (and _headers declares): sirv's own table sends
  // BibTeX, RIS and JSON Lines with an empty type, Markdown and text without their charset, and the
  // feeds as text/xml, and a file it does not know (.docx) with an empty type, so the preview would
  // not be what readers and crawlers get.
  const typed = (res: ServerResponse, pathname: string) => res.setHeader('Content-Type', contentTypeFor(pathname.replace(/^\/+/, '')));
  const assets = sirv(opts.root, { dev: true, extensions: [], etag: true, setHeaders: (res, pathname) => (typed(res, pathname), setHeaders(res)) });
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
  const notFound = (res: ServerResponse) => answerNotFound(opts.root, res, sendHtml);

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    try {
      handle(req, res);
    } catch {
      // Whatever one request does, the server goes on serving the others.
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Internal error');
    }
  });
  const redirectFor = redirectsIn(opts.root);
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = readTarget(req, res);
    if (!url) return;
    const urlPath = url.pathname;
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
    const redirect = redirectFor(urlPath);
    if (redirect) return void (setHeaders(res), res.writeHead(redirect.status, { Location: `${redirect.to}${url.search}`, 'Cache-Control': 'no-cache' }).end());
    if (!staysInside(opts.root, urlPath)) return void notFound(res);
    const html = req.method === 'GET' || req.method === 'HEAD' ? htmlFileFor(opts.root, urlPath) : undefined;
    if (html) return void sendHtml(res, html, 200).catch(() => notFound(res));
    // A file that cannot be read after all (removed by a rebuild, a permission) ends this response only.
    res.on('pipe', (source) => source.once('error', () => (res.headersSent ? res.destroy() : res.writeHead(404).end())));
    if (badRange(req)) {
      res.writeHead(416, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Range Not Satisfiable');
      return;
    }
    assets(req, res, () => void notFound(res));
  };
  const url = await listen(server, opts);
  const closed = new Promise<void>((resolve) => server.once('close', () => resolve()));
  return {
    url,
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

/** The request's target (requestTarget), set as its URL: sirv reads req.url for itself, and is
 * given the very path every check reads. A target that is no path is answered 400 here. */
function readTarget(req: IncomingMessage, res: ServerResponse): URL | undefined {
  const url = requestTarget(req.url);
  if (!url) return void res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Bad Request');
  req.url = `${url.pathname}${url.search}`;
  return url;
}

/**
 * The path and query a request asks for. A target that begins with a slash is a path on this
 * server, even one that begins with two: `new URL("//evil/key.txt", base)` reads "evil" as a host
 * and "/key.txt" as the path, so the checks passed a path other than the one sirv then served (a
 * link dist/evil → outside). A proxy's absolute form keeps its path. Anything else is not a request
 * for a file.
 */
export function requestTarget(raw: string | undefined): URL | undefined {
  const target = raw ?? '/';
  try {
    if (target.startsWith('/')) return new URL(`http://localhost${target}`);
    const absolute = new URL(target);
    return absolute.protocol === 'http:' || absolute.protocol === 'https:' ? new URL(`http://localhost${absolute.pathname}${absolute.search}`) : undefined;
  } catch {
    return undefined;
  }
}

/** Starts `server` listening; its base URL. */
async function listen(server: Server, opts: Pick<ServeOptions, 'port' | 'host'>): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  return `http://${opts.host.includes(':') ? `[${opts.host}]` : opts.host}:${port}`;
}
