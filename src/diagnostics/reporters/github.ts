/** GitHub Actions workflow commands, so errors show as annotations on the pull request's files. */
import type { Diagnostic } from '../diagnostic.js';

// Workflow command data must escape %, CR and LF; properties also escape : and ,.
const escapeData = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (s: string) => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

export function formatGithub(list: Diagnostic[]): string {
  return list
    .map((d) => {
      const title = escapeProperty(d.rule);
      const text = `${d.field ? `${d.field} ` : ''}${d.message}${d.hint ? ` (${d.hint})` : ''}`;
      const place = d.line ? `,line=${d.line},col=${d.column}` : '';
      return `::${d.severity} file=${escapeProperty(d.file)}${place},title=${title}::${escapeData(text)}`;
    })
    .join('\n');
}
