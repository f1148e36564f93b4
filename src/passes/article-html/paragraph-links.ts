/**
 * Markup pass, after the cite anchors: ends every paragraph that has a cite anchor with a small link
 * to itself, "¶ 14" (read as "Paragraph 14"), so a reader can cite one paragraph. It is an ordinary
 * link to the paragraph's address, reachable by keyboard; on the page, the article-actions script
 * makes it copy a pinpoint citation instead. The number comes from the paragraph's id (`…-p014` →
 * 14), whichever pass gave the id; a paragraph whose id has no number gets no link.
 * Returns a new list and leaves `markup` as it was: the links are for the page alone, never part of
 * the text that mirrors, search, reading time or any paragraph list are made from.
 * Issue 17 ("Cite this"); spec §2 (paragraphs with cite anchors numbered -p001).
 */
import type { Markup, OpenTag } from '../../html/markup.js';

const NUMBERED = /-p(\d+)$/;

export function addParagraphLinks(markup: Markup): Markup {
  const out: Markup = [];
  // The paragraphs open around the current item (markdown-it never nests them, but a list is cheap).
  const open: (OpenTag | undefined)[] = [];
  for (const item of markup) {
    if (item.kind === 'open' && item.name === 'p') open.push(item);
    if (item.kind === 'close' && item.name === 'p') {
      const p = open.pop();
      const id = p?.attrs.find((a) => a[0] === 'id')?.[1];
      const n = id === undefined ? undefined : NUMBERED.exec(id)?.[1];
      if (id !== undefined && n !== undefined) out.push(...paragraphLink(id, Number(n)));
    }
    out.push(item);
  }
  return out;
}

/** `<a class="para-link" href="#{id}" data-para="{n}"><span aria-hidden="true">¶</span><span class="visually-hidden">Paragraph</span> {n}</a>` */
function paragraphLink(id: string, n: number): Markup {
  return [
    { kind: 'open', name: 'a', attrs: [['class', 'para-link'], ['href', `#${id}`], ['data-para', String(n)]] },
    { kind: 'open', name: 'span', attrs: [['aria-hidden', 'true']] },
    { kind: 'text', value: '¶' },
    { kind: 'close', name: 'span' },
    { kind: 'open', name: 'span', attrs: [['class', 'visually-hidden']] },
    { kind: 'text', value: 'Paragraph' },
    { kind: 'close', name: 'span' },
    { kind: 'text', value: ` ${n}` },
    { kind: 'close', name: 'a' },
  ];
}
