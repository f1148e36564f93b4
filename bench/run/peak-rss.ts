/**
 * How a measured command is wrapped to learn its peak resident set size and the CPU time it used:
 * under `/usr/bin/time -f '%U %S %M'` when it exists (GNU time: user and system CPU seconds of the
 * process and of every descendant it waited for, and the largest RSS among them, so legalsite's
 * launcher and the build it starts count as one, as Hugo's single process does), else, for node
 * only, with max-rss-hook.mjs preloaded. The same method measures legalsite and a peer, so their
 * figures compare. System time is worth reading beside wall time: on some machines creating files
 * costs far more kernel time than on others, or than on the same machine a minute later.
 * Reads: the probe's output file. Writes: nothing (the wrapped process writes the probe file).
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const GNU_TIME = '/usr/bin/time';

/** What the probe learnt of a process that has exited (each when the probe produced it). */
export interface ProbeReading {
  peakRssKb?: number;
  /** CPU time in user code and in the kernel, every thread and waited-for child included. */
  userMs?: number;
  sysMs?: number;
}

export interface RssProbe {
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  /** Once the process has exited. */
  read(): ProbeReading;
  method: 'gnu-time' | 'resource-usage' | 'none';
}

/** The probe file's lines of "user-seconds system-seconds peak-RSS-KB": one from GNU time (after a
 * "Command exited with non-zero status" line when the command failed), or one per process from
 * max-rss-hook.mjs, whose CPU times add up and whose largest peak is taken, as GNU time's are. */
function reader(probeFile: string): () => ProbeReading {
  rmSync(probeFile, { force: true });
  return () => {
    if (!existsSync(probeFile)) return {};
    const valid = (n: number) => Number.isFinite(n) && n >= 0;
    const lines = readFileSync(probeFile, 'utf8')
      .trim()
      .split('\n')
      .map((line) => line.trim().split(/\s+/).map(Number))
      .filter((figures) => figures.length === 3 && figures.every(valid));
    if (lines.length === 0) return {};
    const kb = Math.max(...lines.map((f) => f[2]));
    return {
      peakRssKb: kb > 0 ? kb : undefined,
      userMs: Math.round(lines.reduce((t, f) => t + f[0], 0) * 1000),
      sysMs: Math.round(lines.reduce((t, f) => t + f[1], 0) * 1000),
    };
  };
}

/** Wraps `command <args>` so its peak RSS and CPU time are recorded in `probeFile` (only with GNU time). */
export function wrapCommandWithRssProbe(command: string, args: string[], probeFile: string): RssProbe {
  const read = reader(probeFile);
  if (existsSync(GNU_TIME)) return { command: GNU_TIME, args: ['-f', '%U %S %M', '-o', probeFile, command, ...args], env: {}, read, method: 'gnu-time' };
  return { command, args, env: {}, read: () => ({}), method: 'none' };
}

/** Wraps `node <nodeArgs>` so its peak RSS and CPU time are recorded in `probeFile`. */
export function wrapWithRssProbe(nodeArgs: string[], probeFile: string): RssProbe {
  if (existsSync(GNU_TIME)) return wrapCommandWithRssProbe(process.execPath, nodeArgs, probeFile);
  const hook = pathToFileURL(path.join(import.meta.dirname, 'max-rss-hook.mjs')).href;
  return { command: process.execPath, args: ['--import', hook, ...nodeArgs], env: { LEGALSITE_BENCH_RSS_FILE: probeFile }, read: reader(probeFile), method: 'resource-usage' };
}
