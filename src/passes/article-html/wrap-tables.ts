/** Tree pass: wraps each table in a focusable scroll container so wide tables stay readable on phones. */
import { createElement, type Element, type Fragment, type ParentNode, walkElements } from '../../html/tree.js';

export function wrapTables(tree: Fragment): void {
  const tables: Element[] = [];
  walkElements(tree, (el) => {
    if (el.tagName === 'table') tables.push(el);
  });
  for (const table of tables) {
    const parent = table.parentNode as ParentNode;
    const wrap = createElement('div', { class: 'table-wrap', tabindex: '0', role: 'region', 'aria-label': 'Table' }, parent);
    parent.childNodes.splice(parent.childNodes.indexOf(table), 1, wrap);
    wrap.childNodes.push(table);
    table.parentNode = wrap;
  }
}
