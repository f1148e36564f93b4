/**
 * How a measured `node …` command is wrapped to learn its peak resident set size: under
 * `/usr/bin/time -f %M` when it exists, else with max-rss-hook.mjs preloaded. Both report KB.
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
  method: 'gnu-time' | 'resource-usage';
}

/** Wraps `node <nodeArgs>` so its peak RSS is recorded in `probeFile`. */
export function wrapWithRssProbe(nodeArgs: string[], probeFile: string): RssProbe {
  rmSync(probeFile, { force: true });
  const read = () => {
    if (!existsSync(probeFile)) return undefined;
    // GNU time may print a "Command exited with non-zero status" line before the number.
    const kb = Number(readFileSync(probeFile, 'utf8').trim().split('\n').pop());
    return Number.isFinite(kb) && kb > 0 ? kb : undefined;
  };
  if (existsSync(GNU_TIME)) {
    return { command: GNU_TIME, args: ['-f', '%M', '-o', probeFile, process.execPath, ...nodeArgs], env: {}, read, method: 'gnu-time' };
  }
  const hook = pathToFileURL(path.join(import.meta.dirname, 'max-rss-hook.mjs')).href;
  return { command: process.execPath, args: ['--import', hook, ...nodeArgs], env: { LEGALSITE_BENCH_RSS_FILE: probeFile }, read, method: 'resource-usage' };
}
