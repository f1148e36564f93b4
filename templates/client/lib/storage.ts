/**
 * localStorage with recovery: every key is prefixed `legalsite:`; a value that does not parse or
 * does not have the expected shape is discarded with a console warning, never a broken page.
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

/** Reads `key`; returns `fallback` when missing, unparsable or rejected by `isValid`. */
export function readStored<T>(key: string, isValid: (value: unknown) => value is T, fallback: T, storage = defaultStorage()): T {
  if (!storage) return fallback;
  let raw: string | null = null;
  try {
    raw = storage.getItem(PREFIX + key);
    if (raw === null) return fallback;
    const value: unknown = JSON.parse(raw);
    if (isValid(value)) return value;
  } catch {
    // fall through: corrupt JSON
  }
  console.warn(`legalsite: discarded corrupt stored data for "${key}"`);
  try {
    storage.removeItem(PREFIX + key);
  } catch {
    // ignore
  }
  return fallback;
}

/** Writes `key`; a full or disabled storage is logged and ignored. */
export function writeStored(key: string, value: unknown, storage = defaultStorage()): void {
  try {
    storage?.setItem(PREFIX + key, JSON.stringify(value));
  } catch (error) {
    console.warn(`legalsite: could not save "${key}"`, error);
  }
}

export const isArrayOf = <T>(item: (v: unknown) => v is T) => (value: unknown): value is T[] => Array.isArray(value) && value.every(item);
export const isString = (v: unknown): v is string => typeof v === 'string';
export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
