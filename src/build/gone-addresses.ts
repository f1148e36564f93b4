/**
 * Addresses the last build published that this one no longer has: an article, term or dataset
 * deleted (or renamed without its old slug under formerSlugs). Links and citations to them now end
 * on the 404 page, which nothing else tells the editor until `check --against` in CI, or a reader.
 * Deleting is the editor's to decide, so each is a warning, with the way to keep the address.
 * Reads: the manifest diff (entity keys), the site's URLs. Writes: warnings (diagnostics).
 */
import { type Diagnostic, warning } from '../diagnostics/diagnostic.js';
import type { Changes } from '../passes/manifest.js';

const KINDS: Record<string, { what: string; folder: string; path: (slug: string) => string; keep?: string }> = {
  article: { what: 'article', folder: 'articles', path: (s) => `/articles/${s}`, keep: "that article's formerSlugs" },
  glossary: { what: 'glossary term', folder: 'glossary', path: (s) => `/glossary/${s}`, keep: "that term's formerSlugs" },
  dataset: { what: 'dataset', folder: 'datasets', path: (s) => `/datasets/${s}` },
};

/** `contentDir`: the content folder as diagnostics name it; each warning is its kind's folder's,
 * the file that held the page being gone. `movedInto`: the articles whose removal notices link to a
 * paragraph of an article's (paragraphs moved there: moved-paragraphs.ts), asked only of one gone. */
export function goneAddressWarnings(changes: Pick<Changes, 'deleted'>, urls: ReadonlySet<string>, contentDir: string, movedInto: (slug: string) => string[] = () => []): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const key of changes.deleted) {
    const colon = key.indexOf(':');
    const kind = KINDS[key.slice(0, colon)];
    const slug = key.slice(colon + 1);
    // Still an address of the site: a renamed page's redirect.
    if (!kind || urls.has(kind.path(slug))) continue;
    const keep = kind.keep ? `If another ${kind.what} replaces it, list ${slug} under ${kind.keep}, and the address redirects there; to keep the page, restore its file.` : undefined;
    const from = kind.what === 'article' ? movedInto(slug) : [];
    const notices = from.length ? `; the removal notices of paragraphs moved there from ${from.join(', ')} no longer link to it` : '';
    out.push(warning('gone-address', { file: `${contentDir}/${kind.folder}/`, line: 0 }, '', `the ${kind.what} ${slug} is gone: the last build published it at ${kind.path(slug)}, and links and citations to that address now end on the 404 page${notices}`, keep));
  }
  return out;
}
