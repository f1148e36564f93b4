/**
 * Fallback probe when /usr/bin/time is missing: preloaded into the measured node process with
 * `--import`, it writes the process's user and system CPU seconds and its peak RSS in KB (worker
 * threads included), as GNU time's '%U %S %M' does, to the file named by LEGALSITE_BENCH_RSS_FILE
 * as the process exits. Plain JS: the child runs without tsx.
 * Reads: nothing. Writes: that one file.
 */
import { writeFileSync } from 'node:fs';

process.on('exit', () => {
  const file = process.env.LEGALSITE_BENCH_RSS_FILE;
  if (!file) return;
  const usage = process.resourceUsage();
  writeFileSync(file, `${usage.userCPUTime / 1e6} ${usage.systemCPUTime / 1e6} ${usage.maxRSS}`);
});
