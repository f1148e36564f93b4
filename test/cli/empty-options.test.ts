/** A folder option given an empty value (`--dist "$DIST"` with DIST unset in a CI script) is a usage
 * error, exit 2, naming the option: `check --dist ""` audited nothing and passed, `--content ""`
 * read the current folder, `publish --out ""` named a folder with no name. */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { copyFixture, runCli } from '../helpers/sites.js';

const test = suite('empty folder options');
let cwd = '';

test.before(async () => {
  cwd = copyFixture('minimal');
  assert.is((await runCli(['build', '--quiet'], cwd)).exitCode, 0);
});

test('check --dist "" fails with exit 2 where a broken built site would pass unaudited', async () => {
  rmSync(path.join(cwd, 'dist/about.html'));
  assert.is((await runCli(['check', '--dist'], cwd)).exitCode, 1, 'the audit finds the page gone');
  const r = await runCli(['check', '--dist', ''], cwd);
  assert.is(r.exitCode, 2, r.stdout);
  assert.match(r.stderr, /--dist \[dir\]' argument '' is invalid\. the built site folder is empty \(an unset variable\?\): name it, e.g\. --dist dist\./);
  assert.is((await runCli(['build', '--quiet'], cwd)).exitCode, 0);
});

test('every folder option refuses an empty value with exit 2 and the option named', async () => {
  for (const [args, option] of [
    [['build', '--content', ''], '--content <dir>'],
    [['check', '--content', ' '], '--content <dir>'],
    [['serve', '--content', ''], '--content <dir>'],
    [['check', '--against', ''], '--against <file-or-url>'],
    [['publish', '--out', '', '--bucket', 'b', '--dry-run'], '--out <dir>'],
    [['notify', '--out', '', '--dry-run'], '--out <dir>'],
    [['notify', '--content', '', '--dry-run'], '--content <dir>'],
  ] as const) {
    const r = await runCli([...args], cwd);
    assert.is(r.exitCode, 2, `${args.join(' ')}: ${r.stdout}${r.stderr}`);
    assert.match(r.stderr, new RegExp(`${option.replace(/[[\]]/g, '\\$&')}' argument '\\s*' is invalid\\. the [a-z ]+ is empty \\(an unset variable\\?\\)`), args.join(' '));
    assert.not.match(r.stderr, /\n\s+at /);
  }
});

test.run();
