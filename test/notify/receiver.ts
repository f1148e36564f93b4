/** Test helper: an HTTP receiver on 127.0.0.1 (node:http) that records every request with its raw body
 * and answers with the status a test's function returns, for IndexNow endpoints and webhook URLs. */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The exact bytes received, as text. */
  body: string;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** Requests to one path. */
  to(path: string): Received[];
  close(): Promise<void>;
}

/** Starts a receiver; `respond` decides each status (it may wait) from the request and all so far,
 * `extraHeaders` any headers to add to an answer (a redirect's Location). */
export async function startReceiver(
  respond: (req: Received, all: Received[]) => number | Promise<number> = () => 200,
  extraHeaders: (req: Received) => Record<string, string> = () => ({}),
): Promise<Receiver> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const r: Received = { method: req.method!, path: req.url!, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(r);
      const status = await respond(r, received);
      res.writeHead(status, { 'Content-Type': 'text/plain', ...extraHeaders(r) });
      res.end(status < 300 ? 'ok' : 'failed on purpose');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    to: (path) => received.filter((r) => r.path === path),
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
