/**
 * Fallback peak-RSS probe when /usr/bin/time is missing: preloaded into the measured node process
 * with `--import`, it writes process.resourceUsage().maxRSS (KB, worker threads included) to the
 * file named by LEGALSITE_BENCH_RSS_FILE as the process exits. Plain JS: the child runs without tsx.
 * Reads: nothing. Writes: that one file.
 */
import { writeFileSync } from 'node:fs';

process.on('exit', () => {
  const file = process.env.LEGALSITE_BENCH_RSS_FILE;
  if (file) writeFileSync(file, String(process.resourceUsage().maxRSS));
});
