/** Reads the manifest of the build currently in the output folder, if any, to diff against. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Manifest } from '../passes/manifest.js';

export const MANIFEST_PATH = '_legalsite/manifest.json';

export function readPreviousManifest(outDir: string): Manifest | undefined {
  try {
    const data = JSON.parse(readFileSync(path.join(outDir, MANIFEST_PATH), 'utf8'));
    return data?.version === 1 && typeof data.entities === 'object' ? data : undefined;
  } catch {
    return undefined;
  }
}
