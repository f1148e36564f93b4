/**
 * The analytics tracker, on every page (spec §3, §4, §9): a page view with time on page and scroll
 * depth, a page-load performance metric, reading-depth milestones 25/50/75/100 % once per article
 * view. Events are buffered and flushed to localStorage on page unload. Bots record nothing.
 */
import { appendEvents, type AnalyticsEvent, mayRecord, randomId, sessionId } from './lib/analytics.js';

const buffer: AnalyticsEvent[] = [];
const ua = navigator.userAgent;

if (mayRecord(ua)) {
  const started = performance.now();
  const { contentType = 'page', contentSlug } = document.body.dataset;
  const session = sessionId();
  const base = () => ({ id: randomId(), timestamp: new Date().toISOString(), sessionId: session });
  let maxDepth = 0;
  const milestones = new Set<number>();

  const depth = () => {
    const doc = document.documentElement;
    const scrollable = doc.scrollHeight - window.innerHeight;
    return scrollable <= 0 ? 100 : Math.min(100, Math.round((window.scrollY / scrollable) * 100));
  };
  const onScroll = () => {
    maxDepth = Math.max(maxDepth, depth());
    if (contentType !== 'article') return;
    for (const m of [25, 50, 75, 100]) {
      if (maxDepth >= m && !milestones.has(m)) {
        milestones.add(m);
        buffer.push({ ...base(), kind: 'interaction', interactionType: 'reading-depth', contentType, contentSlug: contentSlug ?? '', metadata: { milestone: m } });
      }
    }
  };
  window.addEventListener('scroll', onScroll, { passive: true });
  window.addEventListener('load', () => {
    onScroll();
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const value = Math.round(nav ? nav.loadEventStart || nav.domContentLoadedEventEnd : performance.now());
    buffer.push({ ...base(), kind: 'performance', metricType: 'page-load', value, url: location.pathname, metadata: {} });
  });

  let flushed = false;
  const flush = () => {
    if (flushed) return;
    flushed = true;
    buffer.push({
      ...base(), kind: 'pageview', url: location.pathname, title: document.title, referrer: document.referrer || 'direct', userAgent: ua,
      contentType, contentSlug, scrollDepth: maxDepth, timeOnPage: Math.round((performance.now() - started) / 1000),
    });
    appendEvents(buffer.splice(0));
  };
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  // Other modules (article actions) hand their events to the tracker's buffer.
  window.addEventListener('legalsite:event', (e) => buffer.push({ ...base(), ...(e as CustomEvent).detail }));
}
