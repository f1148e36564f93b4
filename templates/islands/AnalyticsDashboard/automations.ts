/**
 * Analytics-page automation webhooks (spec §3 "Webhook (analytics page)", §5, §7): name, URL and
 * events, kept in localStorage. A delivery POSTs {event, timestamp, data, source} as JSON with the
 * JSON content type when the receiver allows cross-origin requests (the answer's status is then
 * known); when the browser refuses that (no CORS on the receiver), it sends the same body no-cors
 * as the spec does, which the browser labels text/plain and whose answer the page cannot see.
 */
import { randomId } from '../../client/lib/analytics.js';
import { hasFields, isBoolean, isCount, isDateString, isString, isStringList, optional, readStoredList, writeStored } from '../../client/lib/storage.js';
import { httpReason, NETWORK_REASON } from '../../client/lib/webhooks.js';

export const ANALYTICS_EVENTS = ['article.published', 'article.updated', 'glossary.updated', 'content.cited', 'llm.usage', 'engagement.high', 'download.requested'] as const;

export interface Automation {
  id: string;
  name: string;
  url: string;
  events: string[];
  active: boolean;
  createdAt: string;
  successCount: number;
  failureCount: number;
  lastTriggered?: string;
}

const isAutomation = hasFields<Automation>({
  id: isString, name: isString, url: isString, events: isStringList, active: isBoolean, createdAt: isDateString,
  successCount: isCount, failureCount: isCount, lastTriggered: optional(isDateString),
});
export const loadAutomations = () => readStoredList('automations', isAutomation);
export const saveAutomations = (list: Automation[]) => writeStored('automations', list);

/** Spec §5: name, URL and at least one event are all required; no URL format check. */
export function automationError(name: string, url: string, events: string[]): string | undefined {
  return !name.trim() || !url.trim() || events.length === 0 ? 'Please fill in all fields and select at least one event.' : undefined;
}

export function newAutomation(name: string, url: string, events: string[]): Automation {
  return { id: randomId(), name: name.trim(), url: url.trim(), events, active: true, createdAt: new Date().toISOString(), successCount: 0, failureCount: 0 };
}

export interface AutomationResult {
  ok: boolean;
  /** 'cors': sent as application/json and the answer was read; 'no-cors': sent as a simple request, answer unseen. */
  mode?: 'cors' | 'no-cors';
  status?: number;
  /** Why it failed, or what the page could not see. */
  reason?: string;
}

export const NO_CORS_NOTE = 'Sent without the JSON content type: the receiver does not allow cross-origin requests, so the browser hides its answer.';

/** POSTs one event; never throws. */
export async function sendAutomation(a: Automation, event: string, data: Record<string, unknown>, triggeredBy: string, fetchImpl: typeof fetch = fetch): Promise<AutomationResult> {
  const body = JSON.stringify({ event, timestamp: new Date().toISOString(), data, source: { site: location.origin, version: '1.0', triggeredBy } });
  try {
    const res = await fetchImpl(a.url, { method: 'POST', mode: 'cors', headers: { 'Content-Type': 'application/json' }, body });
    return res.ok ? { ok: true, mode: 'cors', status: res.status } : { ok: false, mode: 'cors', status: res.status, reason: httpReason(res.status, res.statusText) };
  } catch {
    // The browser refused the cross-origin request (or the receiver is unreachable): send it as the
    // spec's no-cors request. A receiver that accepted the preflight but not the POST's answer gets
    // the event twice; the first copy's answer was hidden from the page.
  }
  try {
    await fetchImpl(a.url, { method: 'POST', mode: 'no-cors', body });
    return { ok: true, mode: 'no-cors', reason: NO_CORS_NOTE };
  } catch (error) {
    console.warn(`legalsite: webhook "${a.name}" failed`, error);
    return { ok: false, reason: NETWORK_REASON };
  }
}
