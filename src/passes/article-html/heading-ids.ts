/**
 * Tree pass: gives every h2–h6 an id slugified from its text, unique on the page (spec §2), and
 * lists the headings for tables of contents and mirrors.
 */
import type { Heading } from '../../model.js';
import { type Fragment, setAttr, textContent, walkElements } from '../../html/tree.js';

export function addHeadingIds(tree: Fragment, nextSlug: (text: string) => string): Heading[] {
  const headings: Heading[] = [];
  walkElements(tree, (el) => {
    const m = /^h([2-6])$/.exec(el.tagName);
    if (!m) return;
    const text = textContent(el).trim();
    const id = nextSlug(text);
    setAttr(el, 'id', id);
    headings.push({ id, text, level: Number(m[1]) });
    return false;
  });
  return headings;
}
