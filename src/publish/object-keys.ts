/**
 * Where each file of dist/ is published in object storage. Object stores serve keys exactly as
 * named, with no "clean URLs", so HTML pages, which answer extensionless URLs, are uploaded without
 * their extension: `articles/foo.html` → `articles/foo`, `feeds/rss.html` → `feeds/rss` (the feed's
 * page; the feed itself stays `feeds/rss.xml`). The bucket then answers every URL as a static host
 * answers the same dist/. The home page stays `index.html` (an empty key is impossible; hosts serve it
 * as the index document) and the 404 page stays `404.html` (the host's error document). Everything
 * else keeps its name.
 * Reads: nothing. Writes: nothing. Mirrors `outputPath` in src/routes/types.ts, in reverse.
 */

/** The object key (without the prefix) for a dist/ path with forward slashes. */
export function objectKeyFor(distPath: string): string {
  if (distPath === 'index.html' || distPath === '404.html') return distPath;
  if (distPath.endsWith('.html')) return distPath.slice(0, -'.html'.length);
  return distPath;
}

/**
 * Why `--prefix` cannot be used, or undefined. An empty value is an unset variable, not a choice of
 * the bucket root (leaving the option out is); a `.` or `..` segment is kept by S3 as written but
 * resolved by stores and proxies that normalise paths, which would put the site outside the prefix
 * named, even in another bucket.
 */
export function prefixProblem(prefix: string): string | undefined {
  if (prefix.trim() === '') return 'the prefix is empty (an unset variable?); leave --prefix out to publish at the bucket root.';
  const segments = prefix.split('/');
  if (segments.some((segment) => segment === '.' || segment === '..')) return 'a prefix cannot have "." or ".." segments; write the path it should be, such as staging/.';
  // A slash at either end is tidied away; two in a row within is most often a variable that was empty (sites/$ENV/docs).
  const within = prefix.replace(/^\/+/, '').replace(/\/+$/, '');
  if (within.includes('//')) return 'the prefix has two slashes in a row (an unset variable?); write the path it should be, such as sites/staging/.';
  return undefined;
}

/** `--prefix` as a key prefix: no leading slash, one trailing slash, or empty for the bucket root. */
export function normalizePrefix(prefix: string | undefined): string {
  const trimmed = (prefix ?? '').replace(/^\/+/, '').replace(/\/+$/, '');
  return trimmed ? `${trimmed}/` : '';
}
