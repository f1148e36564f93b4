/** Whether a path is inside a folder is decided by segments: `..content` is a name, `..` a way out. */
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { leavesFolder, pathInside } from '../../src/inside-folder.js';

const test = suite('inside a folder');

test('names that start with dots are inside; the .. segment and other roots are not', () => {
  const p = path.posix;
  assert.is(pathInside('/w/proj', '/w/proj/..content', p), '..content');
  assert.is(pathInside('/w/proj', '/w/proj/.../..work', p), '.../..work');
  assert.is(pathInside('/w/proj', '/w/proj/a', p), 'a');
  assert.is(pathInside('/w/proj', '/w/proj', p), undefined, 'a folder is not inside itself');
  assert.is(pathInside('/w/proj', '/w', p), undefined);
  assert.is(pathInside('/w/proj', '/w/other', p), undefined);
  assert.is(pathInside('/w/proj', '/w/proj-2', p), undefined);
  assert.is(pathInside('/w/proj/a', '/w/proj/..b', p), undefined, '../..b leaves a');
});

test('Windows paths: backslashes, forward slashes and another drive', () => {
  const w = path.win32;
  assert.is(pathInside('C:\\w\\proj', 'C:\\w\\proj\\..content', w), '..content');
  assert.is(pathInside('C:\\w\\proj', 'C:\\w', w), undefined);
  assert.is(pathInside('C:\\w\\proj', 'D:\\w\\proj\\a', w), undefined, 'another drive is absolute, not inside');
  assert.ok(leavesFolder('../x', '\\'));
  assert.ok(leavesFolder('..\\x', '\\'));
  assert.not.ok(leavesFolder('..x\\y', '\\'));
});

test('a relative path leaves its folder only by a first segment of exactly ..', () => {
  for (const rel of ['..', '../a', '../../a']) assert.ok(leavesFolder(rel, '/'), rel);
  for (const rel of ['..a', '...', '.../b', 'a/..', 'a/../b', '.a']) assert.not.ok(leavesFolder(rel, '/'), rel);
});

test.run();
