/**
 * Which addresses content may hold. Every URL a reader's browser or a crawler follows from a page
 * is an http(s) address or a path of this site: a `javascript:` link in the footer would run code
 * on every page, a `data:` one would show anything under the site's name. Used by the schemas'
 * formats (schema-validator.ts) and by the CLI's --base-url.
 */

/** The scheme of `value` ("javascript:"), read as a browser reads it: case, and the tabs, newlines
 * and spaces a browser strips, do not hide it. Undefined for a value without one. */
export function schemeOf(value: string): string | undefined {
  const squeezed = value.replace(/[\u0000-\u0020\u007f]/g, '').toLowerCase();
  return /^([a-z][a-z0-9+.-]*):/.exec(squeezed)?.[1]?.concat(':');
}

/** Schemes that run code or carry their own content: never a link on a public page. */
const UNSAFE_SCHEMES = new Set(['javascript:', 'vbscript:', 'data:', 'file:', 'blob:', 'filesystem:']);

/** The scheme of `value` when it is one a page must never link to. */
export function unsafeScheme(value: string): string | undefined {
  const scheme = schemeOf(value);
  return scheme && UNSAFE_SCHEMES.has(scheme) ? scheme : undefined;
}

const HAS_SPACE_OR_CONTROL = /[\u0000-\u0020\u007f\\]/;

/** An absolute http:// or https:// address with a host (no spaces, no backslashes), and no user name
 * or password: a URL in content is published or printed, and credentials in it would be too. */
export function isWebUrl(value: string): boolean {
  if (HAS_SPACE_OR_CONTROL.test(value) || !/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && !hasCredentials(value);
  } catch {
    return false;
  }
}

/** Whether a URL, or what was meant as one, carries a user name or password: "https://user:secret@host/",
 * and also without a scheme ("user:secret@host:9000") or with another one ("ftp://user@host"). */
export function hasCredentials(value: string): boolean {
  return /^(?:[a-z][a-z0-9+.-]*:\/\/)?[^/?#\s]*@/i.test(value.trim());
}

/** A user name and password ("user:secret"), or a lone user name (often a token), as messages
 * print it: "user:***", "***". */
function maskUserinfo(userinfo: string): string {
  const colon = userinfo.indexOf(':');
  return colon < 0 ? '***' : `${userinfo.slice(0, colon)}:***`;
}

/** `text` with the credentials of every address in it masked ("https://user:***@host/x",
 * "https://***@host/x"): messages quote what the editor wrote, and CI logs keep them. */
export function maskCredentials(text: string): string {
  // Greedy up to the last "@" before the host, as a URL parser reads "user:p@ss@host".
  return text.replace(/([a-z][a-z0-9+.-]*:\/\/)([^\s/?#]*)@/gi, (_, scheme: string, userinfo: string) => `${scheme}${maskUserinfo(userinfo)}@`);
}

/** An address as messages quote it: its credentials masked, also without a scheme
 * ("user:***@host:9000"); an email address or a mailto: link is left as written. */
export function maskAddress(value: string): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value.trim())) return maskCredentials(value);
  return /^\s*(?!mailto:)[^:/?#\s@]+:[^/?#\s]*@/i.test(value) ? value.replace(/^(\s*)([^/?#\s]*)@/, (_, space: string, userinfo: string) => `${space}${maskUserinfo(userinfo)}@`) : value;
}

/** What an address with "://" holds before its host: "a user name and password", "a user name", or
 * undefined when it holds neither. */
export function credentialsIn(value: string): string | undefined {
  const userinfo = /^\s*[a-z][a-z0-9+.-]*:\/\/([^\s/?#]*)@/i.exec(value)?.[1];
  if (userinfo === undefined) return undefined;
  return userinfo.includes(':') ? 'a user name and password' : 'a user name';
}

/** A URL as messages print it: without a user name, password, query or fragment, which hold tokens
 * and signatures (a presigned URL's) as often as not; "?…" says a query was left out. */
export function urlForMessages(value: string): string {
  try {
    const url = new URL(value);
    return `${url.protocol}//${url.host}${url.pathname}${url.search ? '?…' : ''}`;
  } catch {
    return value.replace(/[?#].*$/s, '');
  }
}

/** A path of this site: starts with one "/" ("//host" is another site; a browser reads "/\host" so too). */
export function isSitePath(value: string): boolean {
  return value.startsWith('/') && !value.startsWith('//') && !HAS_SPACE_OR_CONTROL.test(value);
}

/** A link a page may carry: an http(s) address, a site path, or a fragment of the same page ("#"). */
export function isSiteUrl(value: string): boolean {
  return isWebUrl(value) || isSitePath(value) || /^#[^\s\\]*$/.test(value);
}

/**
 * Why `value` cannot be the address a site is published at, or undefined when it can: an absolute
 * http(s) URL without a query, a fragment or credentials (every canonical URL, feed and sitemap entry
 * is made by appending a path to it).
 */
export function baseUrlProblem(value: string): string | undefined {
  if (/^https?:\/\//i.test(value) && hasCredentials(value)) return 'it must not contain a user name or password';
  if (!isWebUrl(value)) return 'it must be an absolute http:// or https:// URL, e.g. https://reference.example.com';
  const url = new URL(value);
  if (url.search || value.includes('?')) return 'it must not have a query ("?…"): every page URL is made by adding a path to it';
  if (url.hash || value.includes('#')) return 'it must not have a fragment ("#…"): every page URL is made by adding a path to it';
  if (url.username || url.password) return 'it must not contain a user name or password';
  // Pages link to each other from the root (/articles/…): a site under /docs/ would have its
  // sitemap and canonical addresses there while every link inside it led out of it.
  if (url.pathname !== '/') return `it must be the address of a site's root, without a path such as ${JSON.stringify(url.pathname.replace(/\/$/, ''))}: pages link to each other from the root, so a site cannot be served from a sub-folder (docs/hosting.md)`;
  return undefined;
}
