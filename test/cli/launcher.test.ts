/** The launcher (bin/legalsite.js) starts the CLI in a child Node with settings chosen for a build:
 * glibc's malloc tunables are added to the caller's, never in place of them. */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { BIN, tempDir } from '../helpers/sites.js';

const test = suite('launcher');

/** GLIBC_TUNABLES as the CLI's process sees it, given `tunables` in the caller's environment. */
async function childTunables(tunables?: string): Promise<string | undefined> {
  const dir = tempDir();
  const probe = path.join(dir, 'probe.mjs');
  // Loaded into both processes (the flag is passed on); only the child, started by the launcher, reports.
  writeFileSync(probe, "if (process.env.LEGALSITE_NO_RESPAWN) process.stderr.write(`TUNABLES=${process.env.GLIBC_TUNABLES ?? ''}\\n`);\n");
  const env: Record<string, string> = { NO_COLOR: '1' };
  if (tunables !== undefined) env.GLIBC_TUNABLES = tunables;
  const run = await execa('node', ['--import', probe, BIN, '--version'], { cwd: dir, reject: false, env, extendEnv: false });
  assert.is(run.exitCode, 0, run.stderr);
  return /TUNABLES=(.*)/.exec(run.stderr)?.[1];
}

test('the child asks for huge pages and a fixed mmap threshold', async () => {
  assert.is(await childTunables(), 'glibc.malloc.hugetlb=1:glibc.malloc.mmap_threshold=262144');
});

test("the caller's tunables are kept, and a setting the caller made is not overridden", async () => {
  assert.is(await childTunables('glibc.malloc.mmap_threshold=1000000'), 'glibc.malloc.mmap_threshold=1000000:glibc.malloc.hugetlb=1');
  assert.is(await childTunables('glibc.malloc.hugetlb=0:glibc.malloc.arena_max=2'), 'glibc.malloc.hugetlb=0:glibc.malloc.arena_max=2:glibc.malloc.mmap_threshold=262144');
});

test.run();
