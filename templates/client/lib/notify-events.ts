/**
 * Reader events that notify (spec §7, §9): content.cited, llm.usage, engagement.high and
 * download.requested go to the analytics page's active automation webhooks subscribed to them (POST,
 * no-cors, {event, timestamp, data, source}) and to integration-hub subscriptions listening for the
 * same event name. Bots never fire them; failures are logged, never shown to the reader.
 */
import { mayRecord } from './analytics.js';
import { loadAutomations, sendAutomation } from '../../islands/AnalyticsDashboard/automations.js';
import { dispatch } from '../../islands/IntegrationHub/delivery-engine.js';
import { loadSubscriptions } from './webhooks.js';

export type ReaderEvent = 'content.cited' | 'llm.usage' | 'engagement.high' | 'download.requested';

export async function fireReaderEvent(event: ReaderEvent, data: Record<string, unknown>): Promise<void> {
  if (!mayRecord(navigator.userAgent)) return;
  try {
    const automations = loadAutomations().filter((a) => a.active && a.events.includes(event));
    const sends: Promise<unknown>[] = automations.map((a) => sendAutomation(a, event, data, 'reader'));
    if (loadSubscriptions().some((s) => s.active && s.events.includes(event))) sends.push(dispatch(event, data));
    await Promise.all(sends);
  } catch (error) {
    console.warn(`legalsite: could not notify ${event}`, error);
  }
}
