/**
 * IndexNow (spec §7 "Writes"): the URLs that changed, POSTed in parallel to every configured endpoint
 * as JSON `{host, key, keyLocation, urlList}`, at most 10,000 URLs per request. Failures are
 * outcomes to report, never exceptions.
 * Reads: nothing. Writes: the network (submitIndexNow).
 */
import type { Changes } from '../passes/manifest.js';
import { INDEXNOW_MAX_URLS, REQUEST_TIMEOUT_MS } from './constants.js';
import { postJson, type PostOutcome } from './http.js';

export interface IndexNowBody {
  host: string;
  key: string;
  keyLocation: string;
  urlList: string[];
}

export interface IndexNowOutcome extends PostOutcome {
  endpoint: string;
  /** How many URLs this request carried. */
  urls: number;
}

/** The spec's four lists (article, glossary, dataset, site) as one list without repeats. */
export function indexNowUrls(changes: Changes): string[] {
  const { article, glossary, dataset, site } = changes.urls;
  return [...new Set([...article, ...glossary, ...dataset, ...site])];
}

/** The request bodies for `urls`, split into batches of at most 10,000; none for an empty list. */
export function indexNowBodies(urls: string[], site: { baseUrl: string; key: string }, maxUrls = INDEXNOW_MAX_URLS): IndexNowBody[] {
  const host = new URL(site.baseUrl).host;
  const keyLocation = `${site.baseUrl}/indexnow-key.txt`;
  const bodies: IndexNowBody[] = [];
  for (let i = 0; i < urls.length; i += maxUrls) bodies.push({ host, key: site.key, keyLocation, urlList: urls.slice(i, i + maxUrls) });
  return bodies;
}

/** Sends every body to every endpoint, all in parallel. */
export async function submitIndexNow(endpoints: readonly string[], bodies: IndexNowBody[], opts: { userAgent: string; timeoutMs?: number }): Promise<IndexNowOutcome[]> {
  const headers = { 'Content-Type': 'application/json; charset=utf-8', 'User-Agent': opts.userAgent };
  const requests = endpoints.flatMap((endpoint) => bodies.map((body) => ({ endpoint, body })));
  return Promise.all(
    requests.map(async ({ endpoint, body }) => ({
      endpoint,
      urls: body.urlList.length,
      ...(await postJson(endpoint, JSON.stringify(body), headers, opts.timeoutMs ?? REQUEST_TIMEOUT_MS)),
    })),
  );
}
