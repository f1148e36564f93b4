/**
 * Tree pass: numbers body paragraphs with cite anchors `{slug}-p001`, `{slug}-p002` … (spec §2), so a
 * reader or a machine can cite one paragraph. Numbering follows document order and is stable for
 * unchanged text above a paragraph.
 */
import { type Fragment, setAttr, walkElements } from '../../html/tree.js';

export function addCiteAnchors(tree: Fragment, slug: string): number {
  let n = 0;
  walkElements(tree, (el) => {
    if (el.tagName !== 'p') return;
    n += 1;
    setAttr(el, 'id', `${slug}-p${String(n).padStart(3, '0')}`);
    return false;
  });
  return n;
}
