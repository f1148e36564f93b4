/** How many worker threads a build starts: one for a rebuild after a few changed articles, all cores
 * whenever the whole site must be made, also when a warm build cache meets a missing or emptied
 * output folder (CI restoring its cache into a fresh checkout; with one thread that build was slower
 * than one without the cache). */
import { existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { workersFor } from '../../src/build/shards.js';
import { defaultWorkers } from '../../src/engine/shard-pool.js';
import { type OutputRecord, OutputRecords } from '../../src/write/output-records.js';
import { type BuildState, type InputKey, outputSeemsIntact } from '../../src/write/up-to-date.js';
import { generatedCorpus } from '../helpers/generated-site.js';
import { runCli, tempDir } from '../helpers/sites.js';

const test = suite('build: worker threads');

/** An output folder of `n` files and the state of the build that wrote it; content unchanged. */
function lastBuild(n = 100): { out: string; state: BuildState; input: InputKey } {
  const out = path.join(tempDir(), 'dist');
  const records: [string, OutputRecord][] = [];
  for (let i = 0; i < n; i++) {
    const rel = `articles/a-${i}.html`;
    mkdirSync(path.join(out, 'articles'), { recursive: true });
    writeFileSync(path.join(out, rel), `page ${i}`);
    const st = statSync(path.join(out, rel));
    records.push([rel, { fingerprint: `fp${i}`, size: st.size, mtimeMs: st.mtimeMs }]);
  }
  const files = OutputRecords.from(records);
  const content = { takenAt: 0, files: [['articles/a.md', 10, 1, 1, 1, 'h1'] as [string, number, number, number, number, string]] };
  return { out, state: { inputKey: 'k', content, outDir: out, pages: n, files }, input: { key: 'k', content } };
}

test('a rebuild with the output folder as the last build left it uses one thread', () => {
  const { out, state, input } = lastBuild();
  assert.ok(outputSeemsIntact(out, state));
  assert.is(workersFor(state, input, out), 1);
});

test('a missing, emptied or rewritten output folder is not taken for intact, and gets every core', () => {
  const { out, state, input } = lastBuild();
  writeFileSync(path.join(out, 'articles/a-0.html'), 'rewritten, longer than before');
  assert.not.ok(outputSeemsIntact(out, state), 'a file not as written');
  rmSync(out, { recursive: true });
  mkdirSync(out);
  assert.not.ok(outputSeemsIntact(out, state), 'an empty folder');
  assert.is(workersFor(state, input, out), defaultWorkers());
  rmSync(out, { recursive: true });
  assert.not.ok(outputSeemsIntact(out, state), 'no folder');
  assert.is(workersFor(state, input, out), defaultWorkers());
  assert.is(workersFor(state, input, path.join(out, '..', 'elsewhere')), defaultWorkers(), 'another output folder than the state was written for');
});

// The launcher gives the CLI's Node a heap limit sized to the site; V8 puts such a flag before a
// worker's own limits, so the shard threads ran with the main thread's limit (3 GB at 50,000
// articles, each) until the CLI cleared it. A limit too small for anything shows whose limit holds.
test('the shard threads run with the heap limit set for them, not the main thread\'s', async () => {
  const { cwd } = generatedCorpus();
  const run = await runCli(['build', '--out', 'dist-small-heap', '--no-cache', '--workers', '2'], cwd, { LEGALSITE_WORKER_HEAP_MB: '1' });
  assert.is.not(run.exitCode, 0);
  assert.match(run.stderr, 'a worker thread ran out of memory (its limit was 1 MB)');
  assert.not.match(run.stderr, /\n\s+at /, 'no stack trace');
  assert.not.ok(existsSync(path.join(cwd, 'dist-small-heap', 'index.html')), 'nothing published');
});

test.run();
