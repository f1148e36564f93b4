/** The shared read buffer: what is deserialized from it stays as it was after the next read, and a
 * file hashed in chunks has the hash of its bytes. */
import { constants } from 'node:buffer';
import { truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { hashOf } from '../../src/hash.js';
import { deserializeCopy, hashOfFile, readScratch, reserveScratchFor } from '../../src/write/scratch-read.js';
import { tempDir } from '../helpers/sites.js';

const test = suite('scratch reads');

test('values read through the shared buffer keep their typed arrays after the next read', () => {
  const dir = tempDir('legalsite-scratch-');
  const value = { ranks: new Int32Array([3, 1, 2]), weights: new Uint8Array([7, 8]), bytes: Buffer.from('kept'), nested: new Map([['k', new Float64Array([0.5])]]), text: 'plain' };
  writeFileSync(path.join(dir, 'a.bin'), serialize(value));
  writeFileSync(path.join(dir, 'b.bin'), Buffer.alloc(serialize(value).length, 0xff));
  const back = deserializeCopy(readScratch(path.join(dir, 'a.bin'))) as typeof value;
  readScratch(path.join(dir, 'b.bin')); // overwrites the shared buffer
  assert.equal([...back.ranks], [3, 1, 2]);
  assert.equal([...back.weights], [7, 8]);
  assert.is(back.bytes.toString(), 'kept');
  assert.ok(Buffer.isBuffer(back.bytes));
  assert.equal([...back.nested.get('k')!], [0.5]);
  assert.is(back.text, 'plain');
});

test('every kind of typed array comes back as Node reads it, in memory of its own, whatever its place in the bytes', () => {
  const views = [
    new Int8Array([-1, 2]), new Uint8Array([1, 255]), new Uint8ClampedArray([0, 200]), new Int16Array([-300, 7]), new Uint16Array([65535]),
    new Int32Array([-5, 1 << 30]), new Uint32Array([4e9]), new Float32Array([1.5]), new Float64Array([Math.PI, -0]),
    new DataView(new Uint8Array([9, 8, 7]).buffer), new BigInt64Array([-3n]), new BigUint64Array([2n ** 63n]), Buffer.from('bytes'),
  ];
  // A string of each length before the arrays moves them to every alignment in the serialized bytes.
  for (let shift = 0; shift < 8; shift++) {
    const bytes = serialize({ pad: 'x'.repeat(shift), views });
    const expected = deserialize(bytes) as { views: ArrayBufferView[] };
    const back = deserializeCopy(bytes) as { views: ArrayBufferView[] };
    bytes.fill(0); // the bytes read are reused (the shared buffer): nothing read may depend on them
    back.views.forEach((view, i) => {
      const want = expected.views[i];
      assert.is(view.constructor, want.constructor, `${want.constructor.name} at shift ${shift}`);
      const bytesOf = (v: ArrayBufferView) => Buffer.from(v.buffer, v.byteOffset, v.byteLength);
      assert.ok(bytesOf(view).equals(bytesOf(views[i])), `${want.constructor.name} at shift ${shift}`);
      assert.is(view.byteOffset, 0);
      assert.is(view.buffer.byteLength, view.byteLength, 'the array owns exactly its bytes');
    });
  }
});

test('a file hashed in chunks has the hash of its bytes (hash.ts)', () => {
  const dir = tempDir('legalsite-scratch-');
  for (const size of [0, 1, (1 << 20) - 1, 1 << 20, 2.5 * (1 << 20)]) {
    const bytes = Buffer.alloc(size);
    for (let i = 0; i < size; i++) bytes[i] = (i * 31) & 0xff;
    const file = path.join(dir, `f${size}`);
    writeFileSync(file, bytes);
    assert.is(hashOfFile(file), hashOf(bytes), `${size} bytes`);
  }
});

test('a buffer reserved for a folder reads its largest file without growing again', () => {
  const dir = tempDir('legalsite-scratch-');
  const large = Buffer.alloc(3 << 20, 1);
  writeFileSync(path.join(dir, 'small.bin'), 'small');
  writeFileSync(path.join(dir, 'large.bin'), large);
  reserveScratchFor(path.join(dir, 'missing')); // no cache yet: nothing to do, no error
  reserveScratchFor(dir);
  const first = readScratch(path.join(dir, 'small.bin'));
  assert.is(first.toString(), 'small');
  const second = readScratch(path.join(dir, 'large.bin'));
  assert.ok(second.equals(large));
  assert.is(second.buffer, first.buffer, 'the buffer reserved is the one the largest file is read into');
});

test('a file too large for a buffer in the cache folder does not stop the reservation\'s caller', () => {
  const dir = tempDir('legalsite-scratch-');
  // Sparse: no disk space taken, only its size.
  writeFileSync(path.join(dir, 'huge.bin'), '');
  truncateSync(path.join(dir, 'huge.bin'), constants.MAX_LENGTH + 1);
  writeFileSync(path.join(dir, 'small.bin'), 'small');
  reserveScratchFor(dir);
  assert.is(readScratch(path.join(dir, 'small.bin')).toString(), 'small');
});

test.run();
