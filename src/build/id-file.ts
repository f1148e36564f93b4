/**
 * Part of the step "read articles": the id file (content/pinpoints.jsonl) and each article's record
 * in it. It is read while the shards read the article files (check-articles.ts), not with the rest
 * of the content (load.ts): only the articles' records need it, and at 10,000 articles it is 35 MB,
 * every line checked in 0.7 s the shards would otherwise wait for. Its problems are the load step's,
 * as is its time (`load` in --profile).
 * Reads: the id file, or its memo in the build cache. Writes: the build cache's memo of it.
 */
import { type Diagnostic, diagnostic, warning } from '../diagnostics/diagnostic.js';
import type { Manifest } from '../passes/manifest.js';
import type { PinsOf } from '../engine/load-articles.js';
import { type PinsFile, type PinsMemo, pinsLookup, readPinsFile } from '../load/pinpoints-file.js';
import type { LoadedContent } from './load.js';
import type { BuildRun } from './run.js';

/** The id file as read, and each article's record in it. */
export interface IdFile {
  pins: PinsFile;
  pinsOf: PinsOf;
  /** The slugs the last build read records under (its memo in the build cache): none without one. */
  lastRecorded: Set<string>;
}

/** Reads the id file (or takes its index from the build cache's memo), adds its problems to the
 * load step's, and keeps its memo in the cache for the next build. */
export function loadIdFile(run: BuildRun, content: LoadedContent): IdFile {
  const { cache, loaded, idFileSeen } = content;
  const pins = run.timed('load', () => readPinsFile(run.contentAbs, run.rel, cache?.pins, idFileSeen));
  loaded.diagnostics.push(...pins.diagnostics, ...missingPins(pins, cache?.pins), ...recordsTakenBack(pins, cache?.pins));
  const lastRecorded = new Set((cache?.pins?.spans ?? []).map(([slug]) => slug));
  if (cache && (pins.exists || !cache.pins)) cache.pins = pins.memo;
  return { pins, pinsOf: pinsLookup(pins), lastRecorded };
}

/**
 * Articles whose lines the id file lost since the last build read them (a file cut short, a
 * conflict resolved by dropping lines): building on would number their paragraphs afresh, and a
 * published pinpoint would land on other words. An error until the lines are restored, as for a
 * missing file; an article whose lines are gone with it (deleted) is not one.
 */
export function lostRecords(idFile: IdFile, articles: { meta: { slug: string; formerSlugs: string[] }; pins?: unknown }[]): Diagnostic[] {
  if (!idFile.pins.exists || idFile.lastRecorded.size === 0) return [];
  const lost = articles.filter((a) => !a.pins && [a.meta.slug, ...a.meta.formerSlugs].some((slug) => idFile.lastRecorded.has(slug))).map((a) => a.meta.slug);
  if (lost.length === 0) return [];
  const { file } = idFile.pins;
  const named = lost.length > 3 ? `${lost.slice(0, 3).join(', ')} and ${lost.length - 3} more` : lost.join(', ');
  return [
    diagnostic(
      'invalid-pinpoints',
      { file },
      '',
      `has lost the ids of ${lost.length === 1 ? 'article' : `${lost.length} articles`} ${named}, which the last build read from it: restore their lines (git checkout -- ${file}, or take the published side of a merge); without them their paragraphs would be numbered afresh and published pinpoints would land on other words`,
      'To number those articles afresh on purpose, build once with --no-cache.',
    ),
  ];
}

/**
 * Articles whose "issued" is lower than when the last build read the file: an older copy of the id
 * file (`git checkout <older> -- content`, which takes the articles back with it). The numbers above
 * it were given to paragraphs, and may be published; building on would give them to new words. An
 * error until the file is the current one again, as for lines lost.
 */
function recordsTakenBack(pins: PinsFile, memo: PinsMemo | undefined): Diagnostic[] {
  if (!pins.exists || !memo) return [];
  const back = memo.spans.flatMap(([slug, , , , before]) => {
    const now = pins.spans.get(slug)?.issued;
    return before !== undefined && now !== undefined && now < before ? [`${slug} (p${String(before).padStart(3, '0')} given out, now "issued" ${now})`] : [];
  });
  if (back.length === 0) return [];
  const named = back.length > 3 ? `${back.slice(0, 3).join(', ')} and ${back.length - 3} more` : back.join(', ');
  return [
    diagnostic(
      'invalid-pinpoints',
      { file: pins.file },
      '',
      `is older than the one the last build read: ${back.length === 1 ? 'the record of' : 'the records of'} ${named} went back, and numbers already given to paragraphs (and perhaps published) would be given to new words. Put back the current file (git checkout HEAD -- ${pins.file}); to take articles back, take only them (git checkout <older> -- <the articles folder>)`,
      'To number those articles afresh on purpose, build once with --no-cache.',
    ),
  ];
}

/** An id file the last build read, gone now: building without it would number every article's
 * paragraphs afresh, so it is an error until it is restored (or the build runs with --no-cache). */
function missingPins(pins: PinsFile, memo: PinsMemo | undefined): Diagnostic[] {
  if (pins.exists || !memo?.spans.length) return [];
  const n = memo.spans.length;
  return [diagnostic('invalid-pinpoints', { file: pins.file }, '', `is missing, but the last build read the ids of ${n} ${n === 1 ? 'article' : 'articles'} from it: restore it (git checkout -- ${pins.file}); without it their paragraphs would be numbered afresh`, 'To number every article afresh on purpose, build once with --no-cache.')];
}

/**
 * An id file made afresh by a build into an output folder that already holds a build with articles:
 * on a site that had the file (a clone without it, a file deleted, and no build cache to tell), its
 * articles were just numbered in page order, and a pinpoint published since an article's first edit
 * may land on other words. Said once, by the build that makes the file.
 */
export function idFileCreatedWarnings(created: boolean, file: string, before: Manifest | undefined, outLabel: string): Diagnostic[] {
  if (!created || !before) return [];
  const articles = Object.keys(before.entities).filter((key) => key.startsWith('article:')).length;
  if (articles === 0) return [];
  return [
    warning(
      'id-file-created',
      { file },
      '',
      `was made afresh, but ${outLabel}/ holds a build of ${articles} ${articles === 1 ? 'article' : 'articles'}: if the site had this file (a clone without it, a deleted file), every article's paragraphs were just numbered afresh in page order, and pinpoints published since an article was first edited may now land on other words`,
    ),
  ];
}