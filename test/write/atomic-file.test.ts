/** Files the build keeps between runs are written whole or not at all, from pieces; a new file of
 * the output is written from pieces too. */
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { writeFileAtomically, writePieces } from '../../src/write/atomic-file.js';
import { tempDir } from '../helpers/sites.js';
import { withTmpfs } from '../helpers/tmpfs.js';

const test = suite('atomic file');

test('the pieces, one after another, replace the file', () => {
  const dir = tempDir('legalsite-atomic-');
  const file = path.join(dir, 'state.bin');
  writeFileSync(file, 'old');
  writeFileAtomically(file, [Buffer.from('ab'), new Uint8Array(0), Buffer.alloc(3 << 20, 7), Buffer.from('z')]);
  const bytes = readFileSync(file);
  assert.is(bytes.length, 2 + (3 << 20) + 1);
  assert.is(bytes.subarray(0, 2).toString(), 'ab');
  assert.is(bytes[2 + (3 << 20)], 'z'.charCodeAt(0));
  assert.equal(readdirSync(dir), ['state.bin'], 'no temporary file left');
});

test('a write that fails at the rename leaves what was there and no temporary file', () => {
  const dir = tempDir('legalsite-atomic-');
  // A folder where the file should go: the rename over it fails, for root too.
  const target = path.join(dir, 'state.bin');
  mkdirSync(target);
  writeFileSync(path.join(target, 'inside'), 'kept');
  assert.throws(() => writeFileAtomically(target, [Buffer.from('new')]));
  assert.is(readFileSync(path.join(target, 'inside'), 'utf8'), 'kept');
  assert.equal(readdirSync(dir), ['state.bin']);
});

test('a file written in pieces holds them one after another, whatever their number and sizes', () => {
  const dir = tempDir('legalsite-pieces-');
  const pieces = [Buffer.from('head '), Buffer.alloc(0), Buffer.from('€ row'), ...Array.from({ length: 3000 }, (_, i) => Buffer.from(`,${i}`)), Buffer.alloc(3 << 20, 97), Buffer.from(' tail')];
  writePieces(path.join(dir, 'f'), pieces);
  assert.ok(readFileSync(path.join(dir, 'f')).equals(Buffer.concat(pieces)));
  writePieces(path.join(dir, 'f'), [Buffer.from('shorter')]);
  assert.is(readFileSync(path.join(dir, 'f'), 'utf8'), 'shorter', 'an existing file is replaced whole');
  writePieces(path.join(dir, 'empty'), []);
  assert.is(statSync(path.join(dir, 'empty')).size, 0);
});

test('a write that fails on a full disk names the file, and an atomic one leaves the old file and no temporary one', async () => {
  // /dev/full refuses every write with ENOSPC, and Node's error for a write names no file.
  const err = (run: () => void) => {
    try {
      run();
    } catch (e) {
      return e as NodeJS.ErrnoException;
    }
    assert.unreachable('the write failed');
  };
  const pieces = err(() => writePieces('/dev/full', [Buffer.from('x')]))!;
  assert.is(pieces.code, 'ENOSPC');
  assert.is(pieces.path, '/dev/full');
  assert.match(pieces.message, /'\/dev\/full'$/);
  await withTmpfs('size=64k', async (dir) => {
    const file = path.join(dir, 'changes.json');
    writeFileSync(file, 'old');
    const atomic = err(() => writeFileAtomically(file, [Buffer.alloc(1 << 20, 97)]))!;
    assert.is(atomic.code, 'ENOSPC');
    assert.is(atomic.path, file, 'the file meant, not its temporary name');
    assert.is(readFileSync(file, 'utf8'), 'old');
    assert.equal(readdirSync(dir), ['changes.json'], 'no temporary file left');
  });
});

test.run();
