/**
 * YAML scalars for generated files. A JSON string literal is a valid YAML double-quoted scalar, so
 * quoting is JSON.stringify: no hand-rolled escaping, and dates stay strings as the format requires.
 * Reads: nothing. Writes: nothing.
 */

/** A double-quoted YAML scalar. */
export const q = (text: string): string => JSON.stringify(text);

/** A flow sequence of plain slugs or tags, e.g. `[evidence, forensics]`. */
export const flowList = (items: readonly string[]): string => `[${items.join(', ')}]`;

/** An ISO date `YYYY-MM-DD` for a day offset from 2024-01-01 (UTC, so the same on every machine). */
export function isoDay(offset: number): string {
  return new Date(Date.UTC(2024, 0, 1 + offset)).toISOString().slice(0, 10);
}

/** Days from 2024-01-01 to 2025-12-31 inclusive (2024 is a leap year). */
export const DAYS_2024_2025 = 731;
