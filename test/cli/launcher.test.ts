/** The launcher (bin/legalsite.js) starts the CLI in a child Node with settings chosen for a build:
 * glibc's malloc tunables are added to the caller's, never in place of them; libuv gets more threads
 * for file operations unless the caller chose how many. */
import { mkdirSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { BIN, tempDir } from '../helpers/sites.js';

const test = suite('launcher');

/** A variable of the CLI's process's environment, given `env` in the caller's. */
async function childEnv(name: string, env: Record<string, string> = {}): Promise<string | undefined> {
  const dir = tempDir();
  const probe = path.join(dir, 'probe.mjs');
  // Loaded into both processes (the flag is passed on); only the child, started by the launcher, reports.
  writeFileSync(probe, `if (process.env.LEGALSITE_NO_RESPAWN) process.stderr.write(\`VALUE=\${process.env.${name} ?? ''}\\n\`);\n`);
  const run = await execa('node', ['--import', probe, BIN, '--version'], { cwd: dir, reject: false, env: { NO_COLOR: '1', ...env }, extendEnv: false });
  assert.is(run.exitCode, 0, run.stderr);
  return /VALUE=(.*)/.exec(run.stderr)?.[1];
}

/** GLIBC_TUNABLES as the CLI's process sees it, given `tunables` in the caller's environment. */
const childTunables = (tunables?: string) => childEnv('GLIBC_TUNABLES', tunables === undefined ? {} : { GLIBC_TUNABLES: tunables });

test('the child asks for huge pages and a fixed mmap threshold', async () => {
  assert.is(await childTunables(), 'glibc.malloc.hugetlb=1:glibc.malloc.mmap_threshold=262144');
});

test("the caller's tunables are kept, and a setting the caller made is not overridden", async () => {
  assert.is(await childTunables('glibc.malloc.mmap_threshold=1000000'), 'glibc.malloc.mmap_threshold=1000000:glibc.malloc.hugetlb=1');
  assert.is(await childTunables('glibc.malloc.hugetlb=0:glibc.malloc.arena_max=2'), 'glibc.malloc.hugetlb=0:glibc.malloc.arena_max=2:glibc.malloc.mmap_threshold=262144');
});

test("libuv gets 8 threads, or as many as the caller's UV_THREADPOOL_SIZE says", async () => {
  assert.is(await childEnv('UV_THREADPOOL_SIZE'), '8');
  assert.is(await childEnv('UV_THREADPOOL_SIZE', { UV_THREADPOOL_SIZE: '3' }), '3');
});

/** The Node flags of the CLI's process, run in a folder whose content/ holds `contentBytes` (one
 * sparse file: the launcher sizes the site by its files' sizes). */
async function childFlags(contentBytes: number, env: Record<string, string> = {}): Promise<string[]> {
  const dir = tempDir();
  mkdirSync(path.join(dir, 'content'));
  writeFileSync(path.join(dir, 'content', 'big.md'), '');
  truncateSync(path.join(dir, 'content', 'big.md'), contentBytes);
  const probe = path.join(dir, 'probe.mjs');
  writeFileSync(probe, `if (process.env.LEGALSITE_NO_RESPAWN) process.stderr.write(\`FLAGS=\${JSON.stringify(process.execArgv)}\\n\`);\n`);
  const run = await execa('node', ['--import', probe, BIN, '--version'], { cwd: dir, reject: false, env: { NO_COLOR: '1', ...env }, extendEnv: false });
  assert.is(run.exitCode, 0, run.stderr);
  return JSON.parse(/FLAGS=(.*)/.exec(run.stderr)?.[1] ?? '[]');
}

test('a small site gets a smaller young generation; a large one, or a caller who chose one, keeps theirs', async () => {
  assert.ok((await childFlags(1e6)).includes('--max-semi-space-size=8'));
  assert.not.ok((await childFlags(100 * 2 ** 20)).some((f) => f.startsWith('--max-semi-space-size')));
  const chosen = await childFlags(1e6, { NODE_OPTIONS: '--max-semi-space-size=32' });
  assert.not.ok(chosen.includes('--max-semi-space-size=8'));
});

test.run();
