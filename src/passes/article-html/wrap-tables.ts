/** Markup pass: wraps each table in a focusable scroll container so wide tables stay readable on phones. */
import type { Markup } from '../../html/markup.js';

export function wrapTables(markup: Markup): Markup {
  if (!markup.some((item) => item.kind === 'open' && item.name === 'table')) return markup;
  const out: Markup = [];
  for (const item of markup) {
    if (item.kind === 'open' && item.name === 'table') out.push({ kind: 'open', name: 'div', attrs: [['class', 'table-wrap'], ['tabindex', '0'], ['role', 'region'], ['aria-label', 'Table']] });
    out.push(item);
    if (item.kind === 'close' && item.name === 'table') out.push({ kind: 'close', name: 'div' });
  }
  return out;
}
