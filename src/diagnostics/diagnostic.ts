/**
 * Problems are data: loaders, validators and passes report a Diagnostic and never throw over content.
 * Rule ids are permanent (retire an id, never rename it); tests assert on `rule` and `field`.
 */
import { closest, distance } from 'fastest-levenshtein';

export type Severity = 'error' | 'warning';

export interface Diagnostic {
  file: string;
  line: number;
  column: number;
  /** The editor's path to the field, e.g. `faq[2].q`; empty for whole-file problems. */
  field: string;
  message: string;
  hint?: string;
  rule: string;
  severity: Severity;
}

/** The catalogue: every rule id the build can report, with its default hint. */
export const RULES = {
  'yaml-syntax': 'Check indentation and quoting on this line; strings containing ": " need quotes.',
  'front-matter-missing': 'Start the file with a front matter block between two "---" lines.',
  'unknown-field': 'Remove the field or fix its spelling.',
  'missing-field': 'Add the field.',
  'wrong-type': 'Change the value to the expected type.',
  'invalid-date': 'Write dates as YYYY-MM-DD, e.g. 2025-08-26.',
  'invalid-value': 'Use one of the allowed values.',
  'invalid-format': 'Fix the value to match the expected format.',
  'unknown-tag': 'Use a tag listed under `tags:` in site.yaml, or add it there.',
  'unknown-jurisdiction': 'Use Global, United States, United Kingdom, England and Wales or Australia.',
  'duplicate-slug': 'Give one of the two a different slug.',
  'duplicate-id': 'Ids must be unique within the file.',
  'dangling-reference': 'Point at a slug that exists, or create the entry.',
  'broken-link': 'Link to a page that exists on the site.',
  'missing-download': 'Add the file under content/templates/ or fix the path.',
  'date-order': 'dateModified cannot be earlier than datePublished.',
  'unreadable-file': 'Check that the file exists and is readable.',
  'empty-file': 'Write the fields of the file: docs/content.md shows an example of each kind.',
  'empty-body': 'Write the body below the front matter.',
  'outside-content': 'Copy the file into the content folder instead of linking to it.',
  'not-a-file': 'Replace it with a regular file, or remove it from the content folder.',
  'yaml-limit': 'Write the values out plainly: legalsite content needs no deep nesting and no aliases.',
  'file-too-large': 'Split the content into smaller files.',
  'unsafe-url': 'Use an https:// address or a site path starting with "/".',
  'url-clash': 'Choose another slug or file name.',
  'invalid-file-name': 'Rename the file with lowercase letters, digits and hyphens.',
  'unsupported-markdown': 'Write it with the Markdown legalsite reads: docs/content.md.',
  'invalid-encoding': 'Save the file as UTF-8 and retype the characters shown as "�".',
  'unsupported-character': 'Write the character another way (<= for ≤, -> for →), or put a PDF you made yourself into content/templates/ under the listed name.',
  'invalid-pinpoints': 'legalsite build writes this file: restore it from version control (git checkout -- <file>) and run legalsite build again.',
  'stale-pinpoints': 'The file keeps every published paragraph and heading id, so pinpoints never move (docs/content.md#the-id-file).',
  // Warnings: what a build leaves for the editor to decide; it goes on.
  'gone-address': 'Deleting is yours to decide; restore the file to keep the address.',
  'link-to-removed-text': 'Point the link at the text that is there now.',
  'stale-removal-date': 'Set dateModified to the date of this edit, before you commit.',
  'id-file-created': 'If the file was lost, restore it (git checkout -- <file>) and build again before you publish; if this site never had one, commit it.',
} as const;

export type RuleId = keyof typeof RULES;

/** Builds a diagnostic with the rule's default hint unless one is given. */
export function diagnostic(
  rule: RuleId,
  at: { file: string; line?: number; column?: number },
  field: string,
  message: string,
  hint?: string,
): Diagnostic {
  return {
    file: at.file,
    line: at.line ?? 1,
    column: at.column ?? 1,
    field,
    message,
    hint: hint ?? RULES[rule],
    rule,
    severity: 'error',
  };
}

/** A problem the build goes on with, for the editor to decide (Diagnostic with severity 'warning').
 * A line of 0 is a whole folder's, with no position in a file. */
export function warning(rule: RuleId, at: { file: string; line?: number; column?: number }, field: string, message: string, hint?: string): Diagnostic {
  return { ...diagnostic(rule, at, field, message, hint), severity: 'warning', ...(at.line === 0 ? { line: 0, column: 0 } : {}) };
}

/** "did you mean" against a known set, only when the guess is close enough to help. */
export function didYouMean(value: string, known: Iterable<string>): string | undefined {
  const candidates = [...known];
  if (candidates.length === 0 || value === '') return undefined;
  const guess = closest(value, candidates);
  const limit = Math.max(2, Math.floor(value.length / 3));
  const prefixMatch = candidates.find((c) => c.length * 2 >= value.length && value.length * 2 >= c.length && (value.startsWith(c) || c.startsWith(value)));
  if (distance(value, guess) <= limit) return `did you mean "${guess}"?`;
  if (prefixMatch) return `did you mean "${prefixMatch}"?`;
  return undefined;
}

/** Stable order: by file, then line, then column, so output is the same on every run. */
export function sortDiagnostics(list: Diagnostic[]): Diagnostic[] {
  return [...list].sort(
    (a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column || a.field.localeCompare(b.field),
  );
}

/** An internal failure (a bug in legalsite, or the file system), kept apart from content errors. */
export class InternalError extends Error {}

/** A mistake in how the command was called (exit code 2). */
export class UsageError extends Error {}

/** The machine could not give the build what it needs (memory), with what to do about it (exit code 4, the environment's). */
export class ResourceError extends Error {}
