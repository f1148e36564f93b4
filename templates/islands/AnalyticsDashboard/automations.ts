/**
 * Analytics-page automation webhooks (spec §3 "Webhook (analytics page)", §5, §7): name, URL and
 * events, kept in localStorage; deliveries are POSTed no-cors with {event, timestamp, data, source}.
 */
import { randomId } from '../../client/lib/analytics.js';
import { isArrayOf, isRecord, readStored, writeStored } from '../../client/lib/storage.js';

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

const isAutomation = (v: unknown): v is Automation => isRecord(v) && typeof v.id === 'string' && typeof v.name === 'string' && typeof v.url === 'string' && Array.isArray(v.events);
export const loadAutomations = () => readStored('automations', isArrayOf(isAutomation), []);
export const saveAutomations = (list: Automation[]) => writeStored('automations', list);

/** Spec §5: name, URL and at least one event are all required; no URL format check. */
export function automationError(name: string, url: string, events: string[]): string | undefined {
  return !name.trim() || !url.trim() || events.length === 0 ? 'Please fill in all fields and select at least one event.' : undefined;
}

export function newAutomation(name: string, url: string, events: string[]): Automation {
  return { id: randomId(), name: name.trim(), url: url.trim(), events, active: true, createdAt: new Date().toISOString(), successCount: 0, failureCount: 0 };
}

/** POSTs one event, no-cors (the response is opaque: success means the request was sent). */
export async function sendAutomation(a: Automation, event: string, data: Record<string, unknown>, triggeredBy: string): Promise<boolean> {
  const body = JSON.stringify({ event, timestamp: new Date().toISOString(), data, source: { site: location.origin, version: '1.0', triggeredBy } });
  try {
    await fetch(a.url, { method: 'POST', mode: 'no-cors', headers: { 'Content-Type': 'application/json' }, body });
    return true;
  } catch (error) {
    console.warn(`legalsite: webhook "${a.name}" failed`, error);
    return false;
  }
}
