/** Query helpers over parse5 documents, so page tests assert facts instead of snapshots. */
import { parse } from 'parse5';
import type { DefaultTreeAdapterMap } from 'parse5';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

export function parseHtml(html: string) {
  const doc = parse(html);
  const all: Element[] = [];
  const walk = (n: Node) => {
    if ('tagName' in n) all.push(n);
    if ('childNodes' in n) n.childNodes.forEach(walk);
    if ('content' in n && n.content) (n.content as DefaultTreeAdapterMap['documentFragment']).childNodes.forEach(walk);
  };
  walk(doc);
  const attr = (el: Element, name: string) => el.attrs.find((a) => a.name === name)?.value;
  const text = (n: Node): string => ('value' in n && n.nodeName === '#text' ? (n as { value: string }).value : 'childNodes' in n ? n.childNodes.map(text).join('') : '');
  return {
    all,
    attr,
    text,
    byTag: (tag: string) => all.filter((e) => e.tagName === tag),
    byId: (id: string) => all.find((e) => attr(e, 'id') === id),
    withAttr: (name: string, value?: string) => all.filter((e) => attr(e, name) !== undefined && (value === undefined || attr(e, name) === value)),
    /** The visible text of the whole document, whitespace folded. */
    bodyText: () => text(all.find((e) => e.tagName === 'body')!).replace(/\s+/g, ' '),
    jsonLd: () => all.filter((e) => e.tagName === 'script' && attr(e, 'type') === 'application/ld+json').map((e) => JSON.parse(text(e))),
  };
}
