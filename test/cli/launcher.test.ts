/** The launcher (bin/legalsite.js) starts the CLI in a child Node with settings chosen for a build:
 * glibc's malloc tunables are added to the caller's, never in place of them; libuv gets more threads
 * for file operations unless the caller chose how many. */
import { mkdirSync, truncateSync, writeFileSync } from 'node:fs';
import { totalmem } from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { cacheFile } from '../../src/write/cache-location.js';
import { BIN, tempDir } from '../helpers/sites.js';

const test = suite('launcher');

/** A variable of the CLI's process's environment, given `env` in the caller's, for the command
 * `args` run in a folder `around` made (the probe ends the CLI's process once it has reported). */
async function childEnv(name: string, env: Record<string, string> = {}, { args = ['--version'], around }: { args?: string[]; around?: (dir: string) => void } = {}): Promise<string | undefined> {
  const dir = tempDir();
  around?.(dir);
  const probe = path.join(dir, 'probe.mjs');
  // Loaded into both processes (the flag is passed on); only the child, started by the launcher, reports.
  writeFileSync(probe, `if (process.env.LEGALSITE_NO_RESPAWN) { process.stderr.write(\`VALUE=\${process.env.${name} ?? ''}\\n\`); process.exit(0); }\n`);
  const run = await execa('node', ['--import', probe, BIN, ...args], { cwd: dir, reject: false, env: { NO_COLOR: '1', ...env }, extendEnv: false });
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

/** The Node flags of the CLI's process, run in a folder whose content/ `fill` made (and the rest of
 * which `around` made), for the command `args`: the probe ends the CLI's process once it has
 * reported, before the command runs. */
async function childFlags(fill: (content: string) => void, env: Record<string, string> = {}, { args = ['--version'], around }: { args?: string[]; around?: (dir: string) => void } = {}): Promise<string[]> {
  const dir = tempDir();
  mkdirSync(path.join(dir, 'content'));
  fill(path.join(dir, 'content'));
  around?.(dir);
  const probe = path.join(dir, 'probe.mjs');
  writeFileSync(probe, `if (process.env.LEGALSITE_NO_RESPAWN) { process.stderr.write(\`FLAGS=\${JSON.stringify(process.execArgv)}\\n\`); process.exit(0); }\n`);
  const run = await execa('node', ['--import', probe, BIN, ...args], { cwd: dir, reject: false, env: { NO_COLOR: '1', ...env }, extendEnv: false });
  assert.is(run.exitCode, 0, run.stderr);
  return JSON.parse(/FLAGS=(.*)/.exec(run.stderr)?.[1] ?? '[]');
}

/** A build cache and an output folder beside content/, as a rebuild finds them. */
const lastBuild = (dir: string) => {
  mkdirSync(path.join(dir, 'dist'));
  mkdirSync(cacheFile(dir, 'content'), { recursive: true });
};

/** A sparse file of `bytes` (its size without the disk space: the launcher sizes the site by its files' sizes). */
function sparseFile(file: string, bytes: number): void {
  writeFileSync(file, '');
  truncateSync(file, bytes);
}

/** A content folder of one file of `bytes`. */
const oneFile = (bytes: number) => (content: string) => sparseFile(path.join(content, 'big.md'), bytes);

test("the young generation is sized to the site: smaller for a small one, larger for a mid-sized one and for a large one's rebuild (its main thread), a caller's choice kept", async () => {
  const semi = (flags: string[]) => flags.filter((f) => f.startsWith('--max-semi-space-size'));
  assert.equal(semi(await childFlags(oneFile(1e6))), ['--max-semi-space-size=4']);
  assert.equal(semi(await childFlags(oneFile(40 * 2 ** 20))), ['--max-semi-space-size=8']);
  // The mid-sized setting needs 8 GB of memory; this machine's decides which is expected.
  assert.equal(semi(await childFlags(oneFile(100 * 2 ** 20))), totalmem() >= 8 * 2 ** 30 ? ['--max-semi-space-size=64'] : []);
  assert.equal(semi(await childFlags(oneFile(300 * 2 ** 20))), []);
  // A large site's rebuild (a cache and an output folder to update) gets the larger young generation
  // (on a machine with 8 GB), its cold build V8's default.
  const big = totalmem() >= 8 * 2 ** 30 ? ['--max-semi-space-size=64'] : [];
  assert.equal(semi(await childFlags(oneFile(300 * 2 ** 20), {}, { args: ['build'], around: lastBuild })), big);
  // …for its main thread alone: the CLI clears the flag for its shards when told to. A mid-sized
  // site's shards keep theirs.
  const rebuildOf = (bytes: number) => (dir: string) => {
    mkdirSync(path.join(dir, 'content'));
    oneFile(bytes)(path.join(dir, 'content'));
    lastBuild(dir);
  };
  assert.is(await childEnv('LEGALSITE_MAIN_YOUNG_ONLY', {}, { args: ['build'], around: rebuildOf(300 * 2 ** 20) }), big.length ? '1' : '');
  assert.is(await childEnv('LEGALSITE_MAIN_YOUNG_ONLY', {}, { args: ['build'], around: rebuildOf(100 * 2 ** 20) }), '');
  assert.equal(semi(await childFlags(oneFile(300 * 2 ** 20), {}, { args: ['build', '--no-cache'], around: lastBuild })), []);
  assert.equal(semi(await childFlags(oneFile(300 * 2 ** 20), {}, { args: ['build'], around: (dir) => mkdirSync(path.join(dir, 'dist')) })), []);
  assert.equal(semi(await childFlags(oneFile(1e6), { NODE_OPTIONS: '--max-semi-space-size=32' })), []);
});

test('the heap is sized to what the content folder holds that legalsite reads: one large file is not multiplied, hidden files are left out', async () => {
  // An id file of 40 MB beside 600 articles of 1 KB; a hidden cache of 2 GB.
  const flags = await childFlags((content) => {
    mkdirSync(path.join(content, 'articles'));
    mkdirSync(path.join(content, '.legalsite-cache'));
    for (let i = 0; i < 600; i++) writeFileSync(path.join(content, 'articles', `a-${i}.md`), 'x'.repeat(1024));
    sparseFile(path.join(content, 'pinpoints.jsonl'), 40 * 2 ** 20);
    sparseFile(path.join(content, '.legalsite-cache', 'part.bin'), 2 * 2 ** 30);
  });
  const limit = Number(flags.find((f) => f.startsWith('--max-old-space-size='))?.split('=')[1]);
  // 40.6 MB of content: 768 + 4 × 41.
  assert.ok(limit >= 768 + 4 * 40 && limit <= 768 + 4 * 42, `heap limit ${limit} MB`);
});

test.run();
