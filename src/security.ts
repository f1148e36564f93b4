/**
 * The Content Security Policy the site is built to run under (issue 8): scripts and styles only
 * from the site itself, no inline scripts or event handlers (JSON-LD and island props are
 * non-executable data blocks), and connections to any http(s) URL because webhook deliveries go to
 * the URLs readers configure. Every page carries it in a `<meta http-equiv>` (issue 22), so it holds
 * on any host, S3 and GitHub Pages included; `legalsite serve` also sends it as a header, and the
 * build writes it to `_headers` for static hosts that read that file (Netlify, Cloudflare Pages).
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

/**
 * The policy as a page's `<meta http-equiv="Content-Security-Policy">` can carry it: CSP Level 3
 * (§ 3.3) ignores `frame-ancestors`, `report-uri` and `sandbox` in a meta element, so those stay in
 * the header only (docs/hosting.md says how each host can send it).
 */
export const META_CONTENT_SECURITY_POLICY = CONTENT_SECURITY_POLICY.split('; ')
  .filter((d) => !/^(frame-ancestors|report-uri|sandbox)\b/.test(d))
  .join('; ');

export const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

/**
 * The `_headers` file: the policy for every path, long caching for content-hashed assets, and the
 * content type of each `types` path whose file name does not tell a host its type precisely
 * (JSON Lines has no type a host knows by name; a feed's `.xml` says XML but not RSS or Atom), so
 * these hosts send what `publish` stores on S3.
 */
export function headersFile(types: readonly { path: string; type: string }[] = []): string {
  const lines = ['/*', ...Object.entries(SECURITY_HEADERS).map(([k, v]) => `  ${k}: ${v}`), '', '/assets/*', '  Cache-Control: public, max-age=31536000, immutable', ''];
  for (const t of types) lines.push(t.path, `  Content-Type: ${t.type}`, '');
  return lines.join('\n');
}
