/**
 * `npm run bench`: for each corpus size (default 1,000 and 10,000 articles) generates a seeded
 * corpus in a temp folder, then times the real CLI as a child process (bench/run/bench-size.ts):
 * cold builds, builds with a warm cache and no output folder, a warm rebuild with no change,
 * rebuilds after one changed article, and serve's write → reload latency; with `--peer hugo`, Hugo's
 * builds of the same corpus interleaved with them; and the sizes of the files the cold build wrote
 * and what a search downloads. Prints a metrics table, the ratios to the peer, a per-pass table,
 * the output sizes and the linearity line, and saves bench/results/latest.json.
 * Reads: the repository's lib/ (compiled first). Writes: temp folders, bench/results/, lib/ (tsc, then its bundle).
 */
import path from 'node:path';
import { benchSize } from './run/bench-size.js';
import { createChildRegistry } from './run/children.js';
import { parseBenchArgs, USAGE } from './run/options.js';
import { HUGO_INSTALL_HINT, hugoVersion } from './run/peer-hugo.js';
import { cliHasFlag, compileLib } from './run/prepare-cli.js';
import { formatReport, linearity } from './run/report.js';
import { type BenchResults, describeMachine, writeResults } from './run/results.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const log = (line: string) => process.stderr.write(`${line}\n`);

async function main(): Promise<number> {
  const opts = parseBenchArgs(process.argv.slice(2), ROOT);
  if (!opts) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const peerVersion = opts.peer ? hugoVersion() : undefined;
  if (opts.peer && !peerVersion) log(HUGO_INSTALL_HINT);
  if (opts.compile) {
    log('Compiling src/ to lib/ and bundling it (npm run build) …');
    const tsc = compileLib(ROOT);
    if (!tsc.ok) {
      log(`${tsc.output}\nThe build of lib/ failed, so it may not match src/. Fix the errors, or pass --no-compile to measure lib/ as it is.`);
      return 1;
    }
  }
  const children = createChildRegistry();
  const results: BenchResults = {
    startedAt: new Date().toISOString(),
    machine: describeMachine(),
    seed: opts.seed,
    runs: opts.runs,
    peerNote: opts.peer && !peerVersion ? HUGO_INSTALL_HINT : undefined,
    noCacheFlag: cliHasFlag(ROOT, 'build', '--no-cache'),
    sizes: [],
    linearity: [],
  };
  const cleanUps: (() => void)[] = [];
  try {
    for (const n of opts.articles) {
      results.sizes.push(await benchSize({ children, opts, noCacheFlag: results.noCacheFlag, peerVersion, root: ROOT, cleanUps }, n));
      results.linearity = linearity(results.sizes);
      // Saved after every size, so a long run that is interrupted still leaves its figures.
      writeResults(opts.json, results);
    }
    await children.stopAll();
    // Printed before the temp folders go: removing a 10,000-article run's output folders takes minutes.
    process.stdout.write(`\n${formatReport(results)}\n\nResults written to ${path.relative(process.cwd(), opts.json) || opts.json}\n`);
  } finally {
    await children.stopAll();
    if (cleanUps.length) log('Removing the temp folders …');
    for (const cleanUp of cleanUps) cleanUp();
  }
  return results.sizes.every((s) => s.cold?.ok) ? 0 : 1;
}

process.exitCode = await main();
