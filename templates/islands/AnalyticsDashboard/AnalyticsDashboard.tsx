/**
 * /analytics (spec §2): "Loading analytics..." then the four stat cards, Trending Content, Top
 * Performing Content, the automation webhook manager, Export Analytics Data and Trigger Site Update.
 * Everything comes from this browser's localStorage (checked field by field: lib/storage.ts) and
 * the site's static JSON. The server-rendered HTML shows no loading text (without JavaScript it
 * would never go away; the page's noscript note says what works): the text appears once the island
 * runs, until the data is in.
 */
import { useEffect, useState } from 'react';
import { readEvents, trendingContent, trendingScores, type AnalyticsEvent, type TrendItem } from '../../client/lib/analytics.js';
import { showToast } from '../../client/lib/toast.js';
import { ANALYTICS_EVENTS, automationError, loadAutomations, newAutomation, saveAutomations, sendAutomation, type Automation, type AutomationResult } from './automations.js';

const TOP_FETCHED = 10;
const TOP_SHOWN = 8;

export function AnalyticsDashboard() {
  const [mounted, setMounted] = useState(false);
  const [events, setEvents] = useState<AnalyticsEvent[] | undefined>(undefined);
  const [lastTest, setLastTest] = useState<Record<string, AutomationResult>>({});
  const [content, setContent] = useState<TrendItem[]>([]);
  const [automations, setAutomations] = useState<Automation[]>([]);
  const [form, setForm] = useState({ name: '', url: '', events: [] as string[] });

  useEffect(() => {
    setMounted(true);
    setAutomations(loadAutomations());
    // The articles and terms that can trend on any day, made by the build (routes/analytics-files.ts):
    // a few dozen, where every article's index entry would be megabytes on a large site.
    fetch('/analytics/trending.json')
      .then((r) => r.json())
      .catch(() => ({ items: [] }))
      .then((trending) => {
        setContent(
          (Array.isArray(trending.items) ? trending.items : [])
            .map((c: any): TrendItem => ({ type: c.type === 'term' ? 'term' : 'article', slug: c.slug, title: c.title, tags: c.tags, dateModified: c.dateModified, wordCount: typeof c.wordCount === 'number' ? c.wordCount : undefined }))
            .filter((c: TrendItem) => typeof c.slug === 'string' && typeof c.title === 'string' && Array.isArray(c.tags) && typeof c.dateModified === 'string'),
        );
        setEvents(readEvents());
      });
  }, []);

  const persist = (list: Automation[]) => {
    setAutomations(list);
    saveAutomations(list);
  };

  if (!events) return <p className="muted" role="status">{mounted ? 'Loading analytics...' : ''}</p>;

  const now = Date.now();
  const pageviews = events.filter((e) => e.kind === 'pageview');
  const loads = events.filter((e) => e.kind === 'performance' && e.metricType === 'page-load');
  const avg = (xs: number[]) => (xs.length ? Math.round(xs.reduce((a, b) => a + b, 0) / xs.length) : 0);
  const stats = [
    { label: 'Total Events', value: events.length },
    { label: 'LLM Usage', value: events.filter((e) => e.kind === 'llm').length },
    { label: 'Avg. Time on Page (seconds)', value: avg(pageviews.map((e) => (e.kind === 'pageview' ? e.timeOnPage : 0))) },
    { label: 'Page Load (ms)', value: avg(loads.map((e) => (e.kind === 'performance' ? e.value : 0))) },
  ];
  const trending = trendingContent(content, now);
  const top = trendingScores(events, now).slice(0, TOP_FETCHED).slice(0, TOP_SHOWN);

  const create = (e: React.FormEvent) => {
    e.preventDefault();
    const problem = automationError(form.name, form.url, form.events);
    if (problem) return showToast('Validation Error', problem, 'destructive');
    try {
      const a = newAutomation(form.name, form.url, form.events);
      persist([...automations, a]);
      setForm({ name: '', url: '', events: [] });
      showToast('Webhook Created', `Successfully created webhook "${a.name}"`);
    } catch {
      showToast('Error', 'Failed to create webhook.', 'destructive');
    }
  };
  const test = async (a: Automation) => {
    try {
      const result = await sendAutomation(a, 'test', { message: 'Test event from the analytics page', webhookName: a.name, testId: crypto.randomUUID() }, 'test');
      const ok = result.ok;
      setLastTest((t) => ({ ...t, [a.id]: result }));
      persist(automations.map((x) => (x.id === a.id ? { ...x, successCount: x.successCount + (ok ? 1 : 0), failureCount: x.failureCount + (ok ? 0 : 1), lastTriggered: new Date().toISOString() } : x)));
      if (ok) showToast('Test Successful', `Test webhook sent to "${a.name}". Check your Zap's history.`);
      else showToast('Test Failed', `Failed to send test webhook to "${a.name}". Please check the URL.`, 'destructive');
    } catch {
      showToast('Test Failed', 'Error occurred while testing webhook.', 'destructive');
    }
  };
  const remove = (a: Automation) => {
    persist(automations.filter((x) => x.id !== a.id));
    showToast('Webhook Deleted');
  };
  const exportData = () => {
    const blob = new Blob([JSON.stringify({ exportedAt: new Date().toISOString(), events, automations }, null, 2)], { type: 'application/json' });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = `legalsite-analytics-${new Date().toISOString().slice(0, 10)}.json`;
    link.click();
    URL.revokeObjectURL(link.href);
    showToast('Analytics Exported');
  };
  const triggerSiteUpdate = async () => {
    await Promise.all(automations.filter((a) => a.active).map((a) => sendAutomation(a, 'site-updated', { url: location.origin }, 'manual')));
    showToast('Site Update Triggered', 'Search engines and webhooks have been notified of site updates.');
  };

  return (
    <div className="analytics">
      <dl className="stat-cards">
        {stats.map((s) => <div key={s.label} className="card"><dt>{s.label}</dt><dd>{s.value}</dd></div>)}
      </dl>
      <div className="card-grid">
        <section className="card" aria-labelledby="trending-title">
          <h2 id="trending-title">Trending Content</h2>
          <ol>{trending.map((t) => <li key={`${t.type}:${t.slug}`}><a href={t.type === 'term' ? `/glossary/${t.slug}` : `/articles/${t.slug}`}>{t.title}</a> <span className="muted">({t.type}{t.tags.length ? `, ${t.tags.slice(0, 2).join(', ')}` : ''})</span></li>)}</ol>
        </section>
        <section className="card" aria-labelledby="top-title">
          <h2 id="top-title">Top Performing Content</h2>
          {top.length === 0 ? <p className="empty">No activity recorded in this browser yet.</p> : <ol>{top.map((t) => <li key={t.key}>{t.slug.replace(/-/g, ' ')} <span className="muted">({t.score.toFixed(1)})</span></li>)}</ol>}
        </section>
      </div>
      <section aria-labelledby="automations-title">
        <h2 id="automations-title">Automation webhooks</h2>
        <form className="webhook-form card" onSubmit={create} noValidate>
          <label>Name <input value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} /></label>
          <label>Webhook URL <input type="url" value={form.url} onChange={(e) => setForm({ ...form, url: e.target.value })} /></label>
          <fieldset>
            <legend>Events</legend>
            {ANALYTICS_EVENTS.map((ev) => (
              <label key={ev} className="check"><input type="checkbox" checked={form.events.includes(ev)} onChange={() => setForm({ ...form, events: form.events.includes(ev) ? form.events.filter((x) => x !== ev) : [...form.events, ev] })} /> {ev}</label>
            ))}
          </fieldset>
          <button type="submit" className="button">Create Webhook</button>
        </form>
        <ul className="webhook-list">
          {automations.map((a) => (
            <li key={a.id} className="card">
              <p className="webhook-title"><strong>{a.name}</strong> <span className={a.active ? 'badge' : 'badge badge-muted'}>{a.active ? 'Active' : 'Inactive'}</span></p>
              <p className="muted webhook-url">{a.url} · {a.events.join(', ')}</p>
              {lastTest[a.id] && (
                <p className="delivery-stats" role="status">
                  Last test: {lastTest[a.id].ok ? 'sent' : 'failed'}{lastTest[a.id].status ? `, HTTP ${lastTest[a.id].status}` : ''}.{lastTest[a.id].reason ? ` ${lastTest[a.id].reason}` : ''}
                </p>
              )}
              <div className="actions">
                <button type="button" className="button button-secondary" onClick={() => void test(a)}>Test</button>
                <button type="button" className="button button-secondary" onClick={() => remove(a)}>Delete</button>
              </div>
            </li>
          ))}
        </ul>
      </section>
      <div className="actions">
        <button type="button" className="button" onClick={exportData}>Export Analytics Data</button>
        <button type="button" className="button button-secondary" onClick={() => void triggerSiteUpdate()}>Trigger Site Update</button>
      </div>
      <p className="muted">Trigger Site Update notifies the webhooks above from this browser. Search engines are notified through IndexNow by <code>legalsite notify</code> when the site is published, so the site's IndexNow key never leaves the build.</p>
    </div>
  );
}
