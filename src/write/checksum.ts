/**
 * Checksums for the files a build keeps between runs (the build cache's parts and memos, the output
 * folder's state): a file whose bytes were flipped or cut is known as damaged and dropped, never
 * trusted (it could otherwise give wrong pages, or errors blamed on content files that are fine).
 * CRC-32 (zlib's) catches every burst of flipped bits a disk or a copy makes, at about a gigabyte a
 * second; these files are not protected against someone who means to forge them, only against damage.
 */
import { crc32 } from 'node:zlib';
import { piecesLength } from './serialize-pieces.js';

const SEAL = Buffer.from('LSK1');
const SEAL_BYTES = SEAL.length + 8;

/** The header a sealed file starts with, before its bytes (`pieces`, one after another): their length
 * and checksum. The pieces are written after it as they are, not joined (atomic-file.ts). */
export function sealPiecesHeader(pieces: readonly Uint8Array[]): Buffer {
  return sealHeaderFor(piecesLength(pieces), checksumOfPieces(pieces));
}

/** The header of a sealed file whose bytes are `length` long, with this checksum (checksumOfPieces). */
export function sealHeaderFor(length: number, checksum: number): Buffer {
  const header = Buffer.alloc(SEAL_BYTES);
  SEAL.copy(header);
  header.writeUInt32LE(length, SEAL.length);
  header.writeUInt32LE(checksum, SEAL.length + 4);
  return header;
}

/** The checksum of `pieces` one after another (that of their concatenation). */
export function checksumOfPieces(pieces: Iterable<Uint8Array>): number {
  let checksum = 0;
  for (const piece of pieces) checksum = crc32(piece, checksum);
  return checksum;
}

/** The bytes a sealed file holds (sealPiecesHeader, then them), or undefined when the file is not one, was
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

