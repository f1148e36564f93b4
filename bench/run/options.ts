/**
 * The benchmark's command line: `npm run bench -- [--articles N ...] [--seed S] [--peer hugo]
 * [--runs K] [--keep] [--no-serve] [--no-compile] [--serve-edits K] [--tmp DIR] [--json FILE]`.
 * Parsed once into BenchOptions.
 * Reads: argv. Writes: nothing.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';

export interface BenchOptions {
  /** Corpus sizes, in the order run. */
  articles: number[];
  seed: number;
  /** Another generator built from the same corpus, interleaved with legalsite's runs. */
  peer?: 'hugo';
  /** Runs of each compared build (cold, warm cache with an empty output folder, one change); medians
   * are reported. */
  runs: number;
  /** Keep the temp folders (corpus and output) instead of deleting them. */
  keep: boolean;
  serve: boolean;
  /** Run `tsc -p .` first so lib/ matches src/. */
  compile: boolean;
  /** Edits timed against the serve reload stream (the median is reported). */
  serveEdits: number;
  /** Parent of the per-run temp folders. */
  tmp: string;
  /** Where the JSON results go. */
  json: string;
}

export const USAGE = `Usage: npm run bench -- [options]

  --articles <n>      corpus size; repeat or comma-separate (default: 1000,10000)
  --seed <s>          corpus seed (default: 1)
  --peer hugo         also build the corpus with Hugo (bench/hugo/), interleaved with legalsite's
                      runs, and print the ratios (needs hugo on the PATH)
  --runs <k>          runs of each compared build, medians reported (default: 3 with --peer, else 1)
  --keep              keep the generated corpus and output folders
  --no-serve          skip the serve reload measurement
  --no-compile        do not run tsc first (use lib/ as it is)
  --serve-edits <k>   edits timed against serve's reload stream (default: 3)
  --tmp <dir>         where temp folders go (default: .bench/ in the repository; on some
                      machines the OS temp folder is far slower per file written)
  --json <file>       results file (default: bench/results/latest.json)
  -h, --help          show this help`;

/** Parses the bench's arguments; `undefined` means help was asked for. */
export function parseBenchArgs(argv: string[], root: string): BenchOptions | undefined {
  // node:util parseArgs on Node 20 has no --no-x negation, so those two flags are read by hand.
  const negated = new Set<string>(argv.filter((a) => a === '--no-serve' || a === '--no-compile'));
  const { values } = parseArgs({
    args: argv.filter((a) => !negated.has(a)),
    options: {
      articles: { type: 'string', multiple: true },
      seed: { type: 'string', default: '1' },
      peer: { type: 'string' },
      runs: { type: 'string' },
      keep: { type: 'boolean', default: false },
      'serve-edits': { type: 'string', default: '3' },
      tmp: { type: 'string', default: path.join(root, '.bench') },
      json: { type: 'string', default: path.join(root, 'bench/results/latest.json') },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) return undefined;
  const articles = (values.articles ?? ['1000,10000']).flatMap((v) => v.split(',')).map((v) => wholeNumber('--articles', v, 1));
  if (values.peer !== undefined && values.peer !== 'hugo') throw new Error(`--peer knows only hugo, not "${values.peer}"`);
  const peer = values.peer === 'hugo' ? 'hugo' : undefined;
  return {
    articles,
    peer,
    runs: values.runs === undefined ? (peer ? 3 : 1) : wholeNumber('--runs', values.runs, 1),
    seed: wholeNumber('--seed', values.seed, 0),
    keep: values.keep,
    serve: !negated.has('--no-serve'),
    compile: !negated.has('--no-compile'),
    serveEdits: wholeNumber('--serve-edits', values['serve-edits'], 1),
    tmp: path.resolve(values.tmp),
    json: path.resolve(values.json),
  };
}

function wholeNumber(flag: string, value: string, min: number): number {
  const n = Number(value.trim());
  if (!Number.isInteger(n) || n < min) throw new Error(`${flag} takes a whole number ≥ ${min}, not "${value}"`);
  return n;
}
