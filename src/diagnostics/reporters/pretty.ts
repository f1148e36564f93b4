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

/** Formats one diagnostic as the single line DESIGN.md shows. */
export function formatDiagnosticLine(d: Diagnostic, color = false): string {
  const paint = (code: string, s: string) => (color ? `\u001b[${code}m${s}\u001b[0m` : s);
  const where = `${d.file}:${d.line}:${d.column}`;
  const label = d.severity === 'error' ? paint('31', 'error') : paint('33', 'warning');
  const what = d.field ? `${d.field} ${d.message}` : d.message;
  const hint = d.hint ? `  ${paint('2', `(${d.hint})`)}` : '';
  return `${paint('1', where)}  ${label}  ${what}${hint}`;
}

/** Formats all diagnostics with frames and a closing count. */
export function formatPretty(list: Diagnostic[], opts: PrettyOptions): string {
  const out: string[] = [];
  for (const d of list) {
    out.push(formatDiagnosticLine(d, opts.color));
    if (opts.frames) {
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
