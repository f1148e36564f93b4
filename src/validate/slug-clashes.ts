/**
 * Slugs that clash: two articles (terms, datasets) at one address, and former slugs (addresses that
 * redirect) claimed twice or still published. Each clash is reported once, at the file that looks
 * like the change: a slug that is its file's name (`hash-value.md`, or `slug: hash-value` in
 * `hash-value.yaml`) is at home, so a copy that writes `slug: hash-value` in `new.md` is the one
 * reported, at its `slug:` line, naming the other file. When nothing tells the two apart, the file
 * that sorts later is reported, at its `slug:` line, or, where no slug is written, at what made it:
 * its file name (line 1) or a term's title. Spec: docs/content.md (Renaming an article or a term).
 * Reads: each entry's slug, file and former slugs, and where its `slug:` is written. Writes: diagnostics.
 */
import path from 'node:path';
import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { Position, YamlSource } from '../load/yaml-source.js';

export type SlugKind = 'article' | 'term' | 'dataset';

/** An article, term or dataset as far as its address goes. */
export interface SlugEntry {
  file: string;
  slug: string;
  formerSlugs?: string[];
}

/** Where an entry's slug comes from: a `slug:` it writes (at the value), else its file name, else (a
 * term) its title. */
type Origin = { by: 'slug'; at: Position } | { by: 'file-name' } | { by: 'title'; at: Position };

/** One entry with what decides whether it is the one to report. */
interface Claim {
  entry: SlugEntry;
  origin: Origin;
  /** Its slug is its file's name. */
  atHome: boolean;
}

/**
 * Every clash of current slugs of one kind, and every clash of its former slugs. `guessed`: files
 * whose slug is only a guess (validate/salvage.ts), never reported as a duplicate.
 */
export function checkSlugClashes(kind: SlugKind, items: SlugEntry[], sources: Map<string, YamlSource>, guessed?: Set<string>): Diagnostic[] {
  const out: Diagnostic[] = [];
  const claim = (entry: SlugEntry): Claim => claimOf(kind, entry, sources.get(entry.file));
  for (const group of groupBy(items.filter((item) => !guessed?.has(item.file)), (item) => [item.slug]).values()) {
    if (group.length < 2) continue;
    const [owner, ...others] = byLikelihood(group.map(claim));
    for (const other of others) out.push(duplicateSlug(kind, other, owner.entry.file));
  }
  out.push(...formerSlugClashes(kind, items, sources, claim));
  return out;
}

/** A former slug is not the entry's own, is nobody's current slug, and is claimed once: its address
 * redirects to one place. */
function formerSlugClashes(kind: SlugKind, items: SlugEntry[], sources: Map<string, YamlSource>, claim: (entry: SlugEntry) => Claim): Diagnostic[] {
  const out: Diagnostic[] = [];
  const current = new Map<string, SlugEntry>();
  for (const item of items) if (!current.has(item.slug)) current.set(item.slug, item);
  const claimants = groupBy(items, (item) => [...new Set(item.formerSlugs ?? [])].filter((former) => !current.has(former)));
  const heldBy = new Set<string>();
  for (const item of items) {
    (item.formerSlugs ?? []).forEach((former, i) => {
      const field = `formerSlugs[${i}]`;
      // Positions only for a problem: finding one may read and parse the file again.
      const at = () => ({ file: item.file, ...(sources.get(item.file)?.locate(['formerSlugs', i]) ?? { line: 1, column: 1 }) });
      const holder = current.get(former);
      const claimedBy = claimants.get(former) ?? [];
      if (former === item.slug) out.push(diagnostic('invalid-value', at(), field, `"${former}" is the ${kind}'s own slug`, 'List only slugs it was published under before.'));
      else if (item.formerSlugs!.indexOf(former) !== i) out.push(diagnostic('invalid-value', at(), field, `"${former}" is listed twice`, 'List each former slug once.'));
      else if (holder) {
        const held = claim(holder);
        // A slug written in a file of another name is the likelier mistake (a copy, or a new entry
        // given an old address): the address stays with the entry that was published under it.
        if (held.origin.by !== 'slug' || held.atHome) out.push(diagnostic('duplicate-slug', at(), field, `"${former}" is the slug of ${kind} ${holder.file}`, `An address cannot redirect while another page is published at it: remove "${former}" from formerSlugs, or delete ${holder.file} if this ${kind} replaced it.`));
        else if (!heldBy.has(holder.file)) out.push(diagnostic('duplicate-slug', { file: holder.file, ...held.origin.at }, 'slug', `"${former}" is a former slug of ${kind} ${item.file}: its old address redirects there`, `Give this ${kind} a slug of its own: an address once published keeps redirecting to the ${kind} that was published under it.`));
        heldBy.add(holder.file);
      } else if (claimedBy.length > 1) {
        const [first] = byLikelihood(claimedBy.map(claim));
        if (first.entry !== item) out.push(diagnostic('duplicate-slug', at(), field, `"${former}" is already a former slug of ${kind} ${first.entry.file}`, `An old address can redirect to one place only: keep it in the formerSlugs of the ${kind} that was published under it, and remove it here.`));
      }
    });
  }
  return out;
}

/** The error of a slug that is already another entry's (`owner`), at what made it. */
function duplicateSlug(kind: SlugKind, { entry, origin, atHome }: Claim, owner: string): Diagnostic {
  const { file, slug } = entry;
  if (origin.by === 'slug') {
    const stem = stemOf(file);
    // A copy keeps the slug of the file it was copied from: its own name is the likely address.
    const own = !atHome && kind !== 'term' && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(stem) ? `, or remove the \`slug:\` line to publish it under its file name, ${stem}` : '';
    return diagnostic('duplicate-slug', { file, ...origin.at }, 'slug', `"${slug}" is already the slug of ${kind} ${owner}`, `Give this ${kind} a slug of its own${own}.`);
  }
  if (origin.by === 'title') {
    return diagnostic('duplicate-slug', { file, ...origin.at }, 'title', `gives the slug "${slug}" (the term has no \`slug:\`), already the slug of term ${owner}`, 'Give the term a `slug:` of its own, or change its title.');
  }
  return diagnostic('duplicate-slug', { file, line: 1, column: 1 }, '', `the file name gives the slug "${slug}", already the slug of ${kind} ${owner}`, 'Rename the file, or give it a `slug:` of its own.');
}

/** Where an entry's slug comes from, and whether it is its file's name. Asked only of entries in a
 * clash: finding a position may parse the file again. */
function claimOf(kind: SlugKind, entry: SlugEntry, source: YamlSource | undefined): Claim {
  const written = source && slugWrittenAt(source);
  const origin: Origin = written ? { by: 'slug', at: written } : kind === 'term' ? { by: 'title', at: source?.locate(['title']) ?? { line: 1, column: 1 } } : { by: 'file-name' };
  return { entry, origin, atHome: entry.slug === stemOf(entry.file) };
}

/** Where the value of the `slug:` a file writes starts, or undefined when it writes none. */
function slugWrittenAt(source: YamlSource): Position | undefined {
  const { data } = source;
  if (data !== undefined) return data !== null && typeof data === 'object' && (data as { slug?: unknown }).slug !== undefined ? source.locate(['slug']) : undefined;
  // An article read by a shard has positions but no data here (engine/lazy-source.ts). A written key
  // starts before its value; a missing one gives both the start of the document.
  const key = source.locate(['slug'], true);
  const value = source.locate(['slug']);
  return key.line !== value.line || key.column !== value.column ? value : undefined;
}

/** Claims in the order they keep their slug: at home first, then a slug not written (a file name
 * or a title), then the rest; file order among equals. */
function byLikelihood(claims: Claim[]): Claim[] {
  const rank = (c: Claim) => (c.atHome ? 0 : c.origin.by === 'slug' ? 2 : 1);
  return claims.map((c, i) => ({ c, i })).sort((a, b) => rank(a.c) - rank(b.c) || a.i - b.i).map(({ c }) => c);
}

/** Entries keyed by each of their keys (`keys`), in the order of `items`. */
function groupBy<T>(items: T[], keys: (item: T) => string[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    for (const key of keys(item)) {
      const group = groups.get(key);
      if (group) group.push(item);
      else groups.set(key, [item]);
    }
  }
  return groups;
}

/** A file name without folders and extension. */
function stemOf(file: string): string {
  return path.posix.basename(file).replace(/\.[^.]+$/, '');
}
