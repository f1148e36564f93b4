/**
 * What a Markdown body must not publish unnoticed. Each was found built without a word and shipped:
 * - a replacement character (U+FFFD): a file saved in Windows-1252 or Latin-1 is read as UTF-8, and
 *   every "é" or curly quote of it became "�" on the page, the feeds and the exports;
 * - an invisible control character (an escape, a C1 control from the wrong code page), as in YAML
 *   values (control-characters.ts);
 * - a merge conflict left in the file (`<<<<<<< HEAD`): published as a heading with both versions;
 * - an HTML comment (`<!-- TODO … -->`): Markdown's way of hiding a note, which legalsite (no raw
 *   HTML) publishes as a citable paragraph, the editor's private note made public;
 * - a link to a `javascript:`, `vbscript:`, `data:` or `file:` address, which markdown-it refuses
 *   and so shows as the raw `[words](address)`;
 * - a footnote marker (`[^2]`), shown as text (footnotes.ts reports a note's definition);
 * - a callout of a kind legalsite does not know (`:::danger`, shown as text), or one never closed
 *   (every heading after it put in the box);
 * - no body at all (nothing to read or cite; an article's answer or FAQ is no body).
 * Each is an error at its line and column. Fenced code shows what it holds as written, so only
 * the first two count there; inline code likewise keeps its comment, link or marker.
 * Reads: a Markdown body. Writes: diagnostics.
 */
import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import { CALLOUT_KINDS } from '../passes/markdown.js';
import { lineOf } from '../load/text-position.js';
import { forEachLine } from './markdown-lines.js';
import { codePointLabel, controlCharacterIn, REPLACEMENT_HINT, REPLACEMENT_MESSAGE } from './control-characters.js';

/** Anything the line checks below could find: most bodies hold none of it, and cost one search.
 * Callouts, which many bodies hold, are checked by a search of their own (calloutProblems). */
const SUSPECT = /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F\uD800-\uDFFF\uFFFD\uFFFE\uFFFF]|^(?:<{7}|>{7})(?: |$)|<!--|\]\(\s*<?\s*(?:javascript|vbscript|data|file):|\[\^[^\]\s]+\](?!:)/im;
/** The lines that open or close a fence or a callout, the only ones a callout check reads. */
const FENCE_OR_CALLOUT = /^ {0,3}(`{3,}|~{3,}|:{3,})(.*)$/gm;
const CONFLICT = /^(<{7}|>{7})(?: |$)/;
const INLINE_CODE = /(`+)[^`]*?\1/g;
const UNSAFE_LINK = /\]\(\s*<?\s*(javascript|vbscript|data|file):/i;
const FOOTNOTE_MARKER = /\[\^([^\]\s]+)\](?!:)/;
const CALLOUT = /^ {0,3}:{3,}\s*(\S*)/;
const NOT_BLANK = /\S/;

type At = (column: number) => { file: string; line: number; column: number };

/** Each problem of `body` (file lines from `bodyLine`), at most one per line. */
export function bodyTextProblems(file: string, body: string, bodyLine: number): Diagnostic[] {
  // Nothing below the front matter: the page would show its title and nothing to read or cite.
  // Nothing at all after the front matter: its closing line, the last the file has.
  if (!NOT_BLANK.test(body)) return [diagnostic('empty-body', { file, line: body === '' ? Math.max(1, bodyLine - 1) : bodyLine }, 'body', 'is empty: there is no text below the front matter to read or cite')];
  if (!SUSPECT.test(body)) return body.includes(':::') ? calloutProblems(file, body, bodyLine) : [];
  const problems: Diagnostic[] = [];
  const callouts: { kind: string; at: At }[] = [];
  let defined: Set<string> | undefined;
  forEachLine(body, (line, i, code) => {
    const at: At = (column) => ({ file, line: bodyLine + i, column });
    const found = characterProblem(line, at);
    if (found) return void problems.push(found);
    if (code) return;
    const callout = CALLOUT.exec(line);
    if (callout) {
      const kind = callout[1];
      if (!kind) return void callouts.pop();
      if ((CALLOUT_KINDS as readonly string[]).includes(kind)) return void callouts.push({ kind, at });
      return void problems.push(unknownCallout(at(1), kind));
    }
    const problem = lineProblem(line, at, (label) => (defined ??= definedNotes(body)).has(label));
    if (problem) problems.push(problem);
  });
  for (const { kind, at } of callouts) problems.push(unclosedCallout(at(1), kind));
  return problems;
}

/** The callout problems of a body with no other suspect text: its fence and callout lines alone are
 * read (a body of 60 lines with a callout took 75 µs line by line, 2 µs so). */
function calloutProblems(file: string, body: string, bodyLine: number): Diagnostic[] {
  const problems: Diagnostic[] = [];
  const open: { kind: string; index: number }[] = [];
  const at = (index: number) => ({ file, line: bodyLine + lineOf(body, index) - 1, column: 1 });
  let fence: string | undefined;
  for (const m of body.matchAll(FENCE_OR_CALLOUT)) {
    const marker = m[1];
    if (marker[0] !== ':') {
      if (!fence) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length && m[2].trim() === '') fence = undefined;
      continue;
    }
    if (fence) continue;
    const kind = m[2].trim().split(/\s/, 1)[0];
    if (!kind) open.pop();
    else if ((CALLOUT_KINDS as readonly string[]).includes(kind)) open.push({ kind, index: m.index });
    else problems.push(unknownCallout(at(m.index), kind));
  }
  for (const { kind, index } of open) problems.push(unclosedCallout(at(index), kind));
  return problems;
}


const unknownCallout = (at: { file: string; line: number; column: number }, kind: string) =>
  diagnostic('unsupported-markdown', at, 'body', `is a callout of a kind legalsite does not know (:::${kind}), which the page would show as text`, `Use :::${CALLOUT_KINDS.join(', :::')}, with a title of your own after it if you like (:::warning Deadline), and close it with ::: on its own line.`);

const unclosedCallout = (at: { file: string; line: number; column: number }, kind: string) =>
  diagnostic('unsupported-markdown', at, 'body', `opens a :::${kind} callout that is never closed: everything after it, headings included, would go into the box`, 'Add a line ::: where the callout ends.');

/** The labels of the footnotes `body` defines (`[^1]: the note`): their markers are reported with
 * the note (footnotes.ts), not again. */
const definedNotes = (body: string) => new Set(Array.from(body.matchAll(/^ {0,3}\[\^([^\]\s]+)\]:/gm), (m) => m[1]));

/** A merge conflict marker, an HTML comment, an unsafe link or a footnote marker without a note on
 * `line`. */
function lineProblem(line: string, at: At, noted: (label: string) => boolean): Diagnostic | undefined {
  if (CONFLICT.test(line)) {
    return diagnostic('invalid-format', at(1), 'body', `holds a merge conflict marker (${line.slice(0, 7)}): the file was left part-way through a merge, and both versions would be published`, 'Keep the text you want, and delete the lines <<<<<<<, ======= and >>>>>>> with the version you do not.');
  }
  const text = line.replace(INLINE_CODE, (code) => ' '.repeat(code.length));
  const comment = text.indexOf('<!--');
  if (comment >= 0) {
    return diagnostic('unsupported-markdown', at(comment + 1), 'body', 'is an HTML comment, which legalsite publishes as text (it reads no raw HTML): the note would appear on the page as a paragraph of its own', 'Delete the comment, or keep the note outside the content folder (an issue, a file of your own).');
  }
  const unsafe = UNSAFE_LINK.exec(text);
  if (unsafe) {
    return diagnostic('unsafe-url', at(unsafe.index + 3), 'body', `links to a ${unsafe[1].toLowerCase()}: address, which no page may link to: the page would show the link as raw Markdown`, 'Use an https:// address or a site path starting with "/".');
  }
  const marker = FOOTNOTE_MARKER.exec(text);
  if (marker && !noted(marker[1])) {
    return diagnostic('unsupported-markdown', at(marker.index + 1), 'body', `is a footnote marker (${marker[0]}), which the page would show as text: legalsite does not publish footnotes`, 'Put the note into the sentence it explains, or cite its source under references: (shown as numbered references with pinpoints).');
  }
  return undefined;
}

/** A replacement or control character on `line`, as an error at its column. */
function characterProblem(line: string, at: At): Diagnostic | undefined {
  const replaced = line.indexOf('\uFFFD');
  const control = controlCharacterIn(line);
  if (replaced >= 0 && (!control || replaced <= control.index)) return diagnostic('invalid-encoding', at(replaced + 1), 'body', REPLACEMENT_MESSAGE, REPLACEMENT_HINT);
  if (!control) return undefined;
  return diagnostic('invalid-format', at(control.index + 1), 'body', `holds an invisible control character (${codePointLabel(control.code)}): feeds, sitemaps and other XML files cannot carry it`, 'Delete the character (retype the text around it).');
}
