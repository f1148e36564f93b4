/**
 * The Content Security Policy the site is built to run under (issue 8): scripts and styles only
 * from the site itself, no inline scripts or event handlers (JSON-LD and island props are
 * non-executable data blocks), and connections to any http(s) URL because webhook deliveries go to
 * the URLs readers configure. `legalsite serve` sends it; the build writes it to `_headers` for
 * static hosts that read that file (Netlify, Cloudflare Pages).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self' https: http:",
  "form-action 'self'",
  "base-uri 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
].join('; ');

export const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

/** The `_headers` file: the policy for every path, and long caching for content-hashed assets. */
export function headersFile(): string {
  const lines = ['/*', ...Object.entries(SECURITY_HEADERS).map(([k, v]) => `  ${k}: ${v}`), '', '/assets/*', '  Cache-Control: public, max-age=31536000, immutable', ''];
  return lines.join('\n');
}
