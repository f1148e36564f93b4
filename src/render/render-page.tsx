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
import { PAGE_SCRIPTS, PAGE_TEMPLATES } from '../../templates/pages/index.js';
import { GLOBAL_SCRIPTS } from '../../templates/client/entries.js';
import type { ClientBundle } from '../bundle/client-bundle.js';
import type { PageScripts } from '../../templates/layout/Layout.js';
import type { Chrome } from '../../templates/types.js';
import type { HtmlRoute } from '../routes/types.js';

/** The scripts a page loads: the global modules and its own islands, with their shared chunks. */
export function scriptsFor(route: Pick<HtmlRoute, 'template'>, bundle: ClientBundle): PageScripts {
  const names = [...GLOBAL_SCRIPTS, ...(PAGE_SCRIPTS[route.template] ?? [])];
  const entries = names.map((n) => bundle.entries.get(n)).filter((e) => e !== undefined);
  return { scripts: entries.map((e) => e.src), preloads: [...new Set(entries.flatMap((e) => e.imports))].sort() };
}

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
