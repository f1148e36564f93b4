/**
 * Parses what `legalsite build --profile` prints: the summary line ("Built 2414 pages, 5454 files in
 * 26.26s → …", or the up-to-date line of a build with nothing to do) and the profile table (lines "  name   123.4 ms" under "Time per pass and phase:").
 * Reads: captured stdout text. Writes: nothing.
 */

export interface BuildSummary {
  pages: number;
  files: number;
  /** The build time the CLI reports itself (excludes node start-up and module loading). */
  reportedMs: number;
}

/** The summary line's figures, if the line is there: "Built …", or "… is up to date: … (N pages, M files; checked in Ss)". */
export function parseSummary(stdout: string): BuildSummary | undefined {
  const m = /Built (\d+) pages, (\d+) files in ([\d.]+)s/.exec(stdout) ?? /is up to date: .*\((\d+) pages, (\d+) files; checked in ([\d.]+)s\)/.exec(stdout);
  return m ? { pages: Number(m[1]), files: Number(m[2]), reportedMs: Number(m[3]) * 1000 } : undefined;
}

/** Milliseconds per pass or phase, in the order printed. */
export function parseProfile(stdout: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const m of stdout.matchAll(/^ {2}(\S+)\s+(-?[\d.]+) ms$/gm)) out[m[1]] = Number(m[2]);
  return out;
}
