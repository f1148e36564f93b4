/**
 * Renders one HTML route to a complete document: the Layout around the route's page template, and
 * the doctype. The page is written by static-document.ts, which gives React's renderToStaticMarkup
 * bytes for these templates (plain function components and HTML elements) at a fraction of React's
 * cost; a page with anything it leaves to React is rendered by React. The header and footer, the
 * same on every page, are rendered once per chrome and spliced in. Pure: same route and chrome,
 * same bytes.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Footer } from '../../templates/layout/Footer.js';
import { Header } from '../../templates/layout/Header.js';
import { Layout, SLOT, slot } from '../../templates/layout/Layout.js';
import { PAGE_TEMPLATES } from '../../templates/pages/index.js';
import { scriptsFor } from './page-scripts.js';
import { staticDocument } from './static-document.js';
import type { ClientBundle } from '../bundle/client-bundle.js';
import type { Chrome } from '../../templates/types.js';
import type { HtmlRoute } from '../routes/types.js';

export function renderPage(route: HtmlRoute, chrome: Chrome, bundle: ClientBundle): string {
  const Page = PAGE_TEMPLATES[route.template] as (props: any) => any;
  const tree = (
    <Layout chrome={chrome} meta={route.meta} scripts={scriptsFor(route, bundle)} content={route.content}>
      {createElement(Page, route.props)}
    </Layout>
  );
  const { header, footer } = staticParts(chrome);
  try {
    // One string, joined once and flat: the page's readers (its ids, the file write) copy it no more.
    return staticDocument(tree, { before: '<!doctype html>\n', after: '\n', slots: { attribute: SLOT, parts: { header, footer } } });
  } catch {
    // Left to React (NotStatic), or a template threw: React then throws the template's own error.
    return `<!doctype html>\n${fillSlots(renderToStaticMarkup(tree), [['header', header], ['footer', footer]])}\n`;
  }
}

/** Each slot, in page order, replaced by its part: one pass over the page. */
function fillSlots(html: string, parts: [Parameters<typeof slot>[0], string][]): string {
  let filled = '';
  let at = 0;
  for (const [name, part] of parts) {
    const mark = slot(name);
    const found = html.indexOf(mark, at);
    if (found === -1) throw new Error(`render-page: the layout has no ${name} slot`);
    filled += html.slice(at, found) + part;
    at = found + mark.length;
  }
  return filled + html.slice(at);
}

/** The header and footer are the same on every page of a build: rendered once per chrome. */
let parts: { chrome: Chrome; header: string; footer: string } | undefined;
function staticParts(chrome: Chrome): { header: string; footer: string } {
  if (parts?.chrome !== chrome) parts = { chrome, header: renderToStaticMarkup(<Header siteName={chrome.siteName} hasAbout={chrome.pageLinks.some((l) => l.href === '/about')} />), footer: renderToStaticMarkup(<Footer chrome={chrome} />) };
  return parts;
}
