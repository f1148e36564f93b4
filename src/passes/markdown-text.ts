/**
 * Plain text (a title, a summary, a question, a reference, a definition) put into Markdown must read
 * as the same words, not as markup: in CommonMark `<Title>` is raw HTML (a browser showing the
 * rendered file hides it, and `<title>` swallows the rest of the page), `*x*` and `_x_` are
 * emphasis, `~x~` struck through (GitHub), `` `x` `` is code, `[a](b)` a link, and a line that
 * starts with `#`, `-` or `1.` a heading or a list. Only what would be read as markup is
 * backslash-escaped, so the mirrors stay easy for people and language models to read: a neutral
 * citation such as `[2010] UKSC 44` or a name such as `s_1` is left alone, except inside a link's
 * text, where any bracket would end or break the link.
 * The text becomes one line (a summary written over several lines would otherwise start headings
 * and lists of its own, or end the list item it is in), safe wherever a line of Markdown text goes:
 * a paragraph, an ATX heading, a list item, a quote, or followed by other text.
 * Reads: a string. Writes: a string.
 */

/** `text` as one line of Markdown that reads as itself; with `inLink`, fit for a link's text. */
export function markdownText(text: string, { inLink = false } = {}): string {
  const escaped = text
    .replace(/[ \t]*\r?\n[ \t]*/g, ' ')
    .trim()
    // A backslash before punctuation escapes it; so does one at the end, before what follows.
    .replace(/\\(?=[!-/:-@[-`{-~]|$)/g, '\\\\')
    .replace(/[*`~]/g, '\\$&')
    // Emphasis with `_` needs it at a word's edge; inside a word (`s_1`) it is text.
    .replace(/(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])/gu, '\\_')
    // What would open raw HTML: a tag, a closing tag, a comment, a declaration or an autolink.
    .replace(/<(?=[A-Za-z/!?])/g, '\\<')
    // A link's or a reference's closing bracket; in a link's own text, every bracket.
    .replace(inLink ? /[[\]]/g : /\](?=[([:])/g, '\\$&')
    // An entity (`&copy;`, `&#169;`) would become its character.
    .replace(/&(?=#?[A-Za-z0-9]+;)/g, '\\&')
    // An ATX heading's optional closing sequence: `# Costs #` would lose its last `#`.
    .replace(/(\s)(#+)$/, '$1\\$2');
  return escapeLineStart(escaped);
}

/** What a line that starts a paragraph could otherwise begin: a heading, a quote, a list, a rule. */
function escapeLineStart(text: string): string {
  return text
    .replace(/^([#>+=-])/, '\\$1')
    .replace(/^(\d+)([.)])(?=\s|$)/, '$1\\$2');
}
