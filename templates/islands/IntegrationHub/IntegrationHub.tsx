/**
 * /integrations (spec §2, §4, §5, §7): copyable feed URLs and webhook subscriptions kept in this
 * browser: Add Webhook opens the form (URL, events, optional secret); Cancel or a successful create
 * closes it; each subscription has an active toggle, delete, a test event and delivery statistics.
 */
import { useEffect, useState } from 'react';
import { copyText } from '../../client/lib/clipboard.js';
import { randomId } from '../../client/lib/analytics.js';
import { showToast } from '../../client/lib/toast.js';
import { INTEGRATION_EVENTS, loadDeliveries, loadSubscriptions, saveSubscriptions, successRate, validateSubscription, type Delivery, type Subscription } from '../../client/lib/webhooks.js';
import { dispatch, resumeRetries } from './delivery-engine.js';

// The feed files themselves: XML on every host. The spec's /feeds/{name} are pages that point to
// them (src/routes/feeds.ts says why).
const FEEDS = [
  { name: 'RSS', path: '/feeds/rss.xml' },
  { name: 'Atom', path: '/feeds/atom.xml' },
  { name: 'Articles', path: '/feeds/articles.xml' },
  { name: 'Glossary', path: '/feeds/glossary.xml' },
];

export function IntegrationHub({ baseUrl }: { baseUrl: string }) {
  const [origin, setOrigin] = useState(baseUrl);
  const [subs, setSubs] = useState<Subscription[]>([]);
  const [deliveries, setDeliveries] = useState<Delivery[]>([]);
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState({ url: '', events: [] as string[], secret: '' });

  const refresh = () => {
    setSubs(loadSubscriptions());
    setDeliveries(loadDeliveries());
  };
  useEffect(() => {
    setOrigin(location.origin);
    refresh();
    resumeRetries();
    window.addEventListener('legalsite:deliveries', refresh);
    return () => window.removeEventListener('legalsite:deliveries', refresh);
  }, []);

  const persist = (list: Subscription[]) => {
    saveSubscriptions(list);
    setSubs(list);
  };
  const create = (e: React.FormEvent) => {
    e.preventDefault();
    const problem = validateSubscription(form.url, form.events);
    if (problem) return showToast(problem, undefined, 'destructive');
    try {
      const sub: Subscription = { id: randomId(), url: form.url.trim(), events: form.events, active: true, secret: form.secret || undefined, createdAt: new Date().toISOString(), deliveryCount: 0, failureCount: 0 };
      persist([...loadSubscriptions(), sub]);
      setForm({ url: '', events: [], secret: '' });
      setOpen(false);
      showToast('Webhook Created');
    } catch {
      showToast('Error', 'Failed to create webhook subscription.', 'destructive');
    }
  };
  const toggle = (s: Subscription) => persist(loadSubscriptions().map((x) => (x.id === s.id ? { ...x, active: !x.active } : x)));
  const remove = (s: Subscription) => {
    try {
      persist(loadSubscriptions().filter((x) => x.id !== s.id));
      showToast('Webhook Deleted');
    } catch {
      showToast('Error', 'Failed to delete webhook', 'destructive');
    }
  };
  const test = async (s: Subscription) => {
    showToast('Test Event Sent');
    await dispatch('test', { message: 'Test event from the integration hub', subscriptionId: s.id }, s);
    refresh();
  };

  return (
    <div className="integrations">
      <section aria-labelledby="feeds-title">
        <h2 id="feeds-title">Content feeds</h2>
        <ul className="link-list">
          {FEEDS.map((f) => (
            <li key={f.path}>
              {f.name}: <code>{origin}{f.path}</code>{' '}
              <button type="button" className="button button-secondary" onClick={() => void copyText(`${origin}${f.path}`, 'URL Copied')} aria-label={`Copy ${f.name} feed URL`}>Copy</button>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="webhooks-title">
        <h2 id="webhooks-title">Webhook subscriptions</h2>
        {!open && <button type="button" className="button" onClick={() => setOpen(true)}>Add Webhook</button>}
        {open && (
          <form className="webhook-form card" onSubmit={create} noValidate aria-label="New webhook subscription">
            <label>Webhook URL <input type="url" value={form.url} onChange={(e) => setForm({ ...form, url: e.target.value })} /></label>
            <fieldset>
              <legend>Events</legend>
              {INTEGRATION_EVENTS.map((ev) => (
                <label key={ev} className="check"><input type="checkbox" checked={form.events.includes(ev)} onChange={() => setForm({ ...form, events: form.events.includes(ev) ? form.events.filter((x) => x !== ev) : [...form.events, ev] })} /> {ev}</label>
              ))}
            </fieldset>
            <label>Secret (optional) <input type="password" value={form.secret} autoComplete="off" onChange={(e) => setForm({ ...form, secret: e.target.value })} /></label>
            <div className="actions">
              <button type="submit" className="button">Create Webhook</button>
              <button type="button" className="button button-secondary" onClick={() => setOpen(false)}>Cancel</button>
            </div>
          </form>
        )}
        {subs.length === 0 ? (
          <p className="empty">No webhook subscriptions configured</p>
        ) : (
          <ul className="webhook-list">
            {subs.map((s) => {
              const mine = deliveries.filter((d) => d.subscriptionId === s.id);
              return (
                <li key={s.id} className="card" data-subscription={s.id}>
                  <strong>{s.url}</strong>
                  <p className="muted">{s.events.join(', ')}{s.secret ? ' · signed' : ''}</p>
                  <label className="check"><input type="checkbox" role="switch" checked={s.active} onChange={() => toggle(s)} /> Active</label>
                  <p>Deliveries: {s.deliveryCount} · Failures: {s.failureCount} · Success rate: {successRate(mine)}%</p>
                  {mine.length > 0 && (
                    <ol className="deliveries" aria-label="Recent deliveries">
                      {mine.slice(-10).reverse().map((d) => <li key={d.id}>{d.status} (attempt {d.attempt}){d.statusCode ? `, HTTP ${d.statusCode}` : ''}{d.deliveredAt ? `, ${d.deliveredAt}` : ''}</li>)}
                    </ol>
                  )}
                  <div className="actions">
                    <button type="button" className="button button-secondary" onClick={() => void test(s)}>Send Test Event</button>
                    <button type="button" className="button button-secondary" onClick={() => remove(s)}>Delete</button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}
