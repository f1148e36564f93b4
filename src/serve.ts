/**
 * Serves the output folder for preview: sirv answers the spec's extensionless routes (`/articles/x`
 * from `articles/x.html`, `/feeds/rss` from `feeds/rss.xml`), unknown paths get the 404 page with
 * status 404. Binds 127.0.0.1 unless told otherwise; sirv never serves outside the folder.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import sirv from 'sirv';

export interface ServeOptions {
  root: string;
  port: number;
  host: string;
}

export interface RunningServer {
  url: string;
  server: Server;
  closed: Promise<void>;
  close(): Promise<void>;
}

export async function startServer(opts: ServeOptions): Promise<RunningServer> {
  // dev mode: no in-memory file list, so a rebuilt dist/ is served at once.
  const assets = sirv(opts.root, { dev: true, extensions: ['html', 'xml', 'json', 'txt'], etag: true });
  const server = createServer((req, res) => {
    assets(req, res, async () => {
      try {
        const body = await readFile(path.join(opts.root, '404.html'));
        res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8' }).end(body);
      } catch {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
      }
    });
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
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
