/** Removing a folder legalsite made (the old output after a fresh build's swap, a staging folder):
 * all of it, many files at a time, and never what a link inside it points at. */
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { OUTPUT_MARKER, OUTPUT_MARKER_TEXT } from '../../src/write/output-guard.js';
import { removeMarkedFolderFast } from '../../src/write/output-recovery.js';
import { tempDir } from '../helpers/sites.js';

const test = suite('removing a marked folder');

function markedFolder(root: string): string {
  const dir = path.join(root, 'dist.legalsite-old-1-abc');
  for (let d = 0; d < 5; d++) {
    mkdirSync(path.join(dir, `d${d}`, 'deeper'), { recursive: true });
    for (let f = 0; f < 300; f++) writeFileSync(path.join(dir, `d${d}`, f % 2 ? `f${f}.html` : `deeper/f${f}.json`), `file ${d}/${f}`);
  }
  writeFileSync(path.join(dir, 'index.html'), 'home');
  writeFileSync(path.join(dir, OUTPUT_MARKER), OUTPUT_MARKER_TEXT);
  return dir;
}

test('every file and folder goes, the marker too', async () => {
  const dir = markedFolder(tempDir('legalsite-remove-'));
  await removeMarkedFolderFast(dir);
  assert.not.ok(existsSync(dir));
});

test('links inside are removed, not followed', async () => {
  const root = tempDir('legalsite-remove-');
  const dir = markedFolder(root);
  const outside = path.join(root, 'outside');
  mkdirSync(outside);
  writeFileSync(path.join(outside, 'keep.txt'), 'the user\'s');
  symlinkSync(outside, path.join(dir, 'd0', 'folder-link'));
  symlinkSync(path.join(outside, 'keep.txt'), path.join(dir, 'file-link.txt'));
  await removeMarkedFolderFast(dir);
  assert.not.ok(existsSync(dir));
  assert.is(readFileSync(path.join(outside, 'keep.txt'), 'utf8'), 'the user\'s');
});

test('a folder that is a link: the link goes, not what it points at', async () => {
  const root = tempDir('legalsite-remove-');
  const real = markedFolder(root);
  const link = path.join(root, 'dist.legalsite-old-2-def');
  symlinkSync(real, link);
  await removeMarkedFolderFast(link);
  assert.not.ok(existsSync(link));
  assert.ok(existsSync(path.join(real, 'index.html')));
});

test('a folder that is gone already is no error', async () => {
  await removeMarkedFolderFast(path.join(tempDir('legalsite-remove-'), 'never-made'));
});

test.run();
