/**
 * Renders one HTML route to a complete document: the Layout around the route's page template,
 * React renderToStaticMarkup, and the doctype; the header and footer, the same on every page, are
 * rendered once per chrome and spliced in. Pure: same route and chrome, same bytes.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Footer } from '../../templates/layout/Footer.js';
import { Header } from '../../templates/layout/Header.js';
import { Layout, slot } from '../../templates/layout/Layout.js';
import { PAGE_TEMPLATES } from '../../templates/pages/index.js';
import { scriptsFor } from './page-scripts.js';
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
  return `<!doctype html>\n${renderToStaticMarkup(tree).replace(slot('header'), () => header).replace(slot('footer'), () => footer)}\n`;
}

/** The header and footer are the same on every page of a build: rendered once per chrome. */
let parts: { chrome: Chrome; header: string; footer: string } | undefined;
function staticParts(chrome: Chrome): { header: string; footer: string } {
  if (parts?.chrome !== chrome) parts = { chrome, header: renderToStaticMarkup(<Header siteName={chrome.siteName} />), footer: renderToStaticMarkup(<Footer chrome={chrome} />) };
  return parts;
}
