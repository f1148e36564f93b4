/** The term page's "Referenced by" backlinks and related content (spec §2, §9: related default 5). */
import { nodeKey } from '../passes/backlinks.js';
import type { BuiltSite } from '../pipeline.js';
import type { LinkedItem } from '../../templates/pages/TermPage.js';

export const RELATED_ON_TERM_PAGE = 5;

export function termPageExtras(site: BuiltSite, slug: string): { backlinks: LinkedItem[]; related: LinkedItem[] } {
  const backlinks = (site.backlinks.byTarget.get(nodeKey('glossary', slug)) ?? []).map((b): LinkedItem => ({
    href: b.fromType === 'article' ? `/articles/${b.fromSlug}` : `/glossary/${b.fromSlug}`,
    title: b.fromTitle,
    type: b.fromType === 'article' ? 'article' : 'term',
    context: b.context,
    relationship: `${b.kind === 'shared-tags' ? 'shared tags' : b.kind}, strength ${b.strength}`,
  }));
  const rec = site.recommendations.get(nodeKey('glossary', slug));
  const related = [...(rec?.similar ?? []), ...(rec?.related ?? [])].slice(0, RELATED_ON_TERM_PAGE).map((r): LinkedItem => ({
    href: r.item.type === 'term' ? `/glossary/${r.item.slug}` : `/articles/${r.item.slug}`,
    title: r.item.title,
    type: r.item.type,
  }));
  return { backlinks, related };
}
