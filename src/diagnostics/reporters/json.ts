/** Machine-readable errors: one JSON document with every diagnostic, for tools and editors. */
import type { Diagnostic } from '../diagnostic.js';

export function formatJson(list: Diagnostic[]): string {
  return JSON.stringify({ errors: list.filter((d) => d.severity === 'error').length, diagnostics: list }, null, 2);
}
