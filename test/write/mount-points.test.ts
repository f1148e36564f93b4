/** Mount points inside a folder, read from the kernel's list of mounts (write/mount-points.ts). */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mountPointsInside, mountPointsOf } from '../../src/write/mount-points.js';
import { tempDir } from '../helpers/sites.js';

const test = suite('mount points');

const MOUNTINFO = [
  '21 26 0:20 / /proc rw,relatime - proc proc rw',
  '26 1 254:1 / / rw,relatime - ext4 /dev/vda rw',
  '40 26 0:40 / /srv/site/dist/media/vol rw,relatime - tmpfs tmpfs rw',
  '41 26 0:41 / /srv/site/dist\\040copy/x rw,relatime - tmpfs tmpfs rw',
  '42 26 0:42 / /srv/site/distribution rw,relatime - tmpfs tmpfs rw',
  '',
].join('\n');

test("the kernel's list: each mount point, escaped spaces decoded", () => {
  assert.equal(mountPointsOf(MOUNTINFO), ['/proc', '/', '/srv/site/dist/media/vol', '/srv/site/dist copy/x', '/srv/site/distribution']);
});

test('strictly inside the folder: not the folder itself, not a sibling whose name starts the same', () => {
  const mounts = mountPointsOf(MOUNTINFO);
  assert.equal(mountPointsInside('/srv/site/dist', mounts), ['/srv/site/dist/media/vol']);
  assert.equal(mountPointsInside('/srv/site/dist copy', mounts), ['/srv/site/dist copy/x']);
  assert.equal(mountPointsInside('/srv/site/distribution', mounts), []);
  assert.equal(mountPointsInside('/proc', mounts), []);
});

test('without a list of mounts, a walk of the sub-folders finds one on another device', () => {
  const dir = tempDir();
  mkdirSync(path.join(dir, 'a/b/vol'), { recursive: true });
  assert.equal(mountPointsInside(dir, null), [], 'none on one file system');
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', path.join(dir, 'a/b/vol')]);
  } catch {
    assert.ok(process.getuid?.() !== 0, 'root can mount a tmpfs');
    return;
  }
  try {
    assert.equal(mountPointsInside(dir, null), [path.join(dir, 'a/b/vol')]);
  } finally {
    execFileSync('umount', [path.join(dir, 'a/b/vol')]);
  }
});

test.run();
