/**
 * `legalsite check --against <file or URL>`: compares what this content would publish with the
 * published manifest of an earlier build (/api/published.json, passes/published.ts), and lists every
 * URL and anchor that was published then and is gone now without a redirect or a tombstone.
 * A URL is fetched with Node's fetch within FETCH_TIMEOUT_MS; a server that cannot be reached or
 * does not answer 200 is a failure of the environment (exit 4), a file that is not a manifest a
 * usage error (exit 2). Only a regular file is read (a folder, a FIFO or a device is refused before
 * anything is read), and neither a file nor an answer is read past MAX_MANIFEST_BYTES: /dev/zero
 * or a server that never stops would otherwise fill the memory.
 * Reads: the earlier manifest (a file or the network). Writes: nothing.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { UsageError } from '../diagnostics/diagnostic.js';
import { EnvironmentError } from '../diagnostics/environment.js';
import { type PublishedManifest, publishedFrom } from '../passes/published.js';
import { hasCredentials, urlForMessages } from '../validate/urls.js';

export const FETCH_TIMEOUT_MS = 30_000;
/** Far above any manifest (about 64 MB at 50,000 articles), and below the longest string V8 makes. */
export const MAX_MANIFEST_BYTES = 400 * 2 ** 20;
const tooLarge = (shown: string, maxBytes: number) => new UsageError(`${shown} is larger than ${+(maxBytes / 2 ** 20).toFixed(1)} MB, which no manifest is (pass the /api/published.json of an earlier build)`);

/** The earlier build's manifest, from a file or an http(s) URL. */
export async function readEarlierManifest(source: string, cwd: string, timeoutMs = FETCH_TIMEOUT_MS, maxBytes = MAX_MANIFEST_BYTES): Promise<PublishedManifest> {
  const isUrl = /^https?:\/\//i.test(source);
  if (/:\/\//.test(source) && hasCredentials(source)) {
    throw new UsageError('the --against URL holds a user name or password, which legalsite never sends in a URL or prints; pass a URL without them (a token in its query is kept out of every message), or the manifest as a file');
  }
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(source)?.[1];
  if (scheme && !isUrl) throw new UsageError(`--against takes a file or an http(s) URL, not a ${scheme}: one`);
  const shown = sourceForMessages(source);
  const text = isUrl ? await fetchText(source, timeoutMs, maxBytes) : readText(path.resolve(cwd, source), source, maxBytes);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new UsageError(`${shown} is not JSON (pass the /api/published.json of an earlier build)`);
  }
  const manifest = publishedFrom(data);
  if (typeof manifest === 'string') throw new UsageError(`${shown} ${manifest} (pass the /api/published.json of an earlier build)`);
  return manifest;
}

/** `--against` as messages name it: a URL without its query (a presigned URL's signature), a file as typed. */
export function sourceForMessages(source: string): string {
  return /:\/\//.test(source) ? urlForMessages(source) : source;
}

function readText(abs: string, shown: string, maxBytes: number): string {
  try {
    const st = statSync(abs);
    if (!st.isFile()) throw new UsageError(`${shown} is not a file (pass the /api/published.json of an earlier build, as a file or a URL)`);
    if (st.size > maxBytes) throw tooLarge(shown, maxBytes);
    return readFileSync(abs, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new UsageError(`${shown} does not exist (pass the /api/published.json of an earlier build, as a file or a URL)`);
    throw error;
  }
}

async function fetchText(url: string, timeoutMs: number, maxBytes: number): Promise<string> {
  const shown = urlForMessages(url);
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
  } catch (error) {
    const e = error as Error & { cause?: { code?: string; message?: string } };
    const why = e.name === 'TimeoutError' ? `no answer within ${timeoutMs / 1000} s` : e.cause?.code ?? e.cause?.message ?? e.message;
    throw new EnvironmentError(`could not fetch ${shown}: ${why}. Check the address and the network, or pass the manifest as a file.`);
  }
  if (res.status !== 200) {
    await res.body?.cancel().catch(() => {});
    throw new EnvironmentError(`could not fetch ${shown}: the server answered ${res.status}${res.statusText ? ` ${res.statusText}` : ''}. Check the address (the manifest is at /api/published.json of a built site).`);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for await (const chunk of res.body ?? []) {
      size += chunk.length;
      if (size > maxBytes) throw tooLarge(shown, maxBytes);
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new EnvironmentError(`could not fetch ${shown}: the answer broke off (${(error as Error).message}). Run the check again.`);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The report of pinpoints that now land on other words: one line each, after a line saying how many. */
export function formatMoved(moved: string[], source: string): string {
  const what = moved.length === 1 ? '1 paragraph id published before' : `${moved.length} paragraph ids published before`;
  return [`${what} (${source}) now ${moved.length === 1 ? 'holds' : 'hold'} other words: a citation of ${moved.length === 1 ? 'it' : 'them'} lands on the wrong paragraph. Take content/pinpoints.jsonl as the published build had it (from its commit) and build again:`, ...moved.map((m) => `  ${m}`)].join('\n');
}

/** The report of what is gone: one line per URL or anchor, after a line saying how many. */
export function formatLost(lost: string[], source: string): string {
  if (!lost.length) return `Everything ${source} lists is still published (or redirected, or kept as a tombstone).`;
  const what = `${lost.length} ${lost.length === 1 ? 'URL or anchor' : 'URLs and anchors'}`;
  return [`${what} published before (${source}) ${lost.length === 1 ? 'is' : 'are'} gone without a redirect or tombstone:`, ...lost.map((l) => `  ${l}`)].join('\n');
}
