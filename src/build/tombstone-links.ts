/**
 * Links of the site's own content into a paragraph or heading that was removed: the id is still on
 * the page (its tombstone), so the link is not broken, but a reader who follows it finds only the
 * notice that the text was removed. A citation from outside has to live with that; the site's own
 * link can point at what replaced it, so each is a warning naming it.
 * Reads: the content's links, each linked article's record. Writes: warnings (diagnostics).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Diagnostic, warning } from '../diagnostics/diagnostic.js';
import type { PinsOf } from '../engine/load-articles.js';
import type { FoundPins } from '../load/pinpoints-file.js';
import type { ArticleDigest } from '../model/article-digest.js';
import type { PinEntry } from '../model/pinpoints.js';
import { movedToHref, paragraphId } from '../model/pinpoints.js';
import { parseArticlePins } from '../passes/pinpoints/record-format.js';
import { shortDate } from '../../templates/format.js';
import { fragmentTarget } from '../validate/fragment-links.js';
import { type LinkSource, whereLinkIs } from '../validate/links.js';

const ARTICLE_PAGE = /^\/articles\/([^/]+)$/;

/** `recordLines`: an article's lines in the id file as this build leaves it, by slug. */
export function tombstoneLinkWarnings(sources: LinkSource[], recordLines: (slug: string) => string | undefined): Diagnostic[] {
  const removed = new Map<string, Map<string, PinEntry>>();
  const removedOf = (slug: string) => {
    let found = removed.get(slug);
    if (!found) {
      const lines = recordLines(slug);
      found = new Map(entriesOf(slug, lines).filter((e) => e.removed).map((e) => [e.kind === 'p' ? paragraphId(slug, e.n) : e.id, e]));
      removed.set(slug, found);
    }
    return found;
  };
  const out: Diagnostic[] = [];
  for (const source of sources) {
    for (const link of source.links) {
      const target = fragmentTarget(source, link.href);
      const slug = target && ARTICLE_PAGE.exec(target.page)?.[1];
      const entry = slug && target.id !== undefined ? removedOf(slug).get(target.id) : undefined;
      if (!slug || !entry) continue;
      const { href } = target;
      const { field, at } = whereLinkIs(source, link);
      const what = entry.kind === 'p' ? `paragraph ${entry.n} of ${slug}` : `the heading "${entry.text}" of ${slug}`;
      const moved = movedToHref(entry);
      const where = entry.kind === 'p' ? 'its text' : 'its section';
      const replaced = moved ? `Link to ${moved}, where ${where} now stands.` : entry.replacedBy ? `Link to #${entry.kind === 'p' ? `${slug}-${entry.replacedBy}` : entry.replacedBy}, which took its place.` : undefined;
      const reader = moved ? `a reader finds its notice, which links to where ${where} now stands` : 'a reader finds only the notice that it was removed';
      out.push(warning('link-to-removed-text', at, field, `link "${href}" points at ${what}, removed on ${shortDate(entry.removed!)}: ${reader}`, replaced));
    }
  }
  return out;
}

/** The site's links (site-links.ts) into removed text, with each article's record as this build
 * leaves it: its new lines where the build changed them, else those of the id file. */
export function removedTextLinkWarnings(links: LinkSource[], digests: Map<string, ArticleDigest>, pinsOf: PinsOf): Diagnostic[] {
  return tombstoneLinkWarnings(links, (slug) => {
    const digest = digests.get(slug);
    return digest && (digest.pins.lines ?? pinsOf(digest.article)?.text());
  });
}

/**
 * Text this build found removed, dated before `earliest` (yesterday, for any time zone): a
 * tombstone's date is the article's dateModified (docs/content.md, "Tombstones"), so an edit without
 * it shows readers a removal on the wrong day, for good. Each article once, naming what it removed.
 */
export function staleRemovalWarnings(articles: { meta: { slug: string; file: string; dateModified: string }; pins?: FoundPins }[], digests: Map<string, ArticleDigest>, earliest: string, cwd: string, idFile = 'content/pinpoints.jsonl'): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const { meta, pins } of articles) {
    const lines = digests.get(meta.slug)?.pins.lines;
    // A first record (a new article, a site's first build) removes nothing.
    if (lines === undefined || !pins || meta.dateModified >= earliest) continue;
    const wasRemoved = new Set(entriesOf(pins.slug, pins.text()).filter((e) => e.removed).map(entryKey));
    const now = entriesOf(meta.slug, lines).filter((e) => e.removed && !wasRemoved.has(entryKey(e)));
    if (!now.length) continue;
    const what = now.map((e) => (e.kind === 'p' ? `paragraph ${e.n}` : `the heading "${e.text}"`)).join(', ');
    const one = now.length === 1;
    out.push(warning('stale-removal-date', { file: meta.file, line: fieldLine(path.resolve(cwd, meta.file), 'dateModified') }, 'dateModified', `is ${meta.dateModified}, and ${what}, removed now, ${one ? 'is' : 'are'} recorded as removed on that date, which the page's notice shows`, `If you removed ${one ? 'it' : 'them'} now: set dateModified to the date of this edit, restore the id file as committed (git checkout -- ${idFile}), and build again, before you commit; once recorded, a removal keeps its date.`));
  }
  return out;
}

/** A record's entries, from its lines (none when there are none). */
const entriesOf = (slug: string, lines: string | undefined): PinEntry[] => (lines === undefined ? [] : (parseArticlePins({ slug, text: lines, line: 1 }).pins?.entries ?? []));

const entryKey = (e: PinEntry) => (e.kind === 'p' ? `p${e.n}` : `h${e.id}`);

/** The line of a top-level front matter field (`name:` at a line's start), or 1: read only for a
 * warning, from the file as it is now. */
function fieldLine(file: string, name: string): number {
  try {
    const at = readFileSync(file, 'utf8').split('\n').findIndex((line) => line.startsWith(`${name}:`));
    return at < 0 ? 1 : at + 1;
  } catch {
    return 1;
  }
}
