/** /integrations: content feeds and webhook subscriptions (an island; settings stay in this browser). */
import { Island } from '../components/Island.js';
import { IntegrationHub } from '../islands/IntegrationHub/IntegrationHub.js';

export function IntegrationsPage({ baseUrl }: { baseUrl: string }) {
  return (
    <>
      <h1>Integration Hub</h1>
      <p className="lede">Subscribe to the site's feeds, or send webhooks from this browser when content events happen. Subscriptions are kept only in this browser.</p>
      <Island name="IntegrationHub" component={IntegrationHub} props={{ baseUrl }} />
    </>
  );
}
