/**
 * How a measured command is wrapped to learn its peak resident set size: under `/usr/bin/time -f %M`
 * when it exists (GNU time: the largest RSS of the process and of every descendant it waited for, so
 * legalsite's launcher and the build it starts count as one, as Hugo's single process does), else,
 * for node only, with max-rss-hook.mjs preloaded. Both report KB. The same method measures legalsite
 * and a peer, so their figures compare.
 * Reads: the probe's output file. Writes: nothing (the wrapped process writes the probe file).
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const GNU_TIME = '/usr/bin/time';

export interface RssProbe {
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  /** Peak RSS in KB once the process has exited, if the probe produced one. */
  read(): number | undefined;
  method: 'gnu-time' | 'resource-usage' | 'none';
}

function reader(probeFile: string): () => number | undefined {
  rmSync(probeFile, { force: true });
  return () => {
    if (!existsSync(probeFile)) return undefined;
    // GNU time may print a "Command exited with non-zero status" line before the number.
    const kb = Number(readFileSync(probeFile, 'utf8').trim().split('\n').pop());
    return Number.isFinite(kb) && kb > 0 ? kb : undefined;
  };
}

/** Wraps `command <args>` so its peak RSS is recorded in `probeFile` (only with GNU time). */
export function wrapCommandWithRssProbe(command: string, args: string[], probeFile: string): RssProbe {
  const read = reader(probeFile);
  if (existsSync(GNU_TIME)) return { command: GNU_TIME, args: ['-f', '%M', '-o', probeFile, command, ...args], env: {}, read, method: 'gnu-time' };
  return { command, args, env: {}, read: () => undefined, method: 'none' };
}

/** Wraps `node <nodeArgs>` so its peak RSS is recorded in `probeFile`. */
export function wrapWithRssProbe(nodeArgs: string[], probeFile: string): RssProbe {
  if (existsSync(GNU_TIME)) return wrapCommandWithRssProbe(process.execPath, nodeArgs, probeFile);
  const hook = pathToFileURL(path.join(import.meta.dirname, 'max-rss-hook.mjs')).href;
  return { command: process.execPath, args: ['--import', hook, ...nodeArgs], env: { LEGALSITE_BENCH_RSS_FILE: probeFile }, read: reader(probeFile), method: 'resource-usage' };
}
