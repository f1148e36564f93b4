/** The benchmark's linearity line holds the cold build to the build-speed issue's targets: 10,000
 * articles within 10× the time of 1,000, and 50,000 within 5.5× the time of 10,000. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { linearity } from '../../bench/run/report.js';
import type { SizeResult } from '../../bench/run/results.js';

const test = suite('bench: linearity');

const size = (articles: number, wallMs: number) => ({ articles, cold: { ok: true, wallMs, reportedMs: wallMs - 100 } }) as unknown as SizeResult;

test('10,000 against 1,000: at most ten times', () => {
  const [wall] = linearity([size(10_000, 25_000), size(1000, 2_400)]);
  assert.is(wall.target, 10);
  assert.not.ok(wall.ok, '10.4× is above the target');
  assert.ok(linearity([size(1000, 2_600), size(10_000, 25_000)])[0].ok, '9.6× is within it');
});

test('50,000 against 10,000: at most five and a half times', () => {
  const [wall] = linearity([size(10_000, 25_000), size(50_000, 132_000)]);
  assert.is(wall.target, 5.5);
  assert.ok(wall.ok, '5.28×');
  assert.not.ok(linearity([size(10_000, 25_000), size(50_000, 140_000)])[0].ok, '5.6×');
});

test.run();
