/** A small tmpfs for tests of a full or read-only disk: mounted for `run`, unmounted after. Only root
 * may mount one; elsewhere `run` is not called (and the caller's test says what covers that case). */
import { execFileSync } from 'node:child_process';
import * as assert from 'uvu/assert';
import { tempDir } from './sites.js';

export async function withTmpfs(options: string, run: (dir: string) => Promise<void>): Promise<void> {
  const dir = tempDir('legalsite-tmpfs-');
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir]);
  } catch {
    assert.ok(process.getuid?.() !== 0, `root can mount a tmpfs (${options})`);
    return;
  }
  try {
    await run(dir);
  } finally {
    execFileSync('umount', [dir]);
  }
}
