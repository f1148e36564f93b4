/**
 * renderToStaticMarkup's bytes for the page templates, without React's machinery: a page template
 * is plain function components and HTML elements (no hooks, no context), which need no more than a
 * walk over the element tree. React's server renderer spends most of a page's time on what these
 * pages never use (work queues, suspense, hoisting, chunk buffers): 360 µs of a 450 µs article page
 * at 10,000 articles, against about 60 µs here (docs/performance-log.md).
 *
 * Only what the templates use is written here, each rule as React writes it (react-attributes.ts);
 * anything else (an element React treats specially, a component type other than a function, a prop
 * whose rules are not copied) throws NotStatic, and the caller renders the page with React.
 * test/render/static-markup.test.ts compares each rule, and every page template, with React.
 */
import type { ReactNode } from 'react';
import { attribute, escapeText, NotStatic } from './react-attributes.js';

export { NotStatic } from './react-attributes.js';

const ELEMENT = Symbol.for('react.transitional.element');
const FRAGMENT = Symbol.for('react.fragment');
/** Elements React writes as `<tag …/>`, with no children. */
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'keygen', 'param', 'source', 'track', 'wbr']);
/** Elements React writes in a way of their own (hoisting, preloads, values, newlines): left to React. */
const SPECIAL = new Set(['select', 'option', 'menuitem', 'object', 'title', 'link', 'style', 'meta', 'listing', 'pre', 'img', 'head', 'body', 'html']);
/** Props moved after the others, in this order (React's form-action attributes). */
const MOVED: Record<string, string[]> = {
  input: ['name', 'formAction', 'formEncType', 'formMethod', 'formTarget'],
  button: ['name', 'formAction', 'formEncType', 'formMethod', 'formTarget'],
  form: ['action', 'encType', 'method', 'target'],
};
const VALID_TAG = /^[a-zA-Z][a-zA-Z:_.\d]*$/;
const validTags = new Set<string>();

interface Element { $$typeof: symbol; type: unknown; props: Record<string, unknown> }

/** The markup React's renderToStaticMarkup gives for `node`, or NotStatic. Written into an array
 * joined once: a page is a few thousand pieces, and one join costs less than flattening the string
 * that concatenating them one by one would leave for the next reader. */
export function staticMarkup(node: ReactNode): string {
  const out: string[] = [];
  write(node, out);
  return out.join('');
}

/** Parts rendered once, written in place of an element: the `<template>` whose `attribute` names
 * one of `parts` (the Layout's slots for the header and footer). */
export interface Slots { attribute: string; parts: Record<string, string> }

/** Writes `node`'s markup into `out` (static-document.ts writes a page's body with it). */
export function writeNode(node: ReactNode, out: string[], slots?: Slots): void {
  const previous = activeSlots;
  activeSlots = slots;
  try {
    write(node, out);
  } finally {
    activeSlots = previous;
  }
}

let activeSlots: Slots | undefined;

function write(node: ReactNode, out: string[]): void {
  if (node == null || typeof node === 'boolean') return;
  if (typeof node === 'string') return void out.push(escapeText(node));
  if (typeof node === 'number' || typeof node === 'bigint') return void out.push(String(node));
  if (Array.isArray(node)) {
    for (const child of node) write(child, out);
    return;
  }
  const element = node as unknown as Element;
  if (typeof node !== 'object' || element.$$typeof !== ELEMENT) throw new NotStatic(`a node of type ${typeof node}`);
  const { type, props } = element;
  if (typeof type === 'string') return hostElement(type, props, out);
  if (type === FRAGMENT) return write(props.children as ReactNode, out);
  return write(render(type, props), out);
}

/** A plain function component's output; any other component type is React's. React 19 ignores
 * defaultProps on functions (with a warning), so a function that has them is left to React too. */
function render(type: unknown, props: Record<string, unknown>): ReactNode {
  if (typeof type === 'function' && !type.prototype?.isReactComponent && !('defaultProps' in type)) return type(props) as ReactNode;
  throw new NotStatic('a component that is not a plain function');
}

/** The host element (type: its tag) or fragment (type: null) a node comes to through function
 * components; undefined for text and empty nodes. */
export function resolveElement(node: ReactNode): { type: string | null; props: Record<string, unknown> } | undefined {
  for (;;) {
    if (node == null || typeof node !== 'object' || Array.isArray(node)) return undefined;
    const { $$typeof, type, props } = node as unknown as Element;
    if ($$typeof !== ELEMENT) throw new NotStatic('a node that is not an element');
    if (typeof type === 'string') return { type, props };
    if (type === FRAGMENT) return { type: null, props };
    node = render(type, props);
  }
}

function hostElement(tag: string, props: Record<string, unknown>, out: string[]): void {
  if (tag === 'template' && activeSlots) {
    const part = activeSlots.parts[props[activeSlots.attribute] as string];
    if (part !== undefined) return void out.push(part);
  }
  if (!validTags.has(tag)) {
    if (SPECIAL.has(tag) || !VALID_TAG.test(tag)) throw new NotStatic(`<${tag}>`);
    validTags.add(tag);
  }
  if (tag === 'script' && props.async) throw new NotStatic('<script async>');
  if (tag === 'input' && (props.checked != null || props.defaultChecked != null || props.defaultValue != null)) throw new NotStatic('<input> with checked or defaultValue');
  const moved = MOVED[tag];
  let html = `<${tag}`;
  for (const name in props) {
    const value = props[name];
    if (moved?.includes(name) || (name === 'value' && (tag === 'input' || tag === 'textarea'))) {
      if (typeof value === 'function') throw new NotStatic(`a function as ${name}`);
      continue;
    }
    // React keeps an empty href on <a> (a link to the page itself), and drops it elsewhere.
    html += name === 'href' && value === '' && tag === 'a' ? ' href=""' : attribute(name, value);
  }
  if (moved) for (const name of moved) html += attribute(name, props[name]);
  if (tag === 'input') html += attribute('value', props.value);
  const { children, dangerouslySetInnerHTML: inner } = props as { children?: ReactNode; dangerouslySetInnerHTML?: { __html?: unknown } };
  if (VOID.has(tag) || tag === 'input') {
    if (children != null || inner != null) throw new NotStatic(`<${tag}> with children`);
    out.push(`${html}/>`);
    return;
  }
  html += '>';
  if (tag === 'textarea') return void out.push(`${html}${textareaValue(props)}</textarea>`);
  if (inner != null) {
    if (children != null || typeof inner !== 'object' || !('__html' in inner)) throw new NotStatic('dangerouslySetInnerHTML with children');
    if (inner.__html != null) html += `${inner.__html as string}`;
  }
  if (tag === 'script') {
    if (children != null && typeof children !== 'string') throw new NotStatic('<script> with element children');
    if (typeof children === 'string') html += children.replace(/(<\/|<)(s)(cript)/gi, (_m, pre: string, s: string, rest: string) => `${pre}${s === 's' ? '\\u0073' : '\\u0053'}${rest}`);
    out.push(`${html}</${tag}>`);
    return;
  }
  out.push(html);
  write(children, out);
  out.push(`</${tag}>`);
}

/** A textarea's text, from its value, defaultValue or children, as React writes it (a leading
 * newline doubled, since the HTML parser drops the first). */
function textareaValue(props: Record<string, unknown>): string {
  const { children, dangerouslySetInnerHTML: inner } = props;
  let value = props.value ?? props.defaultValue ?? null;
  if (inner != null || (children != null && (value != null || (Array.isArray(children) && children.length > 1)))) throw new NotStatic('<textarea> with both value and children');
  if (children != null) value = `${children as string}`;
  if (value == null) return '';
  return (typeof value === 'string' && value[0] === '\n' ? '\n' : '') + escapeText(String(value));
}
