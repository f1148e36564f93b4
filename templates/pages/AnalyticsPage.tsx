/** /analytics: the analytics and automations dashboard (an island; data stays in this browser). */
import { Island } from '../components/Island.js';
import { AnalyticsDashboard } from '../islands/AnalyticsDashboard/AnalyticsDashboard.js';

export function AnalyticsPage() {
  return (
    <>
      <h1>Analytics and Automations</h1>
      <p className="lede">What this browser has recorded on this site, and webhooks that tell your automation service about reader activity. Nothing here leaves your browser unless you add a webhook.</p>
      <Island name="AnalyticsDashboard" component={AnalyticsDashboard} props={{}} />
      <noscript>
        <p className="notice">The dashboard reads what this browser has recorded and needs JavaScript. Without JavaScript nothing is recorded either: the rest of the site works as usual.</p>
      </noscript>
    </>
  );
}
