/** Test helper: a real S3-compatible server (s3rver) on 127.0.0.1 with one empty bucket, behind a small
 * pass-through proxy that can fail the uploads of chosen keys. Records every object stored and deleted. */
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import S3rver from 's3rver';
import { tempDir } from '../helpers/sites.js';

export interface S3TestServer {
  /** The proxy's URL: give this to --endpoint. */
  endpoint: string;
  bucket: string;
  /** Keys stored (PUT) and deleted since the last `reset()`, in order. */
  readonly puts: string[];
  readonly deletes: string[];
  readonly pruned: string[];
  /** Uploads of these keys get HTTP 500 on every attempt. */
  failPuts: Set<string>;
  reset(): void;
  /** Fetches an object over plain HTTP (path-style), as a CDN in front of the bucket would. */
  get(key: string): Promise<Response>;
  close(): Promise<void>;
}

/** Credentials from the environment and no instance-metadata lookups: the tests only talk to 127.0.0.1. */
export const S3_ENV = {
  AWS_ACCESS_KEY_ID: 'S3RVER',
  AWS_SECRET_ACCESS_KEY: 'S3RVER',
  AWS_REGION: 'us-east-1',
  AWS_EC2_METADATA_DISABLED: 'true',
  AWS_CONFIG_FILE: '/dev/null',
  AWS_SHARED_CREDENTIALS_FILE: '/dev/null',
};

export async function startS3Server(bucket = 'site'): Promise<S3TestServer> {
  const s3rver = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: tempDir('legalsite-s3-'), configureBuckets: [{ name: bucket }] });
  const { port: s3Port } = await s3rver.run();
  const state = { puts: [] as string[], deletes: [] as string[] };
  s3rver.on('event', (e: { Records: { eventName: string; s3: { object: { key: string } } }[] }) => {
    for (const r of e.Records) (r.eventName.startsWith('ObjectCreated') ? state.puts : state.deletes).push(r.s3.object.key);
  });
  const failPuts = new Set<string>();
  const proxy = createServer((req, res) => {
    const key = decodeURIComponent(new URL(req.url!, 'http://x').pathname).slice(bucket.length + 2);
    if (req.method === 'PUT' && failPuts.has(key)) {
      req.resume();
      res.writeHead(500, { 'Content-Type': 'application/xml' });
      return res.end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>InternalError</Code><Message>Injected failure</Message></Error>');
    }
    const upstream = request({ host: '127.0.0.1', port: s3Port, method: req.method, path: req.url, headers: req.headers }, (up) => {
      // s3rver answers a PUT before its file write has finished (it resolves on end(), not on
      // 'finish'); holding the answer briefly keeps a following GET from reading a half-written file.
      const hold = req.method === 'PUT' ? 25 : 0;
      setTimeout(() => {
        res.writeHead(up.statusCode!, up.headers);
        up.pipe(res);
      }, hold);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  return {
    endpoint,
    bucket,
    get puts() {
      return state.puts;
    },
    get deletes() {
      return state.deletes;
    },
    get pruned() {
      // Deletions of site objects: publish's own bookkeeping (the stored "before" it removes once a
      // publish went through) left out.
      return state.deletes.filter((key) => !key.endsWith('_legalsite/previous-manifest.json'));
    },
    failPuts,
    reset() {
      state.puts = [];
      state.deletes = [];
    },
    get: (key) => fetch(`${endpoint}/${bucket}/${key}`),
    async close() {
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
      await s3rver.close();
    },
  };
}
