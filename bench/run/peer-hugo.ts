/**
 * Hugo as the benchmark's peer (`--peer hugo`): whether it is installed, and one measured build of
 * the Hugo copy of the corpus (bench/hugo-site.ts) through the theme in bench/hugo/, timed and probed
 * for peak RSS exactly as legalsite's builds are (measure-command.ts).
 * Reads: `hugo version`, the Hugo site folder. Writes: the Hugo output folder (through hugo).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { HUGO_CONFIG_DIR } from '../hugo-site.js';
import type { ChildRegistry } from './children.js';
import { runMeasured, tailOf } from './measure-command.js';
import { type ProbeReading, wrapCommandWithRssProbe } from './peak-rss.js';

export const HUGO_INSTALL_HINT = 'Hugo is not installed, so the benchmark runs without it: install it (Debian/Ubuntu: apt-get install -y hugo; elsewhere https://gohugo.io/installation/) and run npm run bench -- --peer hugo again.';

export interface PeerRun extends ProbeReading {
  ok: boolean;
  exitCode: number | null;
  wallMs: number;
  /** The peak memory of Hugo's process tree (tree-memory.ts), KB. */
  treePeakKb?: number;
  rssMethod: string;
  /** Files in the output folder after the build. */
  files?: number;
  error?: string;
}

/** "hugo v0.111.3" (from `hugo version`), or undefined when `hugo` is not on the PATH. */
export function hugoVersion(): string | undefined {
  const run = spawnSync('hugo', ['version'], { encoding: 'utf8' });
  if (run.status !== 0) return undefined;
  return `hugo ${/v\d+\.\d+\.\d+/.exec(run.stdout)?.[0] ?? run.stdout.trim()}`;
}

/** One `hugo` build of `siteDir` into `out` (what is already in `out` is left there, as hugo does). */
export async function measureHugo(children: ChildRegistry, req: { siteDir: string; out: string; scratch: string }): Promise<PeerRun> {
  const args = ['--source', req.siteDir, '--config', path.join(HUGO_CONFIG_DIR, 'hugo.toml'), '--themesDir', HUGO_CONFIG_DIR, '--destination', req.out, '--quiet'];
  const probe = wrapCommandWithRssProbe('hugo', args, path.join(req.scratch, `rss-hugo-${process.pid}.txt`));
  const run = await runMeasured(children, probe, req.siteDir);
  const ok = run.exitCode === 0;
  return { ok, exitCode: run.exitCode, wallMs: run.wallMs, peakRssKb: run.peakRssKb, treePeakKb: run.treePeakKb, userMs: run.userMs, sysMs: run.sysMs, rssMethod: probe.method, files: ok ? countFiles(req.out) : undefined, error: ok ? undefined : tailOf(run) };
}

function countFiles(dir: string): number {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
}
