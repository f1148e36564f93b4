/**
 * A whole page as React's renderToStaticMarkup writes it, for the Layout's <html>: React moves the
 * head's <meta>, <title> and <link> elements ("hoistables") ahead of its other children, the
 * charset and viewport first (react-dom-server's flushCompletedQueues: charset, viewport, then the
 * hoistables in order, then the head's own children in place). Only those head rules are copied;
 * a head element that React would treat as a resource (an async script, a stylesheet with a
 * precedence, a <style>) throws NotStatic, as does anything static-markup.ts leaves to React.
 */
import type { ReactNode } from 'react';
import { attribute, NotStatic } from './react-attributes.js';
import { resolveElement, type Slots, staticMarkup, writeNode } from './static-markup.js';

interface Host { type: string; props: Record<string, unknown> }

/** The document React renders for `node` (a tree whose root is <html> with <head> and <body>),
 * between `before` and `after`, with `slots` (parts rendered once) in place of their slot elements. */
export function staticDocument(node: ReactNode, { before = '', after = '', slots }: { before?: string; after?: string; slots?: Slots } = {}): string {
  const html = resolveElement(node);
  if (html?.type !== 'html') throw new NotStatic('a document without <html>');
  const parts = hostChildren(html.props.children as ReactNode);
  const [head, body] = parts;
  if (parts.length !== 2 || head.type !== 'head' || body.type !== 'body') throw new NotStatic('<html> without exactly <head> and <body>');
  const out: string[] = [before, startTag(html as Host), startTag(head)];
  writeHead(head.props.children as ReactNode, out);
  out.push('</head>', startTag(body));
  writeNode(body.props.children as ReactNode, out, slots);
  out.push('</body></html>', after);
  return out.join('');
}

/** `<tag attributes>`, for html, head and body (no inner HTML). */
function startTag({ type, props }: Host): string {
  if (props.dangerouslySetInnerHTML != null) throw new NotStatic(`<${type}> with inner HTML`);
  return `${openTag(type, props)}>`;
}

/** `<tag` and its attributes as React writes them, the tag left open. */
function openTag(tag: string, props: Record<string, unknown>): string {
  let html = `<${tag}`;
  for (const name in props) html += attribute(name, props[name]);
  return html;
}

/** The host elements of a list of children, through components, fragments and arrays. */
function hostChildren(children: ReactNode): Host[] {
  const hosts: Host[] = [];
  const visit = (node: ReactNode) => {
    if (node == null || typeof node === 'boolean') return;
    if (Array.isArray(node)) return node.forEach(visit);
    const element = resolveElement(node);
    if (!element) throw new NotStatic('text in <html> or <head>');
    if (element.type === null) visit(element.props.children as ReactNode);
    else hosts.push(element as Host);
  };
  visit(children);
  return hosts;
}

function writeHead(children: ReactNode, out: string[]): void {
  const charset: string[] = [];
  const viewport: string[] = [];
  const hoisted: string[] = [];
  const inPlace: string[] = [];
  for (const { type, props } of hostChildren(children)) {
    const own = props.itemProp != null;
    if (type === 'meta' && !own) (typeof props.charSet === 'string' ? charset : props.name === 'viewport' ? viewport : hoisted).push(selfClosing('meta', props));
    else if (type === 'title' && !own) hoisted.push(title(props));
    else if (type === 'link' && !own && typeof props.rel === 'string' && typeof props.href === 'string' && props.href !== '') {
      if (props.rel === 'stylesheet' && typeof props.precedence === 'string') throw new NotStatic('a stylesheet with a precedence');
      if (props.onLoad || props.onError) throw new NotStatic('a link with handlers');
      (props.rel === 'stylesheet' ? inPlace : hoisted).push(selfClosing('link', props));
    } else if (type === 'noscript') inPlace.push(noscript(props));
    else if (type === 'meta' || type === 'title' || type === 'link' || type === 'style') throw new NotStatic(`<${type}> in <head>`);
    else inPlace.push(staticMarkup({ $$typeof: Symbol.for('react.transitional.element'), type, props, key: null } as unknown as ReactNode));
  }
  out.push(...charset, ...viewport, ...hoisted, ...inPlace);
}

function selfClosing(tag: string, props: Record<string, unknown>): string {
  if (props.children != null || props.dangerouslySetInnerHTML != null) throw new NotStatic(`<${tag}> with children`);
  return `${openTag(tag, props)}/>`;
}

/** React writes a title's one child as text; its attributes as usual. */
function title(props: Record<string, unknown>): string {
  const { children } = props;
  if (props.dangerouslySetInnerHTML != null || (typeof children !== 'string' && typeof children !== 'number')) throw new NotStatic('a <title> that is not one text');
  return `${openTag('title', props)}>${staticMarkup(children)}</title>`;
}

/** Inside <noscript>, nothing is hoisted: only <meta> is written here (in place). */
function noscript(props: Record<string, unknown>): string {
  if (props.dangerouslySetInnerHTML != null) throw new NotStatic('<noscript> with inner HTML');
  let html = `${openTag('noscript', props)}>`;
  for (const child of hostChildren(props.children as ReactNode)) {
    if (child.type !== 'meta') throw new NotStatic(`<${child.type}> in <noscript>`);
    html += selfClosing('meta', child.props);
  }
  return `${html}</noscript>`;
}
