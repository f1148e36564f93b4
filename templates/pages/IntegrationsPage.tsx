/** /integrations: content feeds and webhook subscriptions (an island; settings stay in this
 * browser), and what a receiver must allow and will get, which works without JavaScript. */
import { Island } from '../components/Island.js';
import { IntegrationHub } from '../islands/IntegrationHub/IntegrationHub.js';
import { USER_AGENT } from '../client/lib/webhooks.js';

const HEADERS: [name: string, value: string][] = [
  ['Content-Type', 'application/json'],
  ['X-Webhook-Id', 'The event’s id: the same as the body’s id, and the same on every attempt, so a receiver can drop repeats.'],
  ['X-Webhook-Timestamp', 'The body’s timestamp (ISO 8601).'],
  ['X-Webhook-Attempt', '1, 2 or 3.'],
  ['X-Webhook-Signature', 'With a secret only: sha256= and the hex HMAC-SHA256 of the exact body, keyed with the secret.'],
  ['X-Webhook-User-Agent', `${USER_AGENT}. Browsers do not let a page set User-Agent, so the request’s own User-Agent is the reader’s browser.`],
];

export function IntegrationsPage({ baseUrl }: { baseUrl: string }) {
  return (
    <>
      <h1>Integration Hub</h1>
      <p className="lede">Subscribe to the site's feeds, or send webhooks from this browser when content events happen. Subscriptions are kept only in this browser.</p>
      <Island name="IntegrationHub" component={IntegrationHub} props={{ baseUrl }} />
      <noscript>
        <p className="notice">Webhook subscriptions are kept and sent by this browser, so they need JavaScript. The feed URLs above work without it: add them to any feed reader.</p>
      </noscript>
      <section aria-labelledby="delivery-title" className="prose">
        <h2 id="delivery-title">How webhooks are delivered</h2>
        <p>
          Deliveries are sent by your browser, not by a server, so <strong>the receiver must allow cross-origin POST requests from this site</strong>: it answers the browser's preflight <code>OPTIONS</code> request with{' '}
          <code>Access-Control-Allow-Origin: {new URL(baseUrl).origin}</code> (or <code>*</code>), <code>Access-Control-Allow-Methods: POST</code> and <code>Access-Control-Allow-Headers</code> naming the headers below,
          and sends <code>Access-Control-Allow-Origin</code> with its answer to the POST. Otherwise the browser blocks the delivery, and the subscription shows it as a CORS failure.
        </p>
        <p>Each delivery is a POST of the JSON body <code>{'{"event", "data", "timestamp", "id"}'}</code> with these headers:</p>
        <div className="table-wrap" tabIndex={0} role="region" aria-label="Webhook headers">
          <table>
            <thead><tr><th scope="col">Header</th><th scope="col">Value</th></tr></thead>
            <tbody>{HEADERS.map(([name, value]) => <tr key={name}><td><code>{name}</code></td><td>{value}</td></tr>)}</tbody>
          </table>
        </div>
        <p>An attempt that gets no answer (a CORS refusal, a network error, no answer within 30 seconds) is tried again after 5 and then 10 minutes, up to 3 attempts, while the page that sent it stays open or when this page is next opened. An answer with an error status is a failed delivery and is not retried.</p>
      </section>
    </>
  );
}
