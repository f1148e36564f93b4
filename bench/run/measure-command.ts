/**
 * One measured child process: spawned through the registry under its RSS probe, timed from spawn to
 * exit, its output captured. Used for legalsite's builds (measure-build.ts) and a peer's
 * (peer-hugo.ts), so both are measured the same way.
 * Reads: the child's output. Writes: nothing itself.
 */
import { performance } from 'node:perf_hooks';
import type { ChildRegistry } from './children.js';
import type { ProbeReading, RssProbe } from './peak-rss.js';
import { sampleTree } from './tree-memory.js';

export interface CommandRun extends ProbeReading {
  exitCode: number | null;
  /** The peak memory of the process and every process it started (tree-memory.ts), in KB. */
  treePeakKb?: number;
  wallMs: number;
  stdout: string;
  stderr: string;
}

/** Runs the probed command in `cwd` and waits for it; never throws over a non-zero exit. */
export async function runMeasured(children: ChildRegistry, probe: RssProbe, cwd: string, env: NodeJS.ProcessEnv = {}): Promise<CommandRun> {
  const started = performance.now();
  const child = children.spawn(probe.command, probe.args, {
    cwd,
    env: { ...process.env, ...probe.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const memory = sampleTree(child.pid);
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (s: string) => (stdout += s));
  child.stderr!.setEncoding('utf8').on('data', (s: string) => (stderr += s));
  let treePeakKb: number | undefined;
  const exitCode = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve(code));
  }).finally(() => (treePeakKb = memory.stop()));
  return { exitCode, wallMs: performance.now() - started, treePeakKb, ...probe.read(), stdout, stderr };
}

/** The last lines of a failed command's output, for the report. */
export const tailOf = (run: CommandRun, lines = 15): string => (run.stderr || run.stdout).trim().split('\n').slice(-lines).join('\n');
