/**
 * One JSON POST with a timeout, as an outcome rather than an exception: notification failures are
 * reported, never fatal. Uses the global fetch (undici).
 * Reads: the network. Writes: the network.
 */

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
    const res = await fetch(url, { method: 'POST', body, headers, signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' });
    const text = await res.text().catch(() => '');
    if (res.ok) return { ok: true, status: res.status };
    const snippet = text.trim().replace(/\s+/g, ' ').slice(0, 120);
    return { ok: false, status: res.status, error: `HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}${snippet ? `: ${snippet}` : ''}` };
  } catch (error) {
    const e = error as Error & { cause?: { code?: string; message?: string } };
    if (e.name === 'TimeoutError') return { ok: false, error: `no response within ${timeoutMs >= 1000 ? `${timeoutMs / 1000} s` : `${timeoutMs} ms`}` };
    // fetch reports every network problem as "fetch failed"; the cause says which.
    return { ok: false, error: e.cause?.code ? `${e.cause.code} ${e.cause.message ?? ''}`.trim() : e.cause?.message ? `${e.message}: ${e.cause.message}` : e.message };
  }
}
