/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com/, specification 1.0.0, "Signature
 * scheme" and "Webhook headers"). Every attempt of a delivery carries:
 *   webhook-id         the delivery's id, the same on every retry, so receivers can deduplicate;
 *   webhook-timestamp  the attempt's time in whole seconds since the Unix epoch, so receivers can
 *                      reject a stale (replayed) delivery;
 *   webhook-signature  `v1,` + the base64 HMAC-SHA256 of `{id}.{timestamp}.{body}`, one per secret,
 *                      space-separated, so a secret can be rotated without a gap.
 * A secret is `whsec_` + the base64 of 24 to 64 random bytes (the specification's serialisation);
 * any other string is used as its UTF-8 bytes, which the official libraries accept as the "raw"
 * format, so a secret already shared with a receiver of the `sha256=` signature signs both schemes.
 * Reads: nothing. Writes: nothing.
 */
import { createHmac } from 'node:crypto';

/** A secret that cannot sign: what is wrong with it, in the editor's terms. */
export class SecretError extends Error {}

const PREFIX = 'whsec_';

/** The HMAC key of a secret; throws SecretError for a `whsec_` secret that is not 24–64 bytes of base64. */
export function signingKey(secret: string): Buffer {
  if (!secret.startsWith(PREFIX)) return Buffer.from(secret, 'utf8');
  const encoded = secret.slice(PREFIX.length);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded) || encoded.length % 4 !== 0) {
    throw new SecretError('is not whsec_ followed by base64 (A–Z, a–z, 0–9, + and /, padded with =)');
  }
  const key = Buffer.from(encoded, 'base64');
  if (key.length < 24 || key.length > 64) throw new SecretError(`holds ${key.length} bytes after whsec_; Standard Webhooks secrets are 24 to 64 random bytes`);
  return key;
}

/** `v1,{base64}` for one key. */
export function signV1(id: string, timestampSeconds: number, body: string, key: Buffer): string {
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`, 'utf8').digest('base64')}`;
}

/** The Standard Webhooks headers of one attempt; without keys, the id and timestamp only. */
export function standardWebhookHeaders(id: string, timestampSeconds: number, body: string, keys: readonly Buffer[]): Record<string, string> {
  const headers: Record<string, string> = { 'webhook-id': id, 'webhook-timestamp': String(timestampSeconds) };
  if (keys.length) headers['webhook-signature'] = keys.map((k) => signV1(id, timestampSeconds, body, k)).join(' ');
  return headers;
}
