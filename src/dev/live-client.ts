/**
 * The live-reload client `legalsite serve` adds to every HTML page it serves (never to dist/): it
 * listens to /__legalsite/events, reloads on a "reload" that names its page (or all pages), keeping the
 * scroll position, and shows the build
 * errors in an overlay on "build-error" until a good build clears it. Styles are set through the DOM,
 * so it runs under the site's Content Security Policy.
 */
export const LIVE_CLIENT_PATH = '/__legalsite/live.js';
export const EVENTS_PATH = '/__legalsite/events';

export const LIVE_CLIENT = `
const key = 'legalsite:scroll:' + location.pathname;
const saved = sessionStorage.getItem(key);
if (saved !== null) {
  sessionStorage.removeItem(key);
  const restore = () => window.scrollTo(0, Number(saved));
  if (document.readyState === 'complete') restore(); else addEventListener('load', restore);
}
let overlay = null;
function hide() { if (overlay) { overlay.remove(); overlay = null; } }
function show(lines) {
  hide();
  overlay = document.createElement('div');
  overlay.id = 'legalsite-error-overlay';
  overlay.setAttribute('role', 'alertdialog');
  overlay.setAttribute('aria-label', 'Build errors');
  Object.assign(overlay.style, { position: 'fixed', inset: '0', zIndex: '2147483647', background: 'rgba(20,24,31,0.94)', color: '#fff', padding: '2rem', overflow: 'auto', font: '14px/1.5 ui-monospace, Menlo, Consolas, monospace' });
  const title = document.createElement('h2');
  title.textContent = 'legalsite: the last change has errors; the previous version is still served';
  Object.assign(title.style, { font: '600 18px system-ui, sans-serif', margin: '0 0 1rem' });
  overlay.appendChild(title);
  for (const line of lines) {
    const pre = document.createElement('pre');
    pre.textContent = line;
    Object.assign(pre.style, { whiteSpace: 'pre-wrap', margin: '0 0 0.6rem', color: '#ffb4b4' });
    overlay.appendChild(pre);
  }
  document.body.appendChild(overlay);
}
const events = new EventSource('${EVENTS_PATH}');
// A reload names the pages whose HTML changed; "all" when styles or scripts changed too.
events.addEventListener('reload', (e) => {
  const data = e.data ? JSON.parse(e.data) : {};
  if (!data.all && Array.isArray(data.pages) && !data.pages.includes(location.pathname)) return;
  sessionStorage.setItem(key, String(window.scrollY));
  location.reload();
});
events.addEventListener('build-error', (e) => show(JSON.parse(e.data).lines));
events.addEventListener('ok', hide);
`;
