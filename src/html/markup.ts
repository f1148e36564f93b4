/**
 * markdown-it's HTML as a flat list of tags and texts, read and written the way parse5 would read
 * it into a tree and serialise it again, without building the tree. This holds only for HTML that
 * markdown-it wrote with raw HTML off (src/passes/markdown.ts): every tag is well formed and closed
 * in order, attribute values are double-quoted, and text and attributes escape only & < > "
 * (markdown-it's escapeHtml).
 * The article-html passes work on this list; at 10,000 articles parsing with parse5 was a third of
 * the time spent on each body (measured with npm run bench).
 */

export interface OpenTag {
  kind: 'open';
  name: string;
  attrs: [name: string, value: string][];
}

export interface CloseTag {
  kind: 'close';
  name: string;
}

export interface Text {
  kind: 'text';
  /** Decoded text, as a DOM text node holds it. */
  value: string;
}

export type Markup = (OpenTag | CloseTag | Text)[];

/** Elements without content or closing tag (those markdown-it writes). */
const VOID = new Set(['br', 'hr', 'img', 'input', 'wbr', 'col', 'area', 'base', 'embed', 'link', 'meta', 'source', 'track']);

export const isVoid = (name: string) => VOID.has(name);

const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'>/=]+(?:="[^"]*")?)*)\s*\/?>/g;
const ATTR = /([^\s"'>/=]+)(?:="([^"]*)")?/g;
const ENTITY = /&(amp|lt|gt|quot|#39|#x27|nbsp);/g;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", nbsp: '\u00a0' };

const decode = (s: string) => (s.includes('&') ? s.replace(ENTITY, (_m, e: string) => ENTITIES[e]) : s);

/** Reads markdown-it's HTML. Throws on anything else, so a mistake can never pass silently. */
export function readMarkup(html: string): Markup {
  const out: Markup = [];
  let at = 0;
  TAG.lastIndex = 0;
  for (let m = TAG.exec(html); m; m = TAG.exec(html)) {
    if (m.index > at) {
      if (html.indexOf('<', at) < m.index) throw notMarkdownIt();
      out.push({ kind: 'text', value: decode(html.slice(at, m.index)) });
    }
    const name = m[2].toLowerCase();
    if (m[1]) out.push({ kind: 'close', name });
    else {
      const attrs: [string, string][] = [];
      if (m[3]) for (const a of m[3].matchAll(ATTR)) attrs.push([a[1].toLowerCase(), decode(a[2] ?? '')]);
      out.push({ kind: 'open', name, attrs });
    }
    at = TAG.lastIndex;
  }
  if (at < html.length) {
    if (html.indexOf('<', at) !== -1) throw notMarkdownIt();
    out.push({ kind: 'text', value: decode(html.slice(at)) });
  }
  // Never two texts in a row (one between any two tags), so each is one text node, as a parser makes it.
  return out;
}

const notMarkdownIt = () => new Error('readMarkup: this is not HTML as markdown-it writes it (a "<" outside a tag)');

const TEXT_ESCAPE = /[&<>\u00a0]/g;
const ATTR_ESCAPE = /[&"<>\u00a0]/g;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', '\u00a0': '&nbsp;' };

/** parse5's serialisation (the HTML standard's): text escapes & < > and no-break spaces; attribute
 * values also escape ". */
const escapeText = (s: string) => s.replace(TEXT_ESCAPE, (c) => ESCAPES[c]);
const escapeAttr = (s: string) => s.replace(ATTR_ESCAPE, (c) => ESCAPES[c]);

export function writeMarkup(markup: Markup): string {
  let html = '';
  for (const item of markup) {
    if (item.kind === 'text') html += escapeText(item.value);
    else if (item.kind === 'close') html += isVoid(item.name) ? '' : `</${item.name}>`;
    else {
      html += `<${item.name}`;
      for (const [name, value] of item.attrs) html += ` ${name}="${escapeAttr(value)}"`;
      html += '>';
    }
  }
  return html;
}

/** The text of the list (or of its items from `from` up to `to`), as a DOM's textContent gives it. */
export function markupText(markup: Markup, from = 0, to = markup.length): string {
  let text = '';
  for (let i = from; i < to; i++) {
    const item = markup[i];
    if (item.kind === 'text') text += item.value;
  }
  return text;
}

export function setAttr(tag: OpenTag, name: string, value: string): void {
  const existing = tag.attrs.find((a) => a[0] === name);
  if (existing) existing[1] = value;
  else tag.attrs.push([name, value]);
}

/** The index of the tag closing the element opened at `open` (void elements close themselves). */
export function closingIndex(markup: Markup, open: number): number {
  const name = (markup[open] as OpenTag).name;
  if (isVoid(name)) return open;
  let depth = 0;
  for (let i = open; i < markup.length; i++) {
    const item = markup[i];
    if (item.kind === 'open' && item.name === name) depth++;
    else if (item.kind === 'close' && item.name === name && --depth === 0) return i;
  }
  throw new Error(`readMarkup: <${name}> is never closed`);
}
