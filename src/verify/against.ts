/**
 * `legalsite check --against <file or URL>`: compares what this content would publish with the
 * published manifest of an earlier build (/api/published.json, passes/published.ts), and lists every
 * URL and anchor that was published then and is gone now without a redirect or a tombstone.
 * A URL is fetched with Node's fetch within FETCH_TIMEOUT_MS; a server that cannot be reached or
 * does not answer 200 is a failure of the environment (exit 4), a file that is not a manifest a
 * usage error (exit 2).
 * Reads: the earlier manifest (a file or the network). Writes: nothing.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { UsageError } from '../diagnostics/diagnostic.js';
import { EnvironmentError } from '../diagnostics/environment.js';
import { type PublishedManifest, publishedFrom } from '../passes/published.js';

export const FETCH_TIMEOUT_MS = 30_000;

/** The earlier build's manifest, from a file or an http(s) URL. */
export async function readEarlierManifest(source: string, cwd: string, timeoutMs = FETCH_TIMEOUT_MS): Promise<PublishedManifest> {
  const text = /^https?:\/\//i.test(source) ? await fetchText(source, timeoutMs) : readText(path.resolve(cwd, source), source);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new UsageError(`${source} is not JSON (pass the /api/published.json of an earlier build)`);
  }
  const manifest = publishedFrom(data);
  if (typeof manifest === 'string') throw new UsageError(`${source} ${manifest} (pass the /api/published.json of an earlier build)`);
  return manifest;
}

function readText(abs: string, shown: string): string {
  try {
    return readFileSync(abs, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new UsageError(`${shown} does not exist (pass the /api/published.json of an earlier build, as a file or a URL)`);
    throw error;
  }
}

async function fetchText(url: string, timeoutMs: number): Promise<string> {
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
  } catch (error) {
    const e = error as Error & { cause?: { code?: string; message?: string } };
    const why = e.name === 'TimeoutError' ? `no answer within ${timeoutMs / 1000} s` : e.cause?.code ?? e.cause?.message ?? e.message;
    throw new EnvironmentError(`could not fetch ${url}: ${why}. Check the address and the network, or pass the manifest as a file.`);
  }
  if (res.status !== 200) {
    await res.body?.cancel().catch(() => {});
    throw new EnvironmentError(`could not fetch ${url}: the server answered ${res.status}${res.statusText ? ` ${res.statusText}` : ''}. Check the address (the manifest is at /api/published.json of a built site).`);
  }
  try {
    return await res.text();
  } catch (error) {
    throw new EnvironmentError(`could not fetch ${url}: the answer broke off (${(error as Error).message}). Run the check again.`);
  }
}

/** The report of what is gone: one line per URL or anchor, after a line saying how many. */
export function formatLost(lost: string[], source: string): string {
  if (!lost.length) return `Everything ${source} lists is still published (or redirected, or kept as a tombstone).`;
  const what = `${lost.length} ${lost.length === 1 ? 'URL or anchor' : 'URLs and anchors'}`;
  return [`${what} published before (${source}) ${lost.length === 1 ? 'is' : 'are'} gone without a redirect or tombstone:`, ...lost.map((l) => `  ${l}`)].join('\n');
}
