/** The term page's "Referenced by" backlinks (spec §2); its related content comes with its
 * recommendations (page-families.ts). */
import { nodeKey } from '../passes/backlinks.js';
import type { GraphSite } from '../pipeline.js';
import type { LinkedItem } from '../../templates/pages/TermPage.js';

export function termBacklinks(site: GraphSite, slug: string): LinkedItem[] {
  return (site.backlinks.byTarget.get(nodeKey('glossary', slug)) ?? []).map((b): LinkedItem => ({
    href: b.fromType === 'article' ? `/articles/${b.fromSlug}` : `/glossary/${b.fromSlug}`,
    title: b.fromTitle,
    type: b.fromType === 'article' ? 'article' : 'term',
    context: b.context,
    relationship: `${b.kind === 'shared-tags' ? 'shared tags' : b.kind}, strength ${b.strength}`,
  }));
}
