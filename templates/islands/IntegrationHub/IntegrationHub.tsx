/**
 * /integrations (spec §2, §4, §5, §7): copyable feed URLs and webhook subscriptions kept in this
 * browser: Add Webhook opens the form (URL, events, optional secret) and moves the keyboard into it;
 * Cancel or a successful create closes it and gives the keyboard back to Add Webhook. Each
 * subscription has an active toggle, delete, a test event and delivery statistics that add up
 * (pending deliveries apart; the rate counts finished ones), and each failed delivery says why it
 * may have failed. Until the island runs (or without JavaScript) its buttons stay hidden: the page
 * says what works without them.
 */
import { useEffect, useRef, useState } from 'react';
import { copyText } from '../../client/lib/clipboard.js';
import { randomId } from '../../client/lib/analytics.js';
import { showToast } from '../../client/lib/toast.js';
import { deliveryStats, INTEGRATION_EVENTS, loadDeliveries, loadSubscriptions, saveSubscriptions, validateSubscription, type Delivery, type Subscription } from '../../client/lib/webhooks.js';
import { dispatch, resumeRetries } from './delivery-engine.js';

// The feed files themselves: XML on every host. The spec's /feeds/{name} are pages that point to
// them (src/routes/feeds.ts says why).
const FEEDS = [
  { name: 'RSS', path: '/feeds/rss.xml' },
  { name: 'Atom', path: '/feeds/atom.xml' },
  { name: 'Articles', path: '/feeds/articles.xml' },
  { name: 'Glossary', path: '/feeds/glossary.xml' },
];

const STATUS_TEXT: Record<Delivery['status'], string> = { pending: 'pending', retry: 'failed, will retry', success: 'success', failed: 'failed' };

const time = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

function DeliveryLine({ d }: { d: Delivery }) {
  return (
    <li className={`delivery delivery-${d.status}`}>
      <span className="delivery-status">{STATUS_TEXT[d.status]}</span> (attempt {d.attempt}){d.statusCode ? `, HTTP ${d.statusCode}` : ''}
      {d.deliveredAt && <>, <time dateTime={d.deliveredAt}>{time(d.deliveredAt)}</time></>}
      {d.status === 'retry' && d.nextRetry && <>; next attempt <time dateTime={d.nextRetry}>{time(d.nextRetry)}</time></>}
      {d.reason && d.status !== 'success' && <span className="delivery-reason"> {d.reason}</span>}
    </li>
  );
}

export function IntegrationHub({ baseUrl }: { baseUrl: string }) {
  const [origin, setOrigin] = useState(baseUrl);
  const [ready, setReady] = useState(false);
  const [subs, setSubs] = useState<Subscription[]>([]);
  const [deliveries, setDeliveries] = useState<Delivery[]>([]);
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState({ url: '', events: [] as string[], secret: '' });
  const addButton = useRef<HTMLButtonElement>(null);
  const urlField = useRef<HTMLInputElement>(null);
  const wasOpen = useRef(false);
  const list = useRef<HTMLUListElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  /** Where the keyboard goes once a deleted subscription's card is gone: its place in the list. */
  const [deletedAt, setDeletedAt] = useState<number | undefined>();

  const refresh = () => {
    setSubs(loadSubscriptions());
    setDeliveries(loadDeliveries());
  };
  useEffect(() => {
    setOrigin(location.origin);
    setReady(true);
    refresh();
    resumeRetries();
    window.addEventListener('legalsite:deliveries', refresh);
    return () => window.removeEventListener('legalsite:deliveries', refresh);
  }, []);
  // Focus follows the form: into its first field when it opens, back to Add Webhook when it closes.
  useEffect(() => {
    if (open) urlField.current?.focus();
    else if (wasOpen.current) addButton.current?.focus();
    wasOpen.current = open;
  }, [open]);

  // A deleted card takes its focused Delete button with it, which left the keyboard at the top of
  // the page: it goes to the Delete button now in its place (or the last one), else to Add Webhook,
  // else to the list's heading.
  useEffect(() => {
    if (deletedAt === undefined) return;
    const buttons = list.current?.querySelectorAll<HTMLButtonElement>('button[data-delete]') ?? [];
    const next = buttons[Math.min(deletedAt, buttons.length - 1)] ?? (addButton.current && !addButton.current.hidden ? addButton.current : heading.current);
    next?.focus();
    setDeletedAt(undefined);
  }, [subs, deletedAt]);

  const persist = (next: Subscription[]) => {
    saveSubscriptions(next);
    setSubs(next);
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
      const at = subs.findIndex((x) => x.id === s.id);
      persist(loadSubscriptions().filter((x) => x.id !== s.id));
      setDeletedAt(Math.max(0, at));
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
        <ul className="feed-list">
          {FEEDS.map((f) => (
            <li key={f.path}>
              <span className="feed-name">{f.name}</span> <code>{origin}{f.path}</code>{' '}
              <button type="button" className="button button-secondary button-small" hidden={!ready} onClick={() => void copyText(`${origin}${f.path}`, 'URL Copied')} aria-label={`Copy ${f.name} feed URL`}>Copy</button>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="webhooks-title">
        <h2 id="webhooks-title" ref={heading} tabIndex={-1}>Webhook subscriptions</h2>
        <button ref={addButton} type="button" className="button" hidden={!ready || open} onClick={() => setOpen(true)}>Add Webhook</button>
        {open && (
          <form id="new-webhook" className="webhook-form card" onSubmit={create} noValidate aria-label="New webhook subscription">
            <label>Webhook URL <input ref={urlField} type="url" value={form.url} onChange={(e) => setForm({ ...form, url: e.target.value })} /></label>
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
        {ready && (subs.length === 0 ? (
          <p className="empty">No webhook subscriptions configured</p>
        ) : (
          <ul className="webhook-list" ref={list}>
            {subs.map((s) => {
              const mine = deliveries.filter((d) => d.subscriptionId === s.id);
              const stats = deliveryStats(s, deliveries);
              return (
                <li key={s.id} className="card" data-subscription={s.id}>
                  <strong className="webhook-url">{s.url}</strong>
                  <p className="muted">{s.events.join(', ')}{s.secret ? ' · signed' : ''}</p>
                  {/* Each control names its subscription: a list of "Delete, Delete, Delete" tells a screen reader's user nothing. */}
                  <label className="check"><input type="checkbox" role="switch" checked={s.active} onChange={() => toggle(s)} aria-label={`Active: ${s.url}`} /> Active</label>
                  <p className="delivery-stats" data-delivery-stats>
                    Deliveries: {stats.finished} · Failures: {stats.failed} · Pending: {stats.pending} · Success rate: {stats.rate === undefined ? 'none finished yet' : `${stats.rate}%`}
                  </p>
                  {mine.length > 0 && (
                    <ol className="deliveries" aria-label="Recent deliveries">
                      {mine.slice(-10).reverse().map((d) => <DeliveryLine key={d.id} d={d} />)}
                    </ol>
                  )}
                  <div className="actions">
                    <button type="button" className="button button-secondary" onClick={() => void test(s)} aria-label={`Send Test Event to ${s.url}`}>Send Test Event</button>
                    <button type="button" className="button button-secondary" onClick={() => remove(s)} aria-label={`Delete webhook ${s.url}`} data-delete>Delete</button>
                  </div>
                </li>
              );
            })}
          </ul>
        ))}
      </section>
    </div>
  );
}
