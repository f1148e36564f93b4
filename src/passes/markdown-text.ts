/**
 * Plain text (a title, a summary, a question, a reference, a definition) put into Markdown must read
 * as the same words, not as markup: in CommonMark `<Title>` is raw HTML (a browser showing the
 * rendered file hides it, and `<title>` swallows the rest of the page), `*x*` and `_x_` are
 * emphasis, `~~x~~` struck through, `` `x` `` is code and `[a](b)` a link. Only what would be read as markup is
 * backslash-escaped, so the mirrors stay easy for people and language models to read: a neutral
 * citation such as `[2010] UKSC 44` or a name such as `s_1` is left alone.
 * Reads: a string. Writes: a string.
 */

/** `text`, one line of plain text, escaped to read as itself inside a Markdown paragraph, heading or list item. */
export function markdownText(text: string): string {
  return escapeLineStart(
    text
      .replace(/\\(?=[!-/:-@[-`{-~])/g, '\\\\')
      .replace(/[*`]/g, '\\$&')
      // Strikethrough (GFM, and markdown-it's default): two tildes.
      .replace(/~(?=~)|(?<=~)~/g, '\\~')
      // Emphasis with `_` needs it at a word's edge; inside a word (`s_1`) it is text.
      .replace(/(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])/gu, '\\_')
      // What would open raw HTML: a tag, a closing tag, a comment, a declaration or an autolink.
      .replace(/<(?=[A-Za-z/!?])/g, '\\<')
      // A link's or a reference's closing bracket; a lone pair of brackets stays text.
      .replace(/\](?=[([:])/g, '\\]')
      // An entity (`&copy;`, `&#169;`) would become its character.
      .replace(/&(?=#?[A-Za-z0-9]+;)/g, '\\&'),
  );
}

/** What a line that starts a paragraph could otherwise begin: a heading, a quote, a list, a rule. */
function escapeLineStart(text: string): string {
  return text
    .replace(/^([#>+=-])/, '\\$1')
    .replace(/^(\d+)([.)])(?=\s|$)/, '$1\\$2');
}
