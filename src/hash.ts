/**
 * The content hash every cache key and fingerprint is made of: SHA-256 over the parts, each ended by a
 * NUL, so ("ab", "c") and ("a", "bc") differ. Loads nothing but node:crypto (the launcher,
 * bin/legalsite.js, reaches it through write/cache-location.ts before the CLI is loaded).
 */
import { createHash } from 'node:crypto';

export function hashOf(...parts: (string | Uint8Array)[]): string {
  const h = createHash('sha256');
  for (const p of parts) h.update(p).update('\u0000');
  return h.digest('hex');
}

/** hashOf of a single part given in pieces, one after another (a file read or written in blocks):
 * the same hash as hashOf(all of them joined), without joining them. */
export function partHasher(): { update(piece: Uint8Array): void; digest(): string } {
  const h = createHash('sha256');
  return {
    update: (piece) => void h.update(piece),
    digest: () => h.update('\u0000').digest('hex'),
  };
}
