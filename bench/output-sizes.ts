/**
 * Prints the output-size table of `npm run bench` (bench/run/output-sizes.ts) for a site already
 * built, without timing anything:
 *
 *   node --import tsx bench/output-sizes.ts DIST
 */
import { measureOutputSizes, SIZE_HEADER, sizeCells } from './run/output-sizes.js';
import { formatTable } from './run/report.js';

const dist = process.argv[2];
if (!dist) {
  process.stderr.write('usage: node --import tsx bench/output-sizes.ts DIST\n');
  process.exitCode = 2;
} else {
  process.stdout.write(`${formatTable(SIZE_HEADER, measureOutputSizes(dist).map(sizeCells))}\n`);
}
