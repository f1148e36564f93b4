/** The unfinished-publish mark beside the output folder is written whole or not at all, and never
 * through a link of its name into another file. */
import { existsSync, lstatSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { markPublishDone, markPublishStarted, readUnfinishedPublishes, unfinishedMarkOf } from '../../src/publish/unfinished-mark.js';
import { tempDir } from '../helpers/sites.js';
import { withTmpfs } from '../helpers/tmpfs.js';

const test = suite('unfinished-publish mark');

test('a link at the mark\'s name is replaced, and the file it led to is left as it was', async () => {
  const dir = tempDir();
  const notes = path.join(dir, 'notes.txt');
  writeFileSync(notes, 'my notes\n');
  const out = path.join(dir, 'dist');
  symlinkSync(notes, unfinishedMarkOf(out));
  await markPublishStarted(out, 's3://b/');
  assert.is(readFileSync(notes, 'utf8'), 'my notes\n');
  assert.ok(lstatSync(unfinishedMarkOf(out)).isFile(), 'the mark is a file of its own');
  assert.equal(readUnfinishedPublishes(out)?.map((p) => p.target), ['s3://b/']);
  await markPublishDone(out, 's3://b/');
  assert.not.ok(existsSync(unfinishedMarkOf(out)));
  assert.is(readFileSync(notes, 'utf8'), 'my notes\n');
});

test('a disk too full to write the mark leaves the one before whole, nothing beside it, and the next publish can take it away', async () => {
  await withTmpfs('size=64k', async (dir) => {
    const out = path.join(dir, 'dist');
    await markPublishStarted(out, 's3://production/');
    const before = readFileSync(unfinishedMarkOf(out), 'utf8');
    writeFileSync(path.join(dir, 'filler'), Buffer.alloc(64 * 1024 - 4096 * 2));
    // Fill what is left, a block at a time, until not even a small file fits.
    for (let i = 0; ; i++) {
      try {
        writeFileSync(path.join(dir, `more-${i}`), Buffer.alloc(512));
      } catch {
        break;
      }
    }
    let failed = false;
    await markPublishStarted(out, 's3://staging/').catch(() => (failed = true));
    assert.ok(failed, 'the write failed');
    assert.is(readFileSync(unfinishedMarkOf(out), 'utf8'), before, 'the mark as it was');
    assert.equal(readdirSync(dir).filter((f) => f.includes('.tmp')), [], 'nothing left beside it');
    await markPublishDone(out, 's3://production/');
    assert.not.ok(existsSync(unfinishedMarkOf(out)), 'the production publish, gone through, took it away');
  });
});

test.run();
