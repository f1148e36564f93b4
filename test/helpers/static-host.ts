/**
 * Test helper: the plainest static host there is, standing in for GitHub Pages, Netlify, Cloudflare
 * Pages and nginx's `try_files $uri $uri.html $uri/index.html`. It knows no legalsite rule: `/x` is the
 * file `x`, `x.html` or `x/index.html` (a folder is never a file), anything else is `404.html` with
 * status 404, it never redirects and sends no header but Content-Type, which it infers from the file
 * name alone, as those hosts do (mime-db's types, which GitHub Pages serves; nginx's mime.types agree
 * on these, but for `.ris`, which it does not list). A name it does not know is application/octet-stream. Binds 127.0.0.1.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  xml: 'application/xml',
  json: 'application/json',
  md: 'text/markdown; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  pdf: 'application/pdf',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  ico: 'image/x-icon',
  woff2: 'font/woff2',
  ris: 'application/x-research-info-systems',
};

/** The type a plain host infers from a file name. */
export const hostTypeFor = (file: string) => TYPES[/\.([a-z0-9]+)$/i.exec(file)?.[1].toLowerCase() ?? ''] ?? 'application/octet-stream';

export interface StaticHost {
  url: string;
  /** Serve `body` for `urlPath` instead of the file (a test can inject markup into a page). */
  override(urlPath: string, body: string | undefined): void;
  close(): Promise<void>;
}

export async function startStaticHost(root: string): Promise<StaticHost> {
  const overrides = new Map<string, string>();
  const isFile = (f: string) => existsSync(f) && statSync(f).isFile();
  const server = createServer((req, res) => {
    let rel: string;
    try {
      rel = decodeURIComponent(new URL(req.url ?? '/', 'http://host').pathname).replace(/^\/+/, '');
    } catch {
      return void res.writeHead(400).end();
    }
    if (rel.split('/').includes('..')) return void res.writeHead(404).end();
    const candidates = rel === '' ? ['index.html'] : [rel, `${rel}.html`, `${rel}/index.html`];
    const file = candidates.map((c) => path.join(root, c)).find(isFile);
    const override = overrides.get(`/${rel}`);
    if (override !== undefined) return void res.writeHead(200, { 'Content-Type': TYPES.html }).end(override);
    if (!file) {
      const notFound = path.join(root, '404.html');
      return void res.writeHead(404, { 'Content-Type': TYPES.html }).end(isFile(notFound) ? readFileSync(notFound) : 'Not found');
    }
    res.writeHead(200, { 'Content-Type': hostTypeFor(file) }).end(req.method === 'HEAD' ? undefined : readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    override: (urlPath, body) => (body === undefined ? overrides.delete(urlPath) : overrides.set(urlPath, body)),
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
