/**
 * Notification constants, each with the spec section that fixes it (site-spec.md), and where the
 * command line differs from the spec's in-browser queue, why.
 */

/** §7: the four search-engine instant-indexing (IndexNow) endpoints, POSTed in parallel. */
export const INDEXNOW_ENDPOINTS: readonly string[] = [
  'https://api.indexnow.org/indexnow',
  'https://www.bing.com/indexnow',
  'https://yandex.com/indexnow',
  'https://search.seznam.cz/indexnow',
];

/** The IndexNow protocol accepts at most 10,000 URLs per request. */
export const INDEXNOW_MAX_URLS = 10_000;

/** §9 "Integrations events": the build-side webhook events; and `article.corrected` (issue 17), a
 * correction new since the previous build of an article published before. */
export const WEBHOOK_EVENTS = ['article.created', 'article.updated', 'article.corrected', 'term.created', 'term.updated', 'content.deleted'] as const;
export type WebhookEventName = (typeof WEBHOOK_EVENTS)[number];

/** §9: at most 3 attempts per delivery; §7 and §9: 30-second timeout per attempt. */
export const WEBHOOK_MAX_ATTEMPTS = 3;
export const REQUEST_TIMEOUT_MS = 30_000;

/**
 * §9 waits attempt × 5 minutes between attempts, for a browser queue checked hourly. A CI job should
 * not idle for 15 minutes, so the command line waits attempt × 5 seconds (`--retry-delay` changes it).
 */
export const WEBHOOK_RETRY_BASE_MS = 5_000;

/** Deliveries in flight at once per subscriber (a first publish can announce every entity). */
export const WEBHOOK_CONCURRENCY = 4;

/** The most of any response body notify reads (for the snippet in a failure report); the rest is dropped. */
export const MAX_RESPONSE_BYTES = 4096;
