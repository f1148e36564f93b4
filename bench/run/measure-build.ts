/**
 * One measured `node bin/legalsite.js build --content … --out … --profile` run, as a child process
 * of the repository root: wall time from spawn to exit (node start-up included), the CLI's own
 * reported time, peak RSS, CPU time, page and file counts and the per-pass profile.
 * Reads: the child's output. Writes: nothing itself (the build writes its output folder).
 */
import path from 'node:path';
import type { ChildRegistry } from './children.js';
import { parseProfile, parseSummary } from './cli-output.js';
import { runMeasured, tailOf } from './measure-command.js';
import { type ProbeReading, wrapWithRssProbe } from './peak-rss.js';

export interface BuildRun extends ProbeReading {
  ok: boolean;
  /** The peak memory of the launcher, the build and every process they started (tree-memory.ts), KB. */
  treePeakKb?: number;
  exitCode: number | null;
  wallMs: number;
  reportedMs?: number;
  rssMethod: string;
  pages?: number;
  files?: number;
  profile: Record<string, number>;
  /** The end of stderr when the build failed. */
  error?: string;
}

export interface BuildRequest {
  root: string;
  content: string;
  out: string;
  extraArgs?: string[];
  /** Where the RSS probe may write its file. */
  scratch: string;
}

/** Runs one build and measures it; never throws over a failed build. */
export async function measureBuild(children: ChildRegistry, req: BuildRequest): Promise<BuildRun> {
  const nodeArgs = ['bin/legalsite.js', 'build', '--content', req.content, '--out', req.out, '--profile', ...(req.extraArgs ?? [])];
  const probe = wrapWithRssProbe(nodeArgs, path.join(req.scratch, `rss-${process.pid}.txt`));
  const run = await runMeasured(children, probe, req.root, { NO_COLOR: '1' });
  const summary = parseSummary(run.stdout);
  const ok = run.exitCode === 0 && summary !== undefined;
  return {
    ok,
    exitCode: run.exitCode,
    wallMs: run.wallMs,
    reportedMs: summary?.reportedMs,
    peakRssKb: run.peakRssKb,
    treePeakKb: run.treePeakKb,
    userMs: run.userMs,
    sysMs: run.sysMs,
    rssMethod: probe.method,
    pages: summary?.pages,
    files: summary?.files,
    profile: parseProfile(run.stdout),
    error: ok ? undefined : tailOf(run),
  };
}
