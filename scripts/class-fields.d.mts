import type { Plugin } from 'esbuild';

/** The types of scripts/class-fields.mjs (a plain script, run by scripts/bundle-lib.mjs), for its tests. */
export function classFieldsAssigned(source: string): { code: string; count: number };
export const markdownItClassFields: Plugin;
