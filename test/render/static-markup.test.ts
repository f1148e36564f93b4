/**
 * static-markup.ts writes what React's renderToStaticMarkup writes, for every rule it copies: each
 * case below is rendered by both and must match byte for byte; what it does not copy is left to
 * React (NotStatic), and renderPage then gives React's page.
 */
import { createElement, Fragment, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
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

test.run();
