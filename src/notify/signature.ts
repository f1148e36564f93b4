/**
 * The webhook signature (spec §7): "sha256=" plus the hex HMAC-SHA256 of the exact request body,
 * keyed with the subscriber's secret. Receivers recompute it over the raw body they received.
 * Reads: nothing. Writes: nothing.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The `X-Webhook-Signature` value for `body` signed with `secret`. */
export function signWebhookBody(body: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
}

/** True when `signature` is the signature of `body` under `secret` (constant-time comparison). */
export function verifyWebhookSignature(body: string, signature: string, secret: string): boolean {
  const expected = Buffer.from(signWebhookBody(body, secret));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
