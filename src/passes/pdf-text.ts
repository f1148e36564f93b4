/**
 * The text of a generated PDF (generated-templates.ts) and the characters it can show. The PDF uses
 * the standard PDF fonts, whose encoding (pdfkit's WinAnsi) holds printable ASCII, Latin-1 and a
 * few typographic marks; pdfkit writes any other character as a code the font has no glyph for, so
 * it prints as nothing or as the wrong letter. Such a character is an error at its line, found when
 * the source is read (unprintableInPdf), rather than a PDF that silently says something else.
 * Inline Markdown becomes plain text by markdown-it's own reading of it: stripping every `_`, `*`
 * and backtick (as this once did) broke each URL with an underscore in it.
 * Reads and writes: strings only.
 */
import MarkdownIt from 'markdown-it';

/** Characters above Latin-1 that pdfkit's standard fonts encode (its WIN_ANSI_MAP), by code point. */
const WIN_ANSI_EXTRAS = new Set([
  0x152, 0x153, 0x160, 0x161, 0x178, 0x17d, 0x17e, 0x192, 0x2c6, 0x2dc, 0x2013, 0x2014, 0x2018, 0x2019, 0x201a, 0x201c,
  0x201d, 0x201e, 0x2020, 0x2021, 0x2022, 0x2026, 0x2030, 0x2039, 0x203a, 0x20ac, 0x2122,
]);

/** Whether the generated PDF's fonts can show `char` (one code point). */
export function printableInPdf(char: string): boolean {
  const code = char.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(code);
}

export interface UnprintableChar {
  line: number;
  column: number;
  char: string;
}

/** The first character of `source` (a PDF's Markdown source) its fonts cannot show, or undefined.
 * Tabs and line breaks are layout, not text. */
export function unprintableInPdf(source: string): UnprintableChar | undefined {
  const lines = source.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    let column = 1;
    for (const char of lines[i]) {
      if (char !== '\t' && char !== '\r' && !printableInPdf(char)) return { line: i + 1, column, char };
      column += char.length;
    }
  }
  return undefined;
}

const inline = new MarkdownIt('commonmark', { html: false });

/** One line of inline Markdown as the text a reader sees: emphasis and code marks gone, a link's
 * words kept, an image's description, escapes undone. */
export function pdfInlineText(markdown: string): string {
  const tokens = inline.parseInline(markdown, {})[0]?.children ?? [];
  let text = '';
  for (const t of tokens) {
    if (t.type === 'text' || t.type === 'code_inline' || t.type === 'html_inline') text += t.content;
    else if (t.type === 'softbreak' || t.type === 'hardbreak') text += ' ';
    else if (t.type === 'image') text += t.content;
  }
  return text;
}
