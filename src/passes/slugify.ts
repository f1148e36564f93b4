/**
 * Slugs for terms and heading ids. Spec §3: a term slug missing from its file is derived from its
 * title, lowercased, with non-alphanumerics replaced by hyphens (runs collapsed, ends trimmed).
 */

/** "Chain of Custody (FRE 901)" → "chain-of-custody-fre-901" */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Hands out unique slugs within one page: a repeated "overview" becomes "overview-2". */
export function createSlugger(reserved: Iterable<string> = []): (text: string) => string {
  const used = new Set(reserved);
  return (text) => {
    const base = slugify(text) || 'section';
    let slug = base;
    for (let n = 2; used.has(slug); n++) slug = `${base}-${n}`;
    used.add(slug);
    return slug;
  };
}
