/**
 * What a Markdown body must not publish unnoticed. Each was found built without a word and shipped:
 * - a replacement character (U+FFFD): a file saved in Windows-1252 or Latin-1 is read as UTF-8, and
 *   every "é" or curly quote of it became "�" on the page, the feeds and the exports;
 * - an invisible control character (an escape, a C1 control from the wrong code page), as in YAML
 *   values (control-characters.ts);
 * - a merge conflict left in the file (`<<<<<<< HEAD`): published as a heading with both versions;
 * - an HTML comment (`<!-- TODO … -->`): Markdown's way of hiding a note, which legalsite (no raw
 *   HTML) publishes as a citable paragraph, the editor's private note made public.
 * Each is an error at its line and column. Fenced code shows what it holds as written, so only
 * the first two count there.
 * Reads: a Markdown body. Writes: diagnostics.
 */
import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import { codePointLabel, controlCharacterIn, REPLACEMENT_HINT, REPLACEMENT_MESSAGE } from './control-characters.js';

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
/** Anything any of the checks below could find: most bodies hold none of it, and cost one search. */
const SUSPECT = /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F\uD800-\uDFFF\uFFFD\uFFFE\uFFFF]|^(?:<{7}|>{7})(?: |$)|<!--/m;
const CONFLICT = /^(<{7}|>{7})(?: |$)/;
const INLINE_CODE = /(`+)[^`]*?\1/g;

/** Each problem of `body` (file lines from `bodyLine`), at most one per line. */
export function bodyTextProblems(file: string, body: string, bodyLine: number): Diagnostic[] {
  if (!SUSPECT.test(body)) return [];
  const problems: Diagnostic[] = [];
  let fence: string | undefined;
  body.split('\n').forEach((line, i) => {
    const at = (column: number) => ({ file, line: bodyLine + i, column });
    const found = characterProblem(line, at);
    if (found) return void problems.push(found);
    const open = FENCE.exec(line)?.[1];
    if (fence) {
      if (open && open[0] === fence[0] && open.length >= fence.length && line.trim() === open) fence = undefined;
      return;
    }
    if (open) return void (fence = open);
    if (CONFLICT.test(line)) {
      problems.push(diagnostic('invalid-format', at(1), 'body', `holds a merge conflict marker (${line.slice(0, 7)}): the file was left part-way through a merge, and both versions would be published`, 'Keep the text you want, and delete the lines <<<<<<<, ======= and >>>>>>> with the version you do not.'));
      return;
    }
    const comment = line.replace(INLINE_CODE, (code) => ' '.repeat(code.length)).indexOf('<!--');
    if (comment >= 0) {
      problems.push(diagnostic('unsupported-markdown', at(comment + 1), 'body', 'is an HTML comment, which legalsite publishes as text (it reads no raw HTML): the note would appear on the page as a paragraph of its own', 'Delete the comment, or keep the note outside the content folder (an issue, a file of your own).'));
    }
  });
  return problems;
}

/** A replacement or control character on `line`, as an error at its column. */
function characterProblem(line: string, at: (column: number) => { file: string; line: number; column: number }): Diagnostic | undefined {
  const replaced = line.indexOf('\uFFFD');
  const control = controlCharacterIn(line);
  if (replaced >= 0 && (!control || replaced <= control.index)) {
    return diagnostic('invalid-encoding', at(replaced + 1), 'body', REPLACEMENT_MESSAGE, REPLACEMENT_HINT);
  }
  if (!control) return undefined;
  return diagnostic('invalid-format', at(control.index + 1), 'body', `holds an invisible control character (${codePointLabel(control.code)}): feeds, sitemaps and other XML files cannot carry it`, 'Delete the character (retype the text around it).');
}
