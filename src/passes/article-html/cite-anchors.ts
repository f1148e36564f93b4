/**
 * Markup pass: numbers body paragraphs with cite anchors `{slug}-p001`, `{slug}-p002` … (spec §2), so a
 * reader or a machine can cite one paragraph. Numbering follows document order and is stable for
 * unchanged text above a paragraph.
 */
import { type Markup, setAttr } from '../../html/markup.js';

export function addCiteAnchors(markup: Markup, slug: string): number {
  let n = 0;
  for (const item of markup) {
    if (item.kind !== 'open' || item.name !== 'p') continue;
    n += 1;
    setAttr(item, 'id', `${slug}-p${String(n).padStart(3, '0')}`);
  }
  return n;
}
