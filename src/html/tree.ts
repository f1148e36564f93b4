/**
 * parse5 helpers: parse a fragment, walk it, read text, build elements. No site logic here.
 */
import { defaultTreeAdapter, parseFragment, serialize } from 'parse5';
import type { DefaultTreeAdapterMap } from 'parse5';

export type Node = DefaultTreeAdapterMap['node'];
export type ParentNode = DefaultTreeAdapterMap['parentNode'];
export type Element = DefaultTreeAdapterMap['element'];
export type TextNode = DefaultTreeAdapterMap['textNode'];
export type Fragment = DefaultTreeAdapterMap['documentFragment'];

export const parseHtmlFragment = (html: string): Fragment => parseFragment(html);
export const serializeHtml = (node: ParentNode): string => serialize(node);

export const isElement = (node: Node): node is Element => 'tagName' in node;
export const isText = (node: Node): node is TextNode => node.nodeName === '#text';

/** Visits elements in document order; return false from `enter` to skip an element's children. */
export function walkElements(node: ParentNode, enter: (el: Element) => boolean | void): void {
  for (const child of node.childNodes) {
    if (!isElement(child)) continue;
    if (enter(child) === false) continue;
    walkElements(child, enter);
  }
}

/** The text content of a node, as a browser's textContent would give it. */
export function textContent(node: Node): string {
  if (isText(node)) return node.value;
  if (!('childNodes' in node)) return '';
  return node.childNodes.map(textContent).join('');
}

export function getAttr(el: Element, name: string): string | undefined {
  return el.attrs.find((a) => a.name === name)?.value;
}

export function setAttr(el: Element, name: string, value: string): void {
  const existing = el.attrs.find((a) => a.name === name);
  if (existing) existing.value = value;
  else el.attrs.push({ name, value });
}

export function createElement(tagName: string, attrs: Record<string, string>, parent: ParentNode): Element {
  const el = defaultTreeAdapter.createElement(tagName, 'http://www.w3.org/1999/xhtml' as never, Object.entries(attrs).map(([name, value]) => ({ name, value })));
  el.parentNode = parent;
  return el;
}

export function createText(value: string, parent: ParentNode): TextNode {
  return { nodeName: '#text', value, parentNode: parent } as TextNode;
}
