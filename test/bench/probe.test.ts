/** The benchmark's probe of a measured process (bench/run/peak-rss.ts): the peak RSS and the CPU
 * time it prints for legalsite and Hugo must be the measured process's own, failed runs included. */
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { wrapWithRssProbe } from '../../bench/run/peak-rss.js';
import { sampleTree } from '../../bench/run/tree-memory.js';
import { tempDir } from '../helpers/sites.js';

const test = suite('bench: process probe');

/** Runs `node -e script` under the probe and returns what the probe read. */
function probed(script: string) {
  const probe = wrapWithRssProbe(['-e', script], path.join(tempDir('probe-'), 'probe.txt'));
  const run = spawnSync(probe.command, probe.args, { env: { ...process.env, ...probe.env }, encoding: 'utf8' });
  return { status: run.status, reading: probe.read(), method: probe.method };
}

// 400 ms of CPU in user code, holding about 200 MB. Counted by the process's own CPU time, not the
// clock: on a busy machine (the suite's other worker, CI) 400 ms of wall time gave 230 ms of CPU.
const BUSY = 'const keep = Buffer.alloc(200 * 2 ** 20, 1); let x = 0; while (process.cpuUsage().user < 400000) for (let i = 0; i < 100000; i++) x += Math.sqrt(x + keep[i % 1024]);';

test('reads the CPU time and the peak RSS of the measured process', () => {
  const { status, reading, method } = probed(BUSY);
  assert.is(status, 0);
  assert.ok(method !== 'none', 'the probe runs on this machine');
  assert.ok(reading.userMs !== undefined && reading.userMs >= 250, `user CPU ${reading.userMs} ms for 400 ms of work`);
  assert.ok(reading.sysMs !== undefined && reading.sysMs >= 0);
  assert.ok(reading.peakRssKb !== undefined && reading.peakRssKb >= 200 * 1024, `peak RSS ${reading.peakRssKb} KB for 200 MB held`);
});

test('reads them for a process that fails too (GNU time then prints its exit status first)', () => {
  const { status, reading } = probed(`${BUSY} process.exit(3);`);
  assert.is(status, 3);
  assert.ok(reading.userMs !== undefined && reading.userMs >= 250);
  assert.ok(reading.peakRssKb !== undefined && reading.peakRssKb >= 200 * 1024);
});

test('the memory of a process tree counts every process in it, and their shared files once', async () => {
  // A process holding 100 MB that starts another holding 150 MB, both alive for a while: GNU time's
  // peak would be the larger alone.
  const inner = 'const k = Buffer.alloc(150 * 2 ** 20, 1); setTimeout(() => k.length, 800);';
  const outer = `const keep = Buffer.alloc(100 * 2 ** 20, 1); require('node:child_process').spawn(process.execPath, ['-e', ${JSON.stringify(inner)}], { stdio: 'inherit' }).on('exit', () => process.exit(keep.length > 0 ? 0 : 1));`;
  const child = spawn(process.execPath, ['-e', outer], { stdio: 'inherit' });
  const memory = sampleTree(child.pid);
  await once(child, 'exit');
  const peakMb = (memory.stop() ?? 0) / 1024;
  assert.ok(peakMb >= 250, `${peakMb.toFixed(0)} MB for 250 MB held by two processes`);
  // Each Node's own heap and the executable's pages (counted once) are well under 150 MB.
  assert.ok(peakMb < 400, `${peakMb.toFixed(0)} MB: the shared executable counted more than once?`);
});

test.run();
