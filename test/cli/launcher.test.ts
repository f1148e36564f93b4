/** The launcher (bin/legalsite.js) starts the CLI in a child Node with settings chosen for a build:
 * glibc's malloc tunables are added to the caller's, never in place of them; libuv gets more threads
 * for file operations unless the caller chose how many; a build that loads no cache has its shard
 * threads started before the CLI loads. */
import { fork } from 'node:child_process';
import { mkdirSync, readFileSync, realpathSync, rmSync, statSync, truncateSync, utimesSync, writeFileSync } from 'node:fs';
import { availableParallelism, totalmem } from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { cacheFile } from '../../src/write/cache-location.js';
import { packageCopy } from '../helpers/package-copy.js';
import { BIN, listFiles, tempDir } from '../helpers/sites.js';
import { generateCorpus } from '../../bench/generate-corpus.js';
import { MIN_ARTICLES_FOR_WORKERS } from '../../src/engine/shard-limits.js';

const test = suite('launcher');

/** A variable of the CLI's process's environment, given `env` in the caller's (the probe ends the
 * CLI's process once it has reported). */
async function childEnv(name: string, env: Record<string, string> = {}, args = ['--version'], dir = tempDir()): Promise<string | undefined> {
  const probe = path.join(dir, 'probe.mjs');
  // Loaded into both processes (the flag is passed on); only the child, started by the launcher, reports.
  writeFileSync(probe, `import { writeSync } from 'node:fs';\nif (process.env.LEGALSITE_NO_RESPAWN) { writeSync(2, \`VALUE=\${process.env.${name} ?? ''}\\n\`); process.exit(0); }\n`);
  const run = await execa('node', ['--import', probe, BIN, ...args], { cwd: dir, reject: false, env: { NO_COLOR: '1', ...env }, extendEnv: false });
  assert.is(run.exitCode, 0, run.stderr);
  return /VALUE=(.*)/.exec(run.stderr)?.[1];
}

/** GLIBC_TUNABLES as the CLI's process sees it, given `tunables` in the caller's environment. */
const childTunables = (tunables?: string) => childEnv('GLIBC_TUNABLES', tunables === undefined ? {} : { GLIBC_TUNABLES: tunables });

const TRIM = 'glibc.malloc.trim_threshold=33554432';

test('the child asks for huge pages, a fixed mmap threshold and a larger trim threshold', async () => {
  assert.is(await childTunables(), `glibc.malloc.hugetlb=1:glibc.malloc.mmap_threshold=262144:${TRIM}`);
});

test("the caller's tunables are kept, and a setting the caller made is not overridden", async () => {
  assert.is(await childTunables('glibc.malloc.mmap_threshold=1000000'), `glibc.malloc.mmap_threshold=1000000:glibc.malloc.hugetlb=1:${TRIM}`);
  assert.is(await childTunables('glibc.malloc.hugetlb=0:glibc.malloc.arena_max=2'), `glibc.malloc.hugetlb=0:glibc.malloc.arena_max=2:glibc.malloc.mmap_threshold=262144:${TRIM}`);
  assert.is(await childTunables('glibc.malloc.trim_threshold=0'), 'glibc.malloc.trim_threshold=0:glibc.malloc.hugetlb=1:glibc.malloc.mmap_threshold=262144');
});

test("a setting made through glibc's own variable for it is not overridden either", async () => {
  assert.is(await childEnv('GLIBC_TUNABLES', { MALLOC_TRIM_THRESHOLD_: '131072' }), 'glibc.malloc.hugetlb=1:glibc.malloc.mmap_threshold=262144');
  assert.is(await childEnv('GLIBC_TUNABLES', { MALLOC_MMAP_THRESHOLD_: '131072' }), `glibc.malloc.hugetlb=1:${TRIM}`);
});

test("libuv gets 8 threads, or as many as the caller's UV_THREADPOOL_SIZE says", async () => {
  assert.is(await childEnv('UV_THREADPOOL_SIZE'), '8');
  assert.is(await childEnv('UV_THREADPOOL_SIZE', { UV_THREADPOOL_SIZE: '3' }), '3');
});

/** A module that, preloaded into a process started with a channel (the CLI's, by the launcher),
 * records the V8 flags it sets and reports them with its Node flags once it has set them (when it
 * lets go of its channel), then ends it there, before its command runs. */
function startProbe(dir: string): string {
  const probe = path.join(dir, 'probe.mjs');
  writeFileSync(
    probe,
    [
      "import { writeSync } from 'node:fs';",
      "import v8 from 'node:v8';",
      'if (process.channel) {',
      '  const set = [];',
      '  const setFlags = v8.setFlagsFromString;',
      '  v8.setFlagsFromString = (flags) => (set.push(flags), setFlags(flags));',
      '  process.channel.unref = () => (writeSync(2, `START=${JSON.stringify({ flags: process.execArgv, set })}\\n`), process.exit(0));',
      '}',
      '',
    ].join('\n'),
  );
  return probe;
}

const startOf = (stderr: string): { flags: string[]; set: string[] } => JSON.parse(/START=(.*)/.exec(stderr)?.[1] ?? '{"flags":[],"set":[]}');

/**
 * How the CLI's process starts, run in a folder whose content/ `fill` made (and the rest of which
 * `around` made), for the command `args`: its Node flags, and the V8 flags it then set for the
 * threads it starts (bin/legalsite.js clears some before it starts any).
 */
async function childStart(fill: (content: string) => void, env: Record<string, string> = {}, { args = ['--version'], around, nodeFlags = [] }: { args?: string[]; around?: (dir: string) => void; nodeFlags?: string[] } = {}): Promise<{ flags: string[]; set: string[] }> {
  const dir = tempDir();
  mkdirSync(path.join(dir, 'content'));
  fill(path.join(dir, 'content'));
  around?.(dir);
  const run = await execa('node', [...nodeFlags, '--import', startProbe(dir), BIN, ...args], { cwd: dir, reject: false, env: { NO_COLOR: '1', ...env }, extendEnv: false });
  assert.is(run.exitCode, 0, run.stderr);
  return startOf(run.stderr);
}

const childFlags = async (...a: Parameters<typeof childStart>) => (await childStart(...a)).flags;

/** A build cache and an output folder beside content/, as a rebuild finds them (the cache's folder
 * named as the CLI names it, from its working folder's real path). */
const lastBuild = (dir: string) => {
  mkdirSync(path.join(dir, 'dist'));
  mkdirSync(cacheFile(realpathSync(dir), 'content'), { recursive: true });
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
  // The larger settings need 8 GB of memory; this machine's decides which is expected.
  const big = totalmem() >= 8 * 2 ** 30 ? ['--max-semi-space-size=64'] : [];
  assert.equal(semi(await childFlags(oneFile(100 * 2 ** 20))), big);
  assert.equal(semi(await childFlags(oneFile(300 * 2 ** 20))), []);
  assert.equal(semi(await childFlags(oneFile(1e6), { NODE_OPTIONS: '--max-semi-space-size=32' })), []);
});

test("the optimizing compiler calls the array builtins rather than inline them, unless the caller chose", async () => {
  const inlining = (flags: string[]) => flags.filter((f) => f.includes('turbo-inline-array-builtins'));
  assert.equal(inlining(await childFlags(oneFile(1e6))), ['--no-turbo-inline-array-builtins']);
  for (const chosen of ['--turbo-inline-array-builtins', '--no-turbo-inline-array-builtins']) {
    assert.equal(inlining(await childFlags(oneFile(1e6), {}, { nodeFlags: [chosen] })), [chosen]);
  }
  // A V8 later than those checked for the flag might not know it, and Node would not start: none is given.
  const later = path.join(tempDir(), 'later-v8.mjs');
  writeFileSync(later, "Object.defineProperty(process.versions, 'v8', { value: '14.0.0' });\n");
  assert.equal(inlining(await childFlags(oneFile(1e6), {}, { nodeFlags: ['--import', later] })), []);
});

test("the optimizing compiler inlines at most half V8's budget of bytecode into a function, unless the caller chose", async () => {
  const budget = (flags: string[]) => flags.filter((f) => f.startsWith('--max-inlined-bytecode-size-cumulative'));
  assert.equal(budget(await childFlags(oneFile(1e6))), ['--max-inlined-bytecode-size-cumulative=460']);
  assert.equal(budget(await childFlags(oneFile(1e6), {}, { nodeFlags: ['--max-inlined-bytecode-size-cumulative=920'] })), ['--max-inlined-bytecode-size-cumulative=920']);
});

test("V8's helper threads are no more than the machine's cores when those are fewer than Node's four, unless the caller chose", async () => {
  const pool = (flags: string[]) => flags.filter((f) => f.startsWith('--v8-pool-size'));
  /** The launcher told the machine has `cores` cores. */
  const withCores = (cores: number) => {
    const file = path.join(tempDir(), `cores-${cores}.mjs`);
    writeFileSync(file, `import os from 'node:os';\nos.availableParallelism = () => ${cores};\n`);
    return ['--import', file];
  };
  assert.equal(pool(await childFlags(oneFile(1e6), {}, { nodeFlags: withCores(2) })), ['--v8-pool-size=2']);
  assert.equal(pool(await childFlags(oneFile(1e6), {}, { nodeFlags: withCores(1) })), ['--v8-pool-size=1']);
  assert.equal(pool(await childFlags(oneFile(1e6), {}, { nodeFlags: withCores(8) })), [], "Node's own four");
  assert.equal(pool(await childFlags(oneFile(1e6), {}, { nodeFlags: [...withCores(2), '--v8-pool-size=3'] })), ['--v8-pool-size=3']);
  assert.equal(pool(await childFlags(oneFile(1e6), { NODE_OPTIONS: '--v8-pool-size=3' }, { nodeFlags: withCores(2) })), []);
});

test("a large site's rebuild gives its main thread the larger young generation, and its shards V8's default", async () => {
  if (totalmem() < 8 * 2 ** 30) return void console.log('  (this machine has less than 8 GB: the rebuild keeps V8\'s default, checked below)');
  const cleared = (set: string[]) => set.includes('--max-semi-space-size=0');
  const rebuild = await childStart(oneFile(300 * 2 ** 20), {}, { args: ['build'], around: lastBuild });
  assert.ok(rebuild.flags.includes('--max-semi-space-size=64'), rebuild.flags.join(' '));
  assert.ok(cleared(rebuild.set), `cleared for the shards: ${rebuild.set.join(', ')}`);
  // A cold build of the same site, and one with no cache to load, keep V8's default everywhere.
  for (const start of [await childStart(oneFile(300 * 2 ** 20), {}, { args: ['build', '--no-cache'], around: lastBuild }), await childStart(oneFile(300 * 2 ** 20), {}, { args: ['build'], around: (dir) => mkdirSync(path.join(dir, 'dist')) })]) {
    assert.equal(start.flags.filter((f) => f.startsWith('--max-semi-space-size')), []);
    assert.not.ok(cleared(start.set));
  }
  // A mid-sized site's rebuild: every thread keeps its 64 MB.
  const mid = await childStart(oneFile(100 * 2 ** 20), {}, { args: ['build'], around: lastBuild });
  assert.ok(mid.flags.includes('--max-semi-space-size=64'));
  assert.not.ok(cleared(mid.set));
  // Told so by a caller's environment (an outer legalsite's), the CLI clears nothing.
  assert.not.ok(cleared((await childStart(oneFile(1e6), { LEGALSITE_SEMI_SPACE_MAIN_ONLY: '1' })).set));
});

test('a heap flag given by the program that starts the CLI holds for every thread, even when that program keeps a channel to it', async () => {
  const dir = tempDir();
  const child = fork(BIN, ['--version'], { cwd: dir, execArgv: ['--import', startProbe(dir), '--max-old-space-size=3000'], env: { NO_COLOR: '1', PATH: process.env.PATH ?? '' }, stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const code = await new Promise((resolve) => child.on('exit', resolve));
  assert.is(code, 0, stderr);
  const start = startOf(stderr);
  assert.ok(start.flags.includes('--max-old-space-size=3000'), stderr);
  assert.equal(start.set, [], 'nothing cleared');
  // Started by the launcher, whose flag is for the main thread alone, the CLI clears it for its shards.
  assert.ok((await childStart(oneFile(1e6))).set.includes('--max-old-space-size=0'));
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

test("a build that loads no build cache has its CLI's process start one shard thread per core (or --workers) before the CLI loads; others none", async () => {
  const early = (args: string[], dir?: string) => childEnv('LEGALSITE_EARLY_SHARDS', {}, args, dir);
  const cores = String(availableParallelism());
  assert.is(await early(['build', '--no-cache']), cores);
  assert.is(await early(['build', '--no-cache', '--workers', '3']), '3');
  assert.is(await early(['build', '--no-cache', '--workers=2']), '2');
  assert.is(await early(['build', '--no-cache', '--workers', 'many']), '0', 'a value the CLI refuses: none');
  assert.is(await early(['build', '--help']), '0');
  assert.is(await early(['serve', '--no-cache']), '0', 'serve starts its own, for its session');
  assert.is(await early(['check']), '0');
  // A build that will load its cache (it has one, and its output folder): its threads depend on what changed.
  const dir = tempDir();
  mkdirSync(path.join(dir, 'dist'));
  mkdirSync(cacheFile(realpathSync(dir), 'content'), { recursive: true });
  assert.is(await early(['build'], dir), '0');
  assert.is(await early(['build', '--no-cache'], dir), cores);
});

test('a build on shard threads started before the CLI loaded writes what one without them writes', async () => {
  const cwd = tempDir();
  generateCorpus({ dir: path.join(cwd, 'content'), articles: MIN_ARTICLES_FOR_WORKERS + 10, seed: 5 });
  // Loaded into every thread of both processes: in the CLI's main thread it watches the registry of
  // early threads (src/engine/early-shards.ts) and reports how many were started and how many were
  // left untaken when the pool dropped the rest.
  const probe = path.join(cwd, 'probe.mjs');
  writeFileSync(probe, `import { writeSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';
if (process.env.LEGALSITE_NO_RESPAWN && isMainThread) {
  let value; let started = 0; let left;
  Object.defineProperty(globalThis, Symbol.for('legalsite.earlyShards'), { configurable: true, get: () => value, set: (v) => { if (v) started = v.waiting.length; else if (value) left = value.waiting.length; value = v; } });
  process.on('exit', () => writeSync(2, \`EARLY started=\${started} left=\${left}\\n\`));
}
`);
  const built = (out: string, env: Record<string, string> = {}) => execa('node', ['--import', probe, BIN, 'build', '--quiet', '--no-cache', '--out', out], { cwd, reject: false, env: { NO_COLOR: '1', ...env } });
  // The first build writes the id file, which the others then read.
  assert.is((await built('first')).exitCode, 0);
  const early = await built('early');
  // Without the launcher, nothing starts threads before the CLI.
  const plain = await built('plain', { LEGALSITE_NO_RESPAWN: '1' });
  assert.is(early.exitCode, 0, early.stderr);
  assert.is(plain.exitCode, 0, plain.stderr);
  assert.match(early.stderr, `EARLY started=${availableParallelism()} left=0`, 'every thread started early was taken');
  assert.match(plain.stderr, 'EARLY started=0 left=undefined');
  const files = listFiles(path.join(cwd, 'early')).filter((f) => f !== '_legalsite/changes.json');
  assert.equal(files, listFiles(path.join(cwd, 'plain')).filter((f) => f !== '_legalsite/changes.json'));
  for (const f of files) assert.ok(readFileSync(path.join(cwd, 'early', f)).equals(readFileSync(path.join(cwd, 'plain', f))), `${f} is identical`);
});

test('a build that stops before its shards start ends at once, with its error, its early threads untaken', async () => {
  const cwd = tempDir();
  generateCorpus({ dir: path.join(cwd, 'content'), articles: MIN_ARTICLES_FOR_WORKERS, seed: 5 });
  // Not a folder legalsite made: the build refuses to replace it before it lists any article.
  mkdirSync(path.join(cwd, 'site'));
  writeFileSync(path.join(cwd, 'site', 'notes.txt'), 'mine\n');
  // Loaded into the CLI's process: says whether its work ran out by itself ('beforeExit', which an
  // explicit exit skips) or the CLI's own deadline for threads left running (2 s after its command
  // ended, bin/legalsite.js) had to end it.
  const probe = path.join(cwd, 'probe.mjs');
  writeFileSync(probe, `import { writeSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';
if (process.env.LEGALSITE_NO_RESPAWN && isMainThread) {
  let drained = false;
  process.on('beforeExit', () => { drained = true; });
  process.on('exit', () => writeSync(2, \`DRAINED=\${drained}\\n\`));
}
`);
  const run = await execa('node', ['--import', probe, BIN, 'build', '--no-cache', '--out', 'site'], { cwd, reject: false, env: { NO_COLOR: '1' } });
  assert.is(run.exitCode, 2, run.stderr);
  assert.match(run.stderr, /refusing to replace "site"/);
  assert.match(run.stderr, 'DRAINED=true', 'nothing held the process open');
  assert.equal(readFileSync(path.join(cwd, 'site', 'notes.txt'), 'utf8'), 'mine\n');
});

test('the CLI runs its bundle, unless tsc wrote lib/src/ after it (then lib/src/ as it is), or there is none', async () => {
  // A copy of legalsite whose compiled CLI says something of its own in --help.
  const pkg = packageCopy();
  const help = async () => (await execa('node', [path.join(pkg, 'bin', 'legalsite.js'), '--help'], { reject: false, env: { NO_COLOR: '1' } })).stdout;
  const describe = (file: string) => writeFileSync(file, readFileSync(file, 'utf8').replace('Compile a folder of legal-practice content', 'Compiled by tsc alone'));
  const cli = path.join(pkg, 'lib/src/cli.js');
  // A time before the bundles were made (their list of inputs is written last).
  const beforeBundle = () => new Date(statSync(path.join(pkg, 'lib/bundle/inputs.json')).mtimeMs - 1000);
  describe(cli);
  // Made before the bundle: the bundle runs, with the text it was made with.
  utimesSync(cli, beforeBundle(), beforeBundle());
  assert.match(await help(), /Compile a folder of legal-practice content/, 'the bundle runs');
  // tsc rewrites every file it emits: lib/src/cli.js is then newer than the bundle.
  const later = new Date(Date.now() + 5000);
  utimesSync(cli, later, later);
  assert.match(await help(), /Compiled by tsc alone/, 'a tsc run after the bundle is not shadowed by it');
  assert.is((await execa('node', [path.join(pkg, 'scripts', 'bundle-lib.mjs')], { reject: false })).exitCode, 0);
  utimesSync(cli, beforeBundle(), beforeBundle());
  assert.match(await help(), /Compiled by tsc alone/, 'the bundle made again has the change');
  rmSync(path.join(pkg, 'lib/bundle'), { recursive: true });
  assert.match(await help(), /Compiled by tsc alone/, 'without a bundle, lib/src/ runs');
});

test.run();
