/**
 * Markup pass: gives every h2–h6 an id slugified from its text, unique on the page (spec §2), and
 * lists the headings for tables of contents and mirrors.
 */
import type { Heading } from '../../model.js';
import { closingIndex, type Markup, markupText, setAttr } from '../../html/markup.js';

const HEADING = /^h([2-6])$/;

export function addHeadingIds(markup: Markup, nextSlug: (text: string) => string): Heading[] {
  const headings: Heading[] = [];
  for (let i = 0; i < markup.length; i++) {
    const item = markup[i];
    const m = item.kind === 'open' ? HEADING.exec(item.name) : null;
    if (!m || item.kind !== 'open') continue;
    const end = closingIndex(markup, i);
    const text = markupText(markup.slice(i + 1, end)).trim();
    const id = nextSlug(text);
    setAttr(item, 'id', id);
    headings.push({ id, text, level: Number(m[1]) });
    i = end;
  }
  return headings;
}
