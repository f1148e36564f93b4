/**
 * Renders one HTML route to a complete document: the Layout around the route's page template,
 * React renderToStaticMarkup, and the doctype. Pure: same route and chrome, same bytes.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Layout } from '../../templates/layout/Layout.js';
import { PAGE_TEMPLATES } from '../../templates/pages/index.js';
import type { Chrome } from '../../templates/types.js';
import type { HtmlRoute } from '../routes/types.js';

export function renderPage(route: HtmlRoute, chrome: Chrome): string {
  const Page = PAGE_TEMPLATES[route.template] as (props: any) => any;
  const tree = (
    <Layout chrome={chrome} meta={route.meta}>
      {createElement(Page, route.props)}
    </Layout>
  );
  return `<!doctype html>\n${renderToStaticMarkup(tree)}\n`;
}
