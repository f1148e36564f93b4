/**
 * A webhook's address as `notify` prints it: its host and first path segment, the rest hidden. A
 * webhook's address is often its own secret (Slack's `/services/T…/B…/…`, Discord's
 * `/api/webhooks/…/token`, a query's `?token=`), and CI logs keep what a command prints, for
 * anyone who can read the job. Enough stays to tell the subscribers apart in most sites; the report
 * also lists them in site.yaml's order.
 * Reads: nothing. Writes: nothing.
 */
export function shownWebhookUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return '(an address that is not a URL)';
  }
  const [first, ...rest] = url.pathname.split('/').filter(Boolean);
  const hidden = rest.length > 0 || url.search !== '' || url.hash !== '';
  return `${url.protocol}//${url.host}${first ? `/${first}` : ''}${hidden ? '/…' : first ? '' : '/'}`;
}
