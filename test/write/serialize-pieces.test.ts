/** Large files written in pieces: the pieces joined are v8.serialize's bytes, and the large typed
 * arrays are written from their own memory, not copied into the serializer's buffer. */
import { serialize } from 'node:v8';
import { crc32 } from 'node:zlib';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { checksumOfPieces, sealPiecesHeader, unsealed } from '../../src/write/checksum.js';
import { deserializeCopy } from '../../src/write/scratch-read.js';
import { piecesLength, serializePieces } from '../../src/write/serialize-pieces.js';

const test = suite('serialized in pieces');

const big = (n: number) => {
  const ranks = new Int32Array(n);
  for (let i = 0; i < n; i++) ranks[i] = (i * 2654435761) | 0;
  return ranks;
};

function views(n: number): ArrayBufferView[] {
  const bytes = Buffer.alloc(n * 8);
  for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 31) & 0xff;
  const shared = new Int32Array(new SharedArrayBuffer(n * 4));
  shared.set(big(n));
  return [
    new Int8Array(bytes.buffer, bytes.byteOffset, n), new Uint8Array(bytes.buffer, bytes.byteOffset + 1, n), new Uint8ClampedArray(bytes.buffer, bytes.byteOffset, n),
    new Int16Array(n), new Uint16Array(n), big(n), new Uint32Array(n), new Float32Array(n), new Float64Array(n).fill(Math.PI),
    new DataView(bytes.buffer, bytes.byteOffset + 3, n), new BigInt64Array(n), new BigUint64Array(n), bytes.subarray(5, 5 + n), Buffer.from(bytes), shared,
  ];
}

test('the pieces joined are exactly the bytes of v8.serialize, for every kind of typed array, small and large', () => {
  for (const n of [1, 3, 20_000, 70_000]) {
    const all = views(n);
    const value = { text: 'før', all, again: all[5], nested: new Map([['k', { arrays: all.slice(8) }]]), set: new Set([all[0], 'x']), n };
    const pieces = serializePieces(value);
    const joined = Buffer.concat(pieces);
    assert.ok(joined.equals(serialize(value)), `${n} elements`);
    assert.is(piecesLength(pieces), joined.length);
    assert.is(checksumOfPieces(pieces), crc32(joined));
  }
});

test('a large typed array is a piece of its own: its memory, not a copy', () => {
  const ranks = big(100_000);
  const pieces = serializePieces({ version: 'k', memo: { ranks, keys: ['a', 'b'] } });
  assert.ok(pieces.some((p) => p.buffer === ranks.buffer && p.byteLength === ranks.byteLength), 'the array itself is among the pieces');
  const small = new Int32Array(10);
  assert.not.ok(serializePieces({ small }).some((p) => p.buffer === small.buffer), 'a small array is copied, as v8.serialize does');
});

test('a sealed file of pieces reads back as the value (checksum.ts, scratch-read.ts)', () => {
  const value = { memo: { rank: big(50_000), words: Buffer.from('x'.repeat(100_000)), label: 'memo' } };
  const pieces = serializePieces(value);
  const file = Buffer.concat([sealPiecesHeader(pieces), ...pieces]);
  const back = deserializeCopy(unsealed(file)!) as typeof value;
  assert.equal([...back.memo.rank], [...value.memo.rank]);
  assert.ok(Buffer.isBuffer(back.memo.words) && back.memo.words.equals(value.memo.words));
  assert.is(back.memo.label, 'memo');
  file[file.length - 1] ^= 1;
  assert.is(unsealed(file), undefined, 'a flipped bit is found');
});

test('a typed array of a kind of its own is written as v8.serialize writes it; what it cannot write, neither can this', () => {
  class Ranks extends Int32Array {}
  const ranks = new Ranks(100_000).fill(7);
  assert.ok(Buffer.concat(serializePieces({ ranks })).equals(serialize({ ranks })));
  const odd = { f() {} };
  assert.throws(() => serialize(odd));
  assert.throws(() => serializePieces(odd));
});

test.run();
