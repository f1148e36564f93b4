/**
 * static-markup.ts writes what React's renderToStaticMarkup writes, for every rule it copies: each
 * case below is rendered by both and must match byte for byte; what it does not copy is left to
 * React (NotStatic), and renderPage then gives React's page.
 */
import { createElement, Fragment, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { staticDocument } from '../../src/render/static-document.js';
import { renderPage } from '../../src/render/render-page.js';
import { scriptsFor } from '../../src/render/page-scripts.js';
import { Footer } from '../../templates/layout/Footer.js';
import { Header } from '../../templates/layout/Header.js';
import { Layout, slot } from '../../templates/layout/Layout.js';
import { ContentPage } from '../../templates/pages/ContentPage.js';
import { NotStatic, staticMarkup } from '../../src/render/static-markup.js';

const test = suite('static-markup');
const h = createElement as (type: any, props?: any, ...children: ReactNode[]) => ReactNode;
const same = (node: ReactNode, what: string) => assert.is(staticMarkup(node), renderToStaticMarkup(node as any), what);

test('text: React escapes " \' & < > (\' as &#x27;); numbers are written, booleans and null are not', () => {
  same(h('p', null, `Smith & Jones <"v"> O'Neil`), 'string child');
  same(h('p', null, 'a', 'b & c', 3, 0, true, false, null, undefined, 'd'), 'several children');
  same(h('p', null, ['x', ['y', h('b', { key: 1 }, 'z')]]), 'nested arrays');
  same(h(Fragment, null, h('i', null, '1'), '2'), 'a fragment');
  same(h('p', null, 12.5), 'a number child');
  same(h('p', null, '¶ — é \u00a0 \u2028'), 'text that needs no escape');
});

test('attributes: renamed, boolean, true on data-/aria- only, empty URLs, javascript: URLs, events', () => {
  same(h('div', { className: 'a "b"', tabIndex: 0, id: 'x&y', title: `O'Neil` }), 'class, tabindex, escaped values');
  same(h('label', { htmlFor: 'f', acceptCharset: 'utf-8' }), 'aliases');
  same(h('svg', { viewBox: '0 0 24 24', strokeWidth: 2, strokeLinecap: 'round', fillOpacity: 0.5, xmlnsXlink: 'x' }, h('path', { d: 'm1 1' }), h('circle', { cx: 1 })), 'SVG aliases');
  same(h('button', { hidden: true, disabled: false, open: 'yes', 'data-save': true, 'data-off': false, 'aria-hidden': true, draggable: true, translate: true }), 'booleans');
  same(h('a', { href: '', download: true }, 'self'), 'an empty href on <a> is kept');
  same(h('a', { href: 'javascript:alert(1)', download: 'file.json' }, 'x'), 'a javascript: URL is blocked');
  same(h('script', { src: '' }), 'an empty src is dropped');
  same(h('div', { onClick: () => 1, onmouseover: 'x', ref: null, suppressHydrationWarning: true, fn: () => 1, sym: Symbol('s') }), 'events, functions and symbols are dropped');
  same(h('textarea', { rows: 3, cols: 0, maxLength: 500 }), 'rows (1 or more) and cols');
  same(h('ol', { start: 3, reversed: true }, h('li', null, 'x')), 'start');
  same(h('time', { dateTime: '2024-06-17', 'data-n': 3, 'data-o': { a: 1 } }, 'Jun'), 'other names as written; objects as strings');
  same(h('div', { dangerouslySetInnerHTML: { __html: '<p id="a">raw & kept</p>' } }), 'inner HTML unescaped');
});

test('elements React writes in its own way: void, input, button, form, textarea, script', () => {
  same(h('p', null, h('br'), h('hr', { className: 'x' }), h('wbr')), 'void elements');
  same(h('input', { value: 'yes', type: 'radio', name: 'helpful', id: 'i' }), 'input: name and value move to the end');
  same(h('button', { name: 'b', type: 'submit', formAction: '/go', formMethod: 'post' }, 'Send'), 'button: form attributes move to the end');
  same(h('form', { method: 'get', action: '/search', role: 'search', 'data-feedback': 'x' }, h('input', { name: 'q' })), 'form: action and method move to the end');
  same(h('textarea', { name: 'comment', rows: 3 }), 'an empty textarea');
  same(h('textarea', { value: '\nfirst line & more' }), 'a textarea value that starts with a newline');
  same(h('textarea', { defaultValue: 'draft' }), 'defaultValue');
  same(h('textarea', null, 'child text'), 'a textarea with a child');
  same(h('script', { type: 'application/json', id: 'd', dangerouslySetInnerHTML: { __html: '{"a":"\\u003c/script>"}' } }), 'a JSON script');
  same(h('script', { type: 'text/plain' }, 'if (a </script> b) <Script>'), 'script text: <script written as React does');
  same(h('details', { name: 'faq', open: true }, h('summary', null, 'Q'), h('div', null, 'A')), 'details and summary');
});

test('function components are called with their props; React-only features are left to React', () => {
  const Item = ({ label, n }: { label: string; n: number }) => h('li', null, label, ' ', n);
  const List = ({ items }: { items: string[] }) => h('ul', null, items.map((s, i) => h(Item, { key: s, label: s, n: i })));
  same(h(List, { items: ['a', 'b & c'] }), 'nested components');
  for (const node of [h('title', null, 'x'), h('meta', { name: 'x' }), h('link', { rel: 'stylesheet', href: '/a.css' }), h('img', { src: '/a.png' }), h('select', { value: 'a' }, h('option', { value: 'a' }, 'A')), h('pre', null, '\nx'), h('div', { style: { color: 'red' } }), h('my-element'), h('script', { async: true, src: '/a.js' }), h('input', { checked: true })]) {
    assert.throws(() => staticMarkup(node), (e: unknown) => e instanceof NotStatic, `${renderToStaticMarkup(node as any)} is React's`);
  }
  function Old() {}
  Old.prototype.isReactComponent = {};
  assert.throws(() => staticMarkup(h(Old)), (e: unknown) => e instanceof NotStatic, 'a class component');
});

test('a document: React moves charset, viewport, then <title>, <meta> and <link> ahead of the head\'s other children', () => {
  const Head = ({ title }: { title: string }) => h('head', null,
    h('meta', { charSet: 'utf-8' }),
    h('meta', { httpEquiv: 'Content-Security-Policy', content: "default-src 'self'" }),
    h('meta', { name: 'viewport', content: 'width=device-width' }),
    h('title', null, title),
    h('link', { rel: 'canonical', href: 'https://x.example/a?b=1&c=2' }),
    h('link', { rel: 'stylesheet', href: '/site.css' }),
    h('noscript', null, h('meta', { httpEquiv: 'refresh', content: '0; url=/b' })),
    [h('link', { key: 1, rel: 'modulepreload', href: '/a.js' })],
    h('script', { type: 'module', src: '/m.js' }),
    h('link', { rel: 'alternate', type: 'application/rss+xml', href: '/feed.xml', title: 'Feed' }),
    h('script', { type: 'application/ld+json', dangerouslySetInnerHTML: { __html: '{"a":1}' } }),
    h('meta', { property: 'og:title', content: title }));
  const Page = ({ title }: { title: string }) => h('html', { lang: 'en-US' }, h(Head, { title }), h('body', { 'data-content-type': 'page' }, h('main', { id: 'main' }, h('h1', null, title))));
  const page = h(Page, { title: `Smith & Jones's "notes" <draft>` });
  assert.is(staticDocument(page), renderToStaticMarkup(page as any));
  assert.is(staticDocument(page, { before: '<!doctype html>\n', after: '\n' }), `<!doctype html>\n${renderToStaticMarkup(page as any)}\n`, 'before and after');
  const slotted = h('html', null, h('head'), h('body', null, h('template', { 'data-slot': 'top' }), h('p', null, 'x'), h('template', { 'data-slot': 'other' })));
  assert.is(staticDocument(slotted, { slots: { attribute: 'data-slot', parts: { top: '<header>T</header>' } } }), '<html><head></head><body><header>T</header><p>x</p><template data-slot="other"></template></body></html>', 'a slot is replaced by its part; others stay');
  for (const head of [h('style', null, 'p{}'), h('link', { rel: 'stylesheet', href: '/a.css', precedence: 'high' }), h('script', { async: true, src: '/a.js' }), h('meta', { itemProp: 'name', content: 'x' })]) {
    assert.throws(() => staticDocument(h('html', null, h('head', null, head), h('body'))), (e: unknown) => e instanceof NotStatic, `${renderToStaticMarkup(h('html', null, h('head', null, head), h('body')) as any)} is React's`);
  }
});

test('renderPage writes what React writes for the same page (header and footer spliced into their slots)', () => {
  const chrome = { siteName: 'Site & Co', tagline: '', publisherName: 'P', licenseName: 'L', licenseUrl: '/l', chronologyBuilderUrl: '/c', cssHref: '/s.css', contentSecurityPolicy: "default-src 'self'", language: 'en-GB', pageLinks: [{ href: '/about', label: 'About' }] };
  const meta = { title: 'T <1>', description: 'D', canonical: 'https://x.example/t', keywords: ['a', 'b'], ogType: 'website' as const, siteName: 'Site & Co', jsonLd: [{ '@type': 'Thing', name: '</script>' }], refreshTo: '/new', prev: '/p', alternates: [{ type: 'text/markdown', href: '/t.md' }] };
  const props = { title: 'About us', dateModified: '2026-01-02', bodyHtml: '<p id="x">Body & more</p>' };
  const route = { kind: 'html', url: '/t', template: 'content', meta, props, content: { type: 'page' } } as any;
  const bundle = { files: [], entries: new Map([['page-actions', { src: '/actions.js', imports: ['/c.js'] }], ['tracker', { src: '/m.js', imports: ['/c.js'] }]]) } as any;
  const scripts = scriptsFor(route, bundle);
  // A content page loads the global scripts the bundle has (the tracker; not the search shortcut,
  // which this bundle lacks) and no page-actions.
  assert.equal(scripts, { scripts: ['/m.js'], preloads: ['/c.js'] });
  const expected = renderToStaticMarkup(h(Layout, { chrome, meta, scripts, content: route.content }, h(ContentPage, props)) as any)
    .replace(slot('header'), renderToStaticMarkup(h(Header, { siteName: chrome.siteName, hasAbout: true }) as any))
    .replace(slot('footer'), renderToStaticMarkup(h(Footer, { chrome }) as any));
  assert.ok(expected.includes('<header class="site-header">') && expected.includes('<footer class="site-footer">'), 'the page has its header and footer');
  assert.is(renderPage(route, chrome, bundle), `<!doctype html>\n${expected}\n`);
});

test.run();
