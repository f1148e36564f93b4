/** Long texts written as UTF-8 in chunks and read back (the build state's joined columns). */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { decodedText, encodedText } from '../../src/write/text-bytes.js';

const test = suite('text bytes');

function bytesOf(text: string): Buffer {
  const chunks: Buffer[] = [];
  for (const bytes of encodedText(text).chunks()) chunks.push(Buffer.from(bytes)); // copied: a chunk is reused
  return Buffer.concat(chunks);
}

test('a text of any characters, across chunk boundaries, comes back as it was; its bytes are its UTF-8', () => {
  const unit = 349_525; // characters per chunk (a megabyte / 3)
  const texts = [
    '',
    'articles/plain-ascii.html\0articles/next.html',
    'a'.repeat(3 * unit + 17),
    // A surrogate pair placed across each chunk boundary, and text of one, two, three and four bytes a character.
    'x'.repeat(unit - 1) + '😀' + 'é'.repeat(unit) + '漢'.repeat(unit + 3) + '😀'.repeat(unit),
    'ünïcødé/päth\0' + 'q'.repeat(2 * unit - 14) + '😀',
  ];
  for (const text of texts) {
    const encoded = encodedText(text);
    const bytes = bytesOf(text);
    assert.ok(bytes.equals(Buffer.from(text, 'utf8')), `the UTF-8 of a text of ${text.length} characters`);
    assert.is(encoded.byteLength, bytes.length);
    assert.is(encoded.ascii, /^[\0-\x7f]*$/.test(text));
    assert.is(decodedText(bytes, encoded.ascii), text);
  }
});

test('chunks are at most a megabyte', () => {
  let largest = 0;
  for (const bytes of encodedText('漢'.repeat(1_000_000)).chunks()) largest = Math.max(largest, bytes.length);
  assert.ok(largest <= 1 << 20 && largest > 0);
});

test.run();
