/**
 * A bundle's text with every character outside ASCII written as a `\uXXXX` escape
 * (scripts/bundle-lib.mjs).
 *
 * esbuild escapes such characters in strings and templates but leaves them in comments and regular
 * expression literals, and one curly quote in a 4 MB bundle makes V8 hold the whole source as a
 * two-byte string: twice the memory, read through the slow UTF-8 decoder, and scanned two bytes at a
 * time each time a function is compiled lazily, on every thread of every build.
 *
 * `\uXXXX` means the same character in a comment (nothing), a string or template, a regular
 * expression (in or out of a character class, with or without the `u` flag: a character outside the
 * BMP becomes its two surrogates, which a `u` pattern reads as the one code point) and an
 * identifier. It would not after a backslash (`\…` would become `\\u2026`) or in `String.raw`; the
 * first is refused, so the bundle fails to build rather than mean something else, and esbuild
 * already escapes template text.
 */

/** `text` with each UTF-16 code unit above 0x7F written `\uXXXX`, and how many were. */
export function asciiSource(text) {
  let count = 0;
  const code = text.replace(/[^\x00-\x7f]/g, (char, at) => {
    if (text[at - 1] === '\\') throw new Error(`a character outside ASCII after a backslash, at ${at}: ${JSON.stringify(text.slice(Math.max(0, at - 40), at + 10))}`);
    count++;
    return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
  return { code, count };
}
