/**
 * Markup pass: wraps each table in a focusable scroll container so wide tables stay readable on
 * phones. The container is a region, named after the heading the table stands under ("Table:
 * Minimum fields", "Table 2: Minimum fields" for a second one there): a page's regions all named
 * "Table" told a screen reader's user nothing about which was which.
 */
import { closingIndex, type Markup, markupText } from '../../html/markup.js';

const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

export function wrapTables(markup: Markup): Markup {
  if (!markup.some((item) => item.kind === 'open' && item.name === 'table')) return markup;
  const out: Markup = [];
  let heading = '';
  let underHeading = 0;
  for (let i = 0; i < markup.length; i++) {
    const item = markup[i];
    if (item.kind === 'open' && HEADINGS.has(item.name)) {
      heading = markupText(markup, i, closingIndex(markup, i)).replace(/\s+/g, ' ').trim();
      underHeading = 0;
    }
    if (item.kind === 'open' && item.name === 'table') {
      underHeading++;
      const name = `Table${underHeading > 1 ? ` ${underHeading}` : ''}${heading ? `: ${heading}` : ''}`;
      out.push({ kind: 'open', name: 'div', attrs: [['class', 'table-wrap'], ['tabindex', '0'], ['role', 'region'], ['aria-label', name]] });
    }
    out.push(item);
    if (item.kind === 'close' && item.name === 'table') out.push({ kind: 'close', name: 'div' });
  }
  return out;
}
