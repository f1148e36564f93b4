/**
 * localStorage with recovery: every key is prefixed `legalsite:`; a value that does not parse or
 * does not have the expected shape is discarded with a console warning, never a broken page. Lists
 * and maps are checked record by record, field by field: a record with a missing or wrong-typed
 * field is dropped (one warning per key, and the cleaned value is saved back, so the next read is
 * quiet) and the good records are kept. So no page ever shows NaN, undefined or Invalid Date.
 * Browser-safe; also runs under Node tests with a fake Storage.
 */
export const PREFIX = 'legalsite:';

export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

function defaultStorage(): StorageLike | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined; // storage disabled (privacy mode, sandboxed frame)
  }
}

/** The stored JSON of `key`: its value, `missing`, or `corrupt` (removed, with a warning). */
function readRaw(key: string, storage: StorageLike): { value: unknown } | 'missing' | 'corrupt' {
  try {
    const raw = storage.getItem(PREFIX + key);
    if (raw === null) return 'missing';
    return { value: JSON.parse(raw) as unknown };
  } catch {
    return 'corrupt';
  }
}

function discard(key: string, storage: StorageLike): void {
  console.warn(`legalsite: discarded corrupt stored data for "${key}"`);
  try {
    storage.removeItem(PREFIX + key);
  } catch {
    // ignore
  }
}

/** Reads a stored list, keeping the records `isItem` accepts; dropped records are reported once and
 * the list is saved without them. Not a list at all: discarded, `[]`. */
export function readStoredList<T>(key: string, isItem: (value: unknown) => value is T, storage = defaultStorage()): T[] {
  if (!storage) return [];
  const read = readRaw(key, storage);
  if (read === 'missing') return [];
  if (read === 'corrupt' || !Array.isArray(read.value)) {
    discard(key, storage);
    return [];
  }
  const kept = read.value.filter(isItem);
  if (kept.length < read.value.length) dropped(key, read.value.length - kept.length, kept, storage);
  return kept;
}

/** Reads a stored map of records (`{ [key]: record }`), keeping the records `isItem` accepts, as
 * readStoredList does. */
export function readStoredMap<T>(key: string, isItem: (value: unknown) => value is T, storage = defaultStorage()): Record<string, T> {
  if (!storage) return {};
  const read = readRaw(key, storage);
  if (read === 'missing') return {};
  if (read === 'corrupt' || !isRecord(read.value)) {
    discard(key, storage);
    return {};
  }
  const entries = Object.entries(read.value);
  const kept = Object.fromEntries(entries.filter(([, v]) => isItem(v))) as Record<string, T>;
  const lost = entries.length - Object.keys(kept).length;
  if (lost > 0) dropped(key, lost, kept, storage);
  return kept;
}

function dropped(key: string, count: number, kept: unknown, storage: StorageLike): void {
  console.warn(`legalsite: discarded ${count} corrupt stored ${count === 1 ? 'record' : 'records'} of "${key}"`);
  writeStored(key, kept, storage);
}

/** Writes `key`; a full or disabled storage is logged and ignored. */
export function writeStored(key: string, value: unknown, storage = defaultStorage()): void {
  try {
    storage?.setItem(PREFIX + key, JSON.stringify(value));
  } catch (error) {
    console.warn(`legalsite: could not save "${key}"`, error);
  }
}

// Field checks for stored records.
type Check = (v: unknown) => boolean;

export const isArrayOf = <T>(item: (v: unknown) => v is T) => (value: unknown): value is T[] => Array.isArray(value) && value.every(item);
export const isString = (v: unknown): v is string => typeof v === 'string';
export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
export const isBoolean: Check = (v) => typeof v === 'boolean';
/** A number that prints as one: never NaN or Infinity. */
export const isCount: Check = (v) => typeof v === 'number' && Number.isFinite(v) && v >= 0;
export const isFiniteNumber: Check = (v) => typeof v === 'number' && Number.isFinite(v);
/** A date string that parses: never "Invalid Date". */
export const isDateString: Check = (v) => typeof v === 'string' && !Number.isNaN(Date.parse(v));
export const isStringList: Check = isArrayOf(isString);
export const optional = (check: Check): Check => (v) => v === undefined || check(v);
export const oneOf = (...values: unknown[]): Check => (v) => values.includes(v);

/** A check that `value` is a record whose every listed field passes its check. */
export function hasFields<T>(fields: Record<string, Check>): (value: unknown) => value is T {
  const checks = Object.entries(fields);
  return (value: unknown): value is T => isRecord(value) && checks.every(([name, check]) => check(value[name]));
}
