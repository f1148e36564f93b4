/** A term page's relations (spec §2): "Referenced by" lists the pages that refer to the term (a link
 * from an article body, a see-also, a contrast-with); the pages that only share tags with it lead
 * its related content (page-families.ts adds its recommendations after them). */
import { type Backlink, nodeKey } from '../passes/backlinks.js';
import type { GraphSite } from '../pipeline.js';
import type { LinkedItem } from '../../templates/types.js';

export interface TermRelations {
  backlinks: LinkedItem[];
  sharedTags: LinkedItem[];
}

export function termRelations(site: GraphSite, slug: string): TermRelations {
  const all = site.backlinks.byTarget.get(nodeKey('glossary', slug)) ?? [];
  return {
    backlinks: all.filter((b) => b.kind !== 'shared-tags').map((b) => ({ ...item(b), context: b.context, relationship: `${b.kind}, strength ${b.strength}` })),
    sharedTags: all.filter((b) => b.kind === 'shared-tags').map((b) => ({ ...item(b), relationship: `${b.strength} shared tag${b.strength === 1 ? '' : 's'}` })),
  };
}

const item = (b: Backlink): LinkedItem => ({
  href: b.fromType === 'article' ? `/articles/${b.fromSlug}` : `/glossary/${b.fromSlug}`,
  title: b.fromTitle,
  type: b.fromType === 'article' ? 'article' : 'term',
});
