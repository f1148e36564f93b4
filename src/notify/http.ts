/**
 * One JSON POST with a timeout, as an outcome rather than an exception: notification failures are
 * reported, never fatal. Uses the global fetch (undici).
 * Redirects are not followed: a redirected POST arrives as a GET without its body (301, 302, 303) or
 * goes to an address nobody configured, so a 3xx is a failed delivery that names the new location
 * (Standard Webhooks, "Delivery success and failure": update the URL instead). Only the first
 * MAX_RESPONSE_BYTES of a response are read, whatever its size: the report shows a snippet of it.
 * Reads: the network. Writes: the network.
 */
import { MAX_RESPONSE_BYTES } from './constants.js';

export interface PostOutcome {
  ok: boolean;
  /** HTTP status, when a response arrived. */
  status?: number;
  /** What went wrong, in one line (HTTP status text, timeout or network error). */
  error?: string;
}

/** POSTs `body` to `url` and waits at most `timeoutMs` for the response. */
export async function postJson(url: string, body: string, headers: Record<string, string>, timeoutMs: number): Promise<PostOutcome> {
  try {
    const res = await fetch(url, { method: 'POST', body, headers, signal: AbortSignal.timeout(timeoutMs), redirect: 'manual' });
    if (res.status >= 200 && res.status < 300) {
      await res.body?.cancel().catch(() => {});
      return { ok: true, status: res.status };
    }
    const status = `HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}`;
    if (res.status >= 300 && res.status < 400) {
      await res.body?.cancel().catch(() => {});
      const location = res.headers.get('location');
      return { ok: false, status: res.status, error: `${status}: redirects are not followed${location ? ` (to ${new URL(location, url).href})` : ''}; put the final URL in site.yaml` };
    }
    // The receiver's words, never its terminal controls (an escape sequence would restyle or rewrite the report).
    const snippet = (await readStart(res, MAX_RESPONSE_BYTES)).replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ').trim().replace(/\s+/g, ' ').slice(0, 120);
    return { ok: false, status: res.status, error: `${status}${snippet ? `: ${snippet}` : ''}` };
  } catch (error) {
    const e = error as Error & { cause?: { code?: string; message?: string } };
    if (e.name === 'TimeoutError') return { ok: false, error: `no response within ${timeoutMs >= 1000 ? `${timeoutMs / 1000} s` : `${timeoutMs} ms`}` };
    // fetch reports every network problem as "fetch failed"; the cause says which.
    return { ok: false, error: e.cause?.code ? `${e.cause.code} ${e.cause.message ?? ''}`.trim() : e.cause?.message ? `${e.message}: ${e.cause.message}` : e.message };
  }
}

/** The first `limit` bytes of a response body as text; the rest is never downloaded. */
async function readStart(res: Response, limit: number): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < limit) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } catch {
    // A body that breaks off is still a failed delivery with its status; the snippet is a courtesy.
  } finally {
    await reader.cancel().catch(() => {});
  }
  return new TextDecoder().decode(Buffer.concat(chunks).subarray(0, limit));
}
