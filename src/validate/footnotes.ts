/**
 * Footnotes (`text.[^1]` and `[^1]: the note`, as Pandoc and GitHub write them) are not Markdown
 * legalsite reads: the page would show "[^1]" as text and publish the note as a citable paragraph
 * of its own, while the Markdown mirror kept it as a footnote. Legal writers reach for them first,
 * so a note's definition is an error at its line, not a silent surprise on the published page.
 * Reads: a Markdown body. Writes: diagnostics.
 */
import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import { forEachLine } from './markdown-lines.js';

const FOOTNOTE_DEFINITION = /^ {0,3}\[\^[^\]\s]+\]:/;

/** Each footnote definition in `body` (outside fenced code), located in `file` from `bodyLine`. */
export function footnoteProblems(file: string, body: string, bodyLine: number): Diagnostic[] {
  const problems: Diagnostic[] = [];
  if (!body.includes('[^')) return problems;
  forEachLine(body, (line, i, code) => {
    if (code || !FOOTNOTE_DEFINITION.test(line)) return;
    const text = line.trim();
    const shown = text.length > 40 ? `${text.slice(0, 40)}…` : text;
    problems.push(
      diagnostic(
        'unsupported-markdown',
        { file, line: bodyLine + i, column: 1 },
        'body',
        `is a footnote (${shown}), which legalsite does not publish as one: the page would show its marker as text and the note as a paragraph of its own`,
        'Put the note into the sentence it explains, or cite its source under references: (shown as numbered references with pinpoints).',
      ),
    );
  });
  return problems;
}
