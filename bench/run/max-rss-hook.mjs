/**
 * Fallback probe when /usr/bin/time is missing: preloaded into the measured node process with
 * `--import`, it adds a line with the process's user and system CPU seconds and its peak RSS in KB
 * (worker threads included), as GNU time's '%U %S %M' gives them, to the file named by
 * LEGALSITE_BENCH_RSS_FILE as the process exits. legalsite's launcher passes it on to the build
 * process it starts, so the file has a line of each: peak-rss.ts adds their CPU times and keeps
 * the larger peak, as GNU time does. Plain JS: the child runs without tsx.
 * Reads: nothing. Writes: that one file.
 */
import { appendFileSync } from 'node:fs';

process.on('exit', () => {
  const file = process.env.LEGALSITE_BENCH_RSS_FILE;
  if (!file) return;
  const usage = process.resourceUsage();
  appendFileSync(file, `${usage.userCPUTime / 1e6} ${usage.systemCPUTime / 1e6} ${usage.maxRSS}\n`);
});
