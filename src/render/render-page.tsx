/**
 * Renders one HTML route to a complete document: the Layout around the route's page template, and
 * the doctype. React renders the shell (the head, whose elements it orders, and the body's frame);
 * the header and footer, the same on every page, are rendered once per chrome, and the page template
 * by static-markup.ts (React's bytes at a fraction of its cost), and all three are spliced into the
 * shell's slots. A page static-markup.ts cannot render is rendered by React whole. Pure: same route
 * and chrome, same bytes.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Footer } from '../../templates/layout/Footer.js';
import { Header } from '../../templates/layout/Header.js';
import { Layout, Slot, slot } from '../../templates/layout/Layout.js';
import { PAGE_TEMPLATES } from '../../templates/pages/index.js';
import { scriptsFor } from './page-scripts.js';
import { staticMarkup } from './static-markup.js';
import type { ClientBundle } from '../bundle/client-bundle.js';
import type { Chrome } from '../../templates/types.js';
import type { HtmlRoute } from '../routes/types.js';

export function renderPage(route: HtmlRoute, chrome: Chrome, bundle: ClientBundle): string {
  const Page = PAGE_TEMPLATES[route.template] as (props: any) => any;
  const page = createElement(Page, route.props);
  const body = pageMarkup(page);
  const shell = renderToStaticMarkup(
    <Layout chrome={chrome} meta={route.meta} scripts={scriptsFor(route, bundle)} content={route.content}>
      {body === undefined ? page : <Slot name="page" />}
    </Layout>,
  );
  const { header, footer } = staticParts(chrome);
  return `<!doctype html>\n${fillSlots(shell, body === undefined ? [['header', header], ['footer', footer]] : [['header', header], ['page', body], ['footer', footer]])}\n`;
}

/** The page template's markup, or undefined when static-markup.ts leaves it to React (NotStatic),
 * or when it throws: React then renders it, and throws the template's own error. */
function pageMarkup(page: ReturnType<typeof createElement>): string | undefined {
  try {
    return staticMarkup(page);
  } catch {
    return undefined;
  }
}

/** Each slot, in page order, replaced by its part: one pass over the shell. */
function fillSlots(shell: string, parts: [Parameters<typeof slot>[0], string][]): string {
  let html = '';
  let at = 0;
  for (const [name, part] of parts) {
    const mark = slot(name);
    const found = shell.indexOf(mark, at);
    if (found === -1) throw new Error(`render-page: the layout has no ${name} slot`);
    html += shell.slice(at, found) + part;
    at = found + mark.length;
  }
  return html + shell.slice(at);
}

/** The header and footer are the same on every page of a build: rendered once per chrome. */
let parts: { chrome: Chrome; header: string; footer: string } | undefined;
function staticParts(chrome: Chrome): { header: string; footer: string } {
  if (parts?.chrome !== chrome) parts = { chrome, header: renderToStaticMarkup(<Header siteName={chrome.siteName} />), footer: renderToStaticMarkup(<Footer chrome={chrome} />) };
  return parts;
}
