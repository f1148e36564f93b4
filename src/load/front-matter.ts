/**
 * Splits a Markdown file into its YAML front matter (with positions) and body.
 * The front matter sits between a first line `---` and the next line `---`.
 */
import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import { formatSize, MAX_MARKDOWN_BYTES, sizeOver } from './yaml-limits.js';
import { parseYamlSource, type YamlMemo, type YamlSource } from './yaml-source.js';

export interface FrontMatterFile {
  source: YamlSource;
  body: string;
  /** File line of the body's first line (1-based). */
  bodyLine: number;
}

export function splitFrontMatter(
  text: string,
  file: string,
  memo?: YamlMemo,
): { parsed?: FrontMatterFile; diagnostics: Diagnostic[] } {
  const size = sizeOver(text, MAX_MARKDOWN_BYTES);
  if (size !== undefined) {
    const message = `is ${formatSize(size)}; legalsite reads Markdown files of at most ${formatSize(MAX_MARKDOWN_BYTES)}`;
    return { diagnostics: [diagnostic('file-too-large', { file, line: 1 }, '', message, 'Split it into several articles or pages, or publish the material as a download under content/templates/.')] };
  }
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (lines[0]?.trim() !== '---') return { diagnostics: [noFrontMatter(text, lines, file)] };
  const close = lines.findIndex((l, i) => i > 0 && l.trim() === '---');
  if (close === -1) {
    return {
      diagnostics: [
        diagnostic('front-matter-missing', { file, line: 1 }, '', 'front matter is not closed', 'Add a line "---" after the last front matter field.'),
      ],
    };
  }
  const yamlText = lines.slice(1, close).join('\n');
  const { source, diagnostics } = parseYamlSource(yamlText, file, 1, memo);
  return {
    parsed: { source, body: lines.slice(close + 1).join('\n'), bodyLine: close + 2 },
    diagnostics,
  };
}

/** Why a file has no front matter, in the words of the likely mistake: lines before the `---`, line
 * endings of a single carriage return (classic Mac OS) that hide every line break, or none at all. */
function noFrontMatter(text: string, lines: string[], file: string): Diagnostic {
  if (lines.length === 1 && /\r./.test(text) && /^\s*---\r/.test(text.replace(/^\uFEFF/, ''))) {
    return diagnostic('front-matter-missing', { file, line: 1 }, '', 'has lines that end in a carriage return alone (classic Mac OS line endings), so it reads as one line without front matter', 'Save the file with Unix (LF) or Windows (CRLF) line endings.');
  }
  const first = lines.findIndex((l) => l.trim() !== '');
  if (first > 0 && lines[first].trim() === '---') {
    return diagnostic('front-matter-missing', { file, line: first + 1 }, '', `has front matter that starts on line ${first + 1}, after ${first === 1 ? 'an empty line' : `${first} empty lines`}: the first "---" must be the file's first line`, 'Delete the empty lines above the first "---".');
  }
  return diagnostic('front-matter-missing', { file, line: 1 }, '', 'has no front matter');
}
