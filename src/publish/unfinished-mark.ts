/**
 * The mark publishes leave beside the output folder, `{out}.legalsite-publish-unfinished.json`: each
 * publish of the folder is listed in it (by bucket and prefix) from before its first upload until it
 * has gone through. While any is listed, not every page of the build sent there may be live (an
 * upload or a deletion failed, the publish was stopped, or it is still running), and `legalsite
 * notify` announces nothing. Beside the folder, as its lock is, not in it: a build replaces the
 * folder, and would wipe a mark kept inside. A publish to one place that goes through takes only
 * its own entry away: a staging publish does not make an unfinished production one finished.
 * Reads and writes: `{outDir}.legalsite-publish-unfinished.json`.
 */
import { readFileSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';

export interface UnfinishedPublish {
  /** Where it published: `s3://bucket/prefix/`. */
  target: string;
  /** When it started (ISO 8601). */
  started: string;
}

export const unfinishedMarkOf = (outDir: string): string => `${outDir}.legalsite-publish-unfinished.json`;

/** Lists a publish of `outDir` to `target` as begun. */
export async function markPublishStarted(outDir: string, target: string): Promise<void> {
  const others = (readUnfinishedPublishes(outDir) ?? []).filter((p) => p.target !== target);
  await write(outDir, [...others, { target, started: new Date().toISOString() }]);
}

/** A publish of `outDir` to `target` went through: its entry goes, and the mark with the last one. */
export async function markPublishDone(outDir: string, target: string): Promise<void> {
  const listed = readUnfinishedPublishes(outDir);
  if (!listed) return;
  const others = listed.filter((p) => p.target !== target);
  if (others.length) await write(outDir, others);
  else await rm(unfinishedMarkOf(outDir), { force: true });
}

/** The unfinished publishes listed beside `outDir`; undefined without a mark. A mark that cannot be
 * read is one unfinished publish to somewhere unknown. */
export function readUnfinishedPublishes(outDir: string): UnfinishedPublish[] | undefined {
  let text: string;
  try {
    text = readFileSync(unfinishedMarkOf(outDir), 'utf8');
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? undefined : [{ target: 'an unknown place', started: 'at an unknown time' }];
  }
  try {
    const data = JSON.parse(text) as { publishes?: unknown };
    const publishes = Array.isArray(data.publishes) ? data.publishes : [];
    const entries = publishes.filter((p): p is UnfinishedPublish => typeof p?.target === 'string' && typeof p?.started === 'string');
    return entries.length ? entries : [{ target: 'an unknown place', started: 'at an unknown time' }];
  } catch {
    return [{ target: 'an unknown place', started: 'at an unknown time' }];
  }
}

function write(outDir: string, publishes: UnfinishedPublish[]): Promise<void> {
  return writeFile(unfinishedMarkOf(outDir), `${JSON.stringify({ publishes }, null, 2)}\n`);
}
