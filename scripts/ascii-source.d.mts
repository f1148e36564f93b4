/** The types of scripts/ascii-source.mjs (a plain script, run by scripts/bundle-lib.mjs), for its tests. */
export function asciiSource(text: string): { code: string; count: number };
