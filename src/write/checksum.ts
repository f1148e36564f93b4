/**
 * Checksums for the files a build keeps between runs (the build cache's parts and memos, the output
 * folder's state): a file whose bytes were flipped or cut is known as damaged and dropped, never
 * trusted (it could otherwise give wrong pages, or errors blamed on content files that are fine).
 * CRC-32 (zlib's) catches every burst of flipped bits a disk or a copy makes, at about a gigabyte a
 * second; these files are not protected against someone who means to forge them, only against damage.
 */
import { crc32 } from 'node:zlib';

const SEAL = Buffer.from('LSK1');
const SEAL_BYTES = SEAL.length + 8;

/** The header a sealed file starts with, before `bytes`: its length and checksum (written as two
 * pieces, not joined: atomic-file.ts). */
export function sealHeader(bytes: Uint8Array): Buffer {
  const header = Buffer.alloc(SEAL_BYTES);
  SEAL.copy(header);
  header.writeUInt32LE(bytes.length, SEAL.length);
  header.writeUInt32LE(crc32(bytes), SEAL.length + 4);
  return header;
}

/** The bytes a sealed file holds (sealHeader, then them), or undefined when the file is not one, was
 * cut or was damaged. */
export function unsealed(file: Buffer): Buffer | undefined {
  if (file.length < SEAL_BYTES || !file.subarray(0, SEAL.length).equals(SEAL)) return undefined;
  const length = file.readUInt32LE(SEAL.length);
  if (file.length !== SEAL_BYTES + length) return undefined;
  const bytes = file.subarray(SEAL_BYTES);
  return intact(bytes, file.readUInt32LE(SEAL.length + 4)) ? bytes : undefined;
}

/** `bytes` still have the checksum they were saved with. */
export function intact(bytes: Uint8Array, checksum: number): boolean {
  return crc32(bytes) === checksum;
}

export { crc32 as checksumOf };
