/**
 * The second pass of a build that found paragraphs moved to another article (moved-paragraphs.ts).
 * Reads: the first build's result. Writes: what a build writes (it is one).
 */
import { type Diagnostic, sortDiagnostics } from '../diagnostics/diagnostic.js';
import type { BuildOptions, BuildResult } from './run.js';

/**
 * Paragraphs found moved to another article are recorded in the id file the first build wrote; the
 * pages of the articles they left were rendered before that was known. One more build renders those
 * again (an incremental one: only they changed, with the build cache; all of it with --no-cache), so
 * the output is what any build from the file now gives. It counts its changes from what the first
 * did, so _legalsite/changes.json (what notify announces without a publish) is the first build's.
 * If its content has errors (a file saved between the two), the first build's output stands, said
 * in a warning: the next build renders them.
 */
export async function renderMovedAgain(opts: BuildOptions, first: BuildResult, once: (options: BuildOptions) => Promise<BuildResult>, warn: (note: string) => void): Promise<BuildResult> {
  // A failure it throws (a file saved meanwhile, the disk) is said as any build's: the first build's
  // output and id file are committed, and the next build renders those pages.
  const again = await once({ ...opts, changesSince: first.changesSince });
  if (!again.ok) {
    warn(`${first.pinpoints!.moved.join(', ')}: paragraphs found moved to another article are recorded in ${first.pinpoints!.file}, but their pages were not rendered again with where they went; run legalsite build once more`);
    return first;
  }
  // Each warning once: the first build's, in the second's words where it gave the same one (a link
  // into a moved paragraph: the second knows where it went), but a page gone in the first's (it
  // read the id file before the pointers into the page were taken out). A warning is named by its
  // place and what it is about (its message up to the first colon), not its advice.
  const gone = (d: Diagnostic) => d.rule === 'gone-address';
  const said = new Map([...again.diagnostics.filter(gone), ...first.diagnostics, ...again.diagnostics.filter((d) => !gone(d))].map((d) => [`${d.rule} ${d.file}:${d.line}:${d.column} ${d.field} ${d.message.split(':')[0]}`, d]));
  const timings = new Map(first.timings);
  for (const [phase, ms] of again.timings) timings.set(phase, (timings.get(phase) ?? 0) + ms);
  return { ...again, diagnostics: sortDiagnostics([...said.values()]), pinpoints: first.pinpoints, timings, ms: first.ms + again.ms };
}

