/**
 * Step: record pinpoints. After every article is rendered, the id file's new text: each article's
 * record as its render left it (a renamed article's record moves from its former slug to its slug),
 * the records of articles no longer in the content folder kept as they were (an article restored, or
 * a new one at the same address, then never reuses a number). Then, as the build's options say:
 * - update (build): the file is written after the output folder is committed, only if it changed;
 * - check (check): a file that would change is an error, naming the articles whose ids it lacks;
 * - read (serve): nothing; ids are given against the file as it is, which serve never writes.
 * Reads: the id file as loaded, every article's digest. Writes: the id file (commitPinpoints).
 */
import { type Diagnostic, diagnostic } from '../diagnostics/diagnostic.js';
import { EnvironmentError, environmentMessage } from '../diagnostics/environment.js';
import type { ReadArticle } from '../engine/load-articles.js';
import type { PinsFile } from '../load/pinpoints-file.js';
import type { BuildCache } from '../engine/build-cache.js';
import type { ArticleDigest } from '../model/article-digest.js';
import { PINPOINTS_FILE } from '../passes/pinpoints/record-format.js';
import { withWrittenFile, writePinsFile } from '../write/pinpoints-file.js';
import type { ContentSnapshot } from '../write/up-to-date.js';
import type { ArticleFields } from './check-articles.js';
import { type RecordChange, recordMoves, unlinkGone } from './moved-paragraphs.js';
import type { RenderedArticles } from './render-articles.js';
import type { BuildRun } from './run.js';

/** What the id file should now say. */
export interface PinsUpdate {
  file: PinsFile;
  /** Each article whose record changed: its slug → its new lines, or null (moved to a new slug). */
  changes: Map<string, string | null>;
  /** The articles whose records changed (or moved), by slug. */
  changed: string[];
  /** The file would change. */
  stale: boolean;
  /** Articles whose removed paragraphs this build found moved to another (moved-paragraphs.ts):
   * their new lines say so, which their pages show only when rendered again from them. */
  moved: string[];
}

/** The id file's changes after this build, from each article's digest. */
export function pinsUpdate(file: PinsFile, articles: ReadArticle[], digests: Map<string, ArticleDigest>): PinsUpdate {
  const changes = new Map<string, string | null>();
  const changed: string[] = [];
  const records: RecordChange[] = [];
  for (const a of articles) {
    const pins = digests.get(a.meta.slug)!.pins;
    if ((a.pins?.key ?? '') === pins.out) continue;
    if (pins.lines === undefined) throw new Error(`the pinpoint record of ${a.meta.slug} was made from other lines than the id file's`);
    if (a.pins && a.pins.slug !== a.meta.slug) changes.set(a.pins.slug, null);
    changes.set(a.meta.slug, pins.lines);
    changed.push(a.meta.slug);
    records.push({ slug: a.meta.slug, before: a.pins?.text(), after: pins.lines });
  }
  const moves = recordMoves(records);
  for (const [slug, lines] of moves) changes.set(slug, lines);
  // Pointers into an article the site no longer has, taken out (its notices would link to a 404).
  const pointing = articles.filter((a) => digests.get(a.meta.slug)!.pins.moved);
  const addresses = new Set(pointing.length ? articles.flatMap((a) => [a.meta.slug, ...a.meta.formerSlugs]) : []);
  const lines = (a: ReadArticle) => () => {
    const changedLines = changes.get(a.meta.slug);
    return typeof changedLines === 'string' ? changedLines : a.pins?.text();
  };
  const unlinked = unlinkGone(pointing.map((a) => ({ slug: a.meta.slug, moved: digests.get(a.meta.slug)!.pins.moved, lines: lines(a) })), (slug) => addresses.has(slug));
  for (const [slug, text] of unlinked) {
    changes.set(slug, text);
    if (!changed.includes(slug)) changed.push(slug);
  }
  const moved = [...new Set([...moves.keys(), ...unlinked.keys()])].sort();
  // A missing file counts as canonical: with no article, none is made.
  return { file, changes, changed: changed.sort(), stale: changes.size > 0 || !file.canonical, moved };
}

/** The step: the id file's update, and in check mode the error of one a build would change. */
export function recordPinpoints(run: BuildRun, read: ArticleFields, articles: RenderedArticles): { update: PinsUpdate; problems: Diagnostic[] } {
  const update = run.timed('pinpoints', () => pinsUpdate(read.idFile, read.articles, articles.rendered.digests));
  const stale = run.pinpointsMode === 'check' ? stalePinsProblem(update) : undefined;
  return { update, problems: stale ? [stale] : [] };
}

/** In check mode, the error of an id file that a build would change. */
export function stalePinsProblem(update: PinsUpdate): Diagnostic | undefined {
  if (!update.stale) return undefined;
  const { file, changed } = update;
  // A missing file on a site that was built before is a deletion: a build now would number every
  // article afresh, and published pinpoints would land on other words (what build itself says when
  // its cache remembers the file: build/id-file.ts).
  if (!file.exists) return diagnostic('stale-pinpoints', { file: file.file }, '', `is missing: if the site was built before, restore it (git checkout -- ${file.file}, or from the last commit that has it); run legalsite build and commit ${file.file} only for a site never built before`, `Without it, a build numbers every article's paragraphs afresh, and pinpoints already published land on other words.`);
  const shown = changed.slice(0, 5).join(', ');
  const more = changed.length > 5 ? ` and ${changed.length - 5} more` : '';
  const what = changed.length
    ? `does not record the current ids of ${changed.length === 1 ? `${shown} (its` : `${changed.length} articles: ${shown}${more} (their`} paragraphs or headings changed)`
    : 'is not as legalsite build writes it';
  return diagnostic('stale-pinpoints', { file: file.file }, '', `${what}: run legalsite build and commit ${file.file}`);
}

/** In update mode, after the commit: writes the file if it changed, keeps what the next build needs
 * to skip reading it, and returns the content snapshot with the file as written (the next build
 * then finds nothing changed). */
export function commitPinpoints(run: BuildRun, update: PinsUpdate | undefined, snapshot: ContentSnapshot | undefined, cache: BuildCache | undefined): ContentSnapshot | undefined {
  if (!update || run.pinpointsMode !== 'update') return snapshot;
  if (!update.stale) {
    if (cache) forgetWrittenLines(cache);
    return snapshot;
  }
  let written: ReturnType<typeof writePinsFile>;
  try {
    written = writePinsFile(update.file, update.changes);
  } catch (error) {
    // The output folder is written already: say so, and what the id file still needs.
    const why = environmentMessage(error);
    if (!why) throw error;
    throw new EnvironmentError(`the site was built, but ${update.file.file} could not be updated: ${why.split('. ')[0].replace(/\.$/, '')}. Run legalsite build again where it can be written, and commit it.`);
  }
  if (cache) {
    cache.pins = written.memo;
    forgetWrittenLines(cache);
  }
  // Records that gained where their paragraphs moved (update.moved) differ from what their pages were
  // rendered with: the state keeps the id file as it was read, so the next build (build.ts runs it
  // at once) finds it changed and renders those articles again.
  if (update.moved.length) return snapshot;
  return snapshot && withWrittenFile(snapshot, PINPOINTS_FILE, written.memo);
}

/**
 * Once the id file holds every article's record as its render left it, a digest's copy of those
 * lines (kept to write them) is spent: the cache keeps the digest with the record it now matches.
 * A build that writes the whole file (a site's first) gives every article lines of its own: they
 * were a third of the 10,000-article cache, which every later rebuild read, checked and held.
 */
function forgetWrittenLines(cache: BuildCache): void {
  const articles = cache.articles?.articles;
  if (!articles) return;
  for (const [rel, known] of articles) {
    const { pins } = known.digest;
    if (pins?.lines === undefined) continue;
    // A new digest, not the old one changed: the result still holds the old, and saving the cache
    // finds the part changed by identity (write/disk-cache.ts).
    articles.set(rel, { ...known, digest: { ...known.digest, pins: { in: pins.out, out: pins.out } } });
  }
}
