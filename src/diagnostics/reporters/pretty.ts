/**
 * The human reporter: `file:line:col  error  field message  (hint)`, a two-line code frame on a
 * terminal, then a count. Colour only on a TTY and never under NO_COLOR.
 */
import type { Diagnostic } from '../diagnostic.js';
import { codeFrame } from '../frame.js';

export interface PrettyOptions {
  color: boolean;
  frames: boolean;
  readSource: (file: string) => string | undefined;
}

/** Control characters as escapes (`\n`, `\x1b`): a file named with a line break stays on its one
 * line, and one named with a terminal's escape codes cannot repaint the terminal. */
const CONTROLS = /[\x00-\x1f\x7f-\x9f]/g;
const ESCAPES: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };
const escape = (c: string) => ESCAPES[c] ?? `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`;
export const printable = (s: string): string => s.replace(CONTROLS, escape);
const terminalSafe = (s: string): string => s.replace(CONTROLS, (c) => (c === '\n' || c === '\t' ? c : escape(c)));

/** Formats one diagnostic as the single line DESIGN.md shows. */
export function formatDiagnosticLine(d: Diagnostic, color = false): string {
  const paint = (code: string, s: string) => (color ? `\u001b[${code}m${s}\u001b[0m` : s);
  // Line 0: a whole folder's (a deleted page's), with no place in a file to show.
  const where = d.line ? `${printable(d.file)}:${d.line}:${d.column}` : printable(d.file);
  const label = d.severity === 'error' ? paint('31', 'error') : paint('33', 'warning');
  // Messages and hints are legalsite's own sentences (any user text in them already quoted), and
  // may break a line on purpose: only what could repaint the terminal is escaped in them.
  const what = d.field ? `${printable(d.field)} ${terminalSafe(d.message)}` : terminalSafe(d.message);
  const hint = d.hint ? `  ${paint('2', `(${terminalSafe(d.hint)})`)}` : '';
  return `${paint('1', where)}  ${label}  ${what}${hint}`;
}

/** Formats all diagnostics with frames and a closing count. */
export function formatPretty(list: Diagnostic[], opts: PrettyOptions): string {
  const out: string[] = [];
  for (const d of list) {
    out.push(formatDiagnosticLine(d, opts.color));
    if (opts.frames && d.line) {
      const source = opts.readSource(d.file);
      if (source !== undefined) out.push(codeFrame(source, d.line, d.column));
    }
  }
  const errors = list.filter((d) => d.severity === 'error').length;
  const warnings = list.length - errors;
  const parts = [`${errors} ${errors === 1 ? 'error' : 'errors'}`];
  if (warnings) parts.push(`${warnings} ${warnings === 1 ? 'warning' : 'warnings'}`);
  out.push('', parts.join(', '));
  return out.join('\n');
}
