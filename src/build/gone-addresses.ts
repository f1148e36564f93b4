/**
 * Addresses the last build published that this one no longer has: an article, term or dataset
 * deleted (or renamed without its old slug under formerSlugs). Links and citations to them now end
 * on the 404 page, which nothing else tells the editor until `check --against` in CI, or a reader.
 * Deleting is the editor's to decide, so each is a warning, with the way to keep the address.
 * Reads: the manifest diff (entity keys), the site's URLs. Writes: warning lines.
 */
import type { Changes } from '../passes/manifest.js';

const KINDS: Record<string, { what: string; path: (slug: string) => string; keep?: string }> = {
  article: { what: 'article', path: (s) => `/articles/${s}`, keep: "that article's formerSlugs" },
  glossary: { what: 'glossary term', path: (s) => `/glossary/${s}`, keep: "that term's formerSlugs" },
  dataset: { what: 'dataset', path: (s) => `/datasets/${s}` },
};

export function goneAddressWarnings(changes: Pick<Changes, 'deleted'>, urls: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const key of changes.deleted) {
    const colon = key.indexOf(':');
    const kind = KINDS[key.slice(0, colon)];
    const slug = key.slice(colon + 1);
    // Still an address of the site: a renamed page's redirect.
    if (!kind || urls.has(kind.path(slug))) continue;
    const keep = kind.keep ? ` If another ${kind.what} replaces it, list ${slug} under ${kind.keep}, and the address redirects there.` : '';
    out.push(`the ${kind.what} ${slug} is gone: the last build published it at ${kind.path(slug)}, and links and citations to that address now end on the 404 page.${keep}`);
  }
  return out;
}
