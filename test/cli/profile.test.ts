/** `build --profile`: the time of each pass and phase, and the rest of the build's time on a line of
 * its own, so that the table adds up to the time the summary line gives. */
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { copyFixture, runCli } from '../helpers/sites.js';

const test = suite('build --profile');

/** The summary's seconds, and the table's rows (name → ms). */
function parse(stdout: string): { seconds: number; rows: Map<string, number> } {
  const seconds = Number(/ in ([\d.]+)s/.exec(stdout)?.[1]);
  const table = stdout.slice(stdout.indexOf('Time per pass and phase:'));
  const rows = new Map([...table.matchAll(/^ {2}(\S.*?) +([\d.]+) ms$/gm)].map((m) => [m[1], Number(m[2])] as const));
  return { seconds, rows };
}

for (const [what, args] of [
  ['a cold build', ['--no-cache']],
  ['a rebuild after an edit', []],
] as const) {
  test(`${what}: the phases and the time outside them add up to the build's time`, async () => {
    const cwd = copyFixture('minimal');
    if (args.length === 0) {
      assert.is((await runCli(['build', '--quiet'], cwd)).exitCode, 0);
      appendFileSync(path.join(cwd, 'content/pages/about.md'), '\nOne more line.\n');
    }
    const { stdout, exitCode } = await runCli(['build', '--profile', ...args], cwd);
    assert.is(exitCode, 0, stdout);
    const { seconds, rows } = parse(stdout);
    assert.ok(seconds > 0, stdout);
    for (const phase of ['load', 'routes', 'write', 'commit']) assert.ok(rows.has(phase), `${phase} in ${stdout}`);
    // Starting the shard threads and other steps between the phases always take some time.
    assert.ok((rows.get('(not in a phase)') ?? 0) > 0, stdout);
    const sum = [...rows.values()].reduce((a, b) => a + b, 0);
    // The summary rounds to 10 ms, each row to 0.1 ms.
    assert.ok(Math.abs(sum - seconds * 1000) <= 5 + 0.05 * rows.size, `${sum} ms against ${seconds} s`);
  });
}

test.run();
