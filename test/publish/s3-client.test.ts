/** The S3 store's answers from servers that are not what they should be: one that takes the
 * connection and never answers is given up, in a line that says so; one that answers 200 to
 * everything (a website's address given as --endpoint) is not taken for a bucket. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { StorageError } from '../../src/publish/object-store.js';
import { createS3Store } from '../../src/publish/s3-client.js';
import { withEnv } from './in-process.js';
import { S3_ENV } from './s3-server.js';

const test = suite('S3 store');
let restoreEnv = () => {};

// The SDK reads its credentials from the process's environment.
test.before(() => {
  restoreEnv = withEnv(S3_ENV);
});

test.after(() => restoreEnv());

async function listening(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function closed(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

const storeAt = (endpoint: string, timeouts?: { connectMs: number; idleMs: number }) =>
  createS3Store({ bucket: 'site', prefix: '', endpoint, env: process.env, timeouts });

test('an endpoint that takes the connection and never answers is given up after the idle limit, every attempt', async () => {
  let requests = 0;
  const server = createServer((req) => {
    requests++;
    req.resume();
  });
  const endpoint = await listening(server);
  try {
    const started = Date.now();
    const error = await storeAt(endpoint, { connectMs: 1000, idleMs: 300 }).getText('_legalsite/publish-manifest.json').then(() => undefined, (e: Error) => e);
    assert.instance(error, StorageError);
    assert.is(error!.message, `the storage endpoint ${endpoint} did not answer in time (nothing for 0.3 seconds, 3 attempts); check --endpoint and the network`);
    assert.is(requests, 3, 'three attempts');
    assert.ok(Date.now() - started < 10_000, 'given up, not waited on for ever');
  } finally {
    await closed(server);
  }
});

test('a server that answers 200 to everything is not a bucket: the first upload fails in one line', async () => {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end('<!doctype html><title>Welcome</title>');
    });
  });
  const endpoint = await listening(server);
  try {
    const store = storeAt(endpoint);
    // A read cannot tell (some S3-compatible stores leave the ETag out of reads); an upload can.
    const error = await store.put('index.html', '<h1>Home</h1>', { contentType: 'text/html', cacheControl: 'no-cache' }).then(() => undefined, (e: Error) => e);
    assert.instance(error, StorageError);
    assert.match(error!.message, new RegExp(`^${endpoint} does not answer as an S3 store does \\(the upload of index\\.html was answered without an ETag\\); check --endpoint: it must be the storage API's address, not the website's$`));
  } finally {
    await closed(server);
  }
});

test.run();
