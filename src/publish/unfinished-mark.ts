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
import { lstatSync, readFileSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';

export interface UnfinishedPublish {
  /** Where it published: `s3://bucket/prefix/`. */
  target: string;
  /** When it started (ISO 8601). */
  started: string;
}

export const unfinishedMarkOf = (outDir: string): string => `${outDir}.legalsite-publish-unfinished.json`;

/** The target of the one entry a mark that cannot be read stands for. */
export const UNKNOWN_TARGET = 'an unknown place';

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
    // legalsite's mark is a file it renamed into place: a link of that name is not one, and is
    // never read through (it is replaced by the next mark written).
    if (!lstatSync(unfinishedMarkOf(outDir)).isFile()) return undefined;
    text = readFileSync(unfinishedMarkOf(outDir), 'utf8');
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? undefined : [{ target: UNKNOWN_TARGET, started: 'at an unknown time' }];
  }
  try {
    const data = JSON.parse(text) as { publishes?: unknown };
    const publishes = Array.isArray(data.publishes) ? data.publishes : [];
    const entries = publishes.filter((p): p is UnfinishedPublish => typeof p?.target === 'string' && typeof p?.started === 'string');
    return entries.length ? entries : [{ target: UNKNOWN_TARGET, started: 'at an unknown time' }];
  } catch {
    return [{ target: UNKNOWN_TARGET, started: 'at an unknown time' }];
  }
}

/**
 * Writes the mark whole, or leaves it as it was: a new file made beside it, then renamed over it. A
 * write in place could be cut short (a full disk) and leave an empty mark, which no later publish
 * could take away, and would write through a link of that name into whatever file it leads to;
 * the rename replaces the link itself.
 */
async function write(outDir: string, publishes: UnfinishedPublish[]): Promise<void> {
  const mark = unfinishedMarkOf(outDir);
  const made = `${mark}.${process.pid}.tmp`;
  try {
    await writeFile(made, `${JSON.stringify({ publishes }, null, 2)}\n`, { flag: 'wx' });
    await rename(made, mark);
  } catch (error) {
    await rm(made, { force: true });
    throw error;
  }
}
