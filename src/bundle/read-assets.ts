/**
 * Reads legalsite's own front-end assets (the stylesheet) and names them by content hash, so they can
 * be cached for a year. Reads: templates/styles/. Writes: asset file routes.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { transform } from 'esbuild';
import { withEsbuild } from './esbuild-service.js';
import { keep, readKept } from './kept-assets.js';
import { packageRoot } from '../package-root.js';
import type { Assets } from '../routes.js';

export function contentHash(body: string | Uint8Array, length = 10): string {
  return createHash('sha256').update(body).digest('hex').slice(0, length);
}

const STYLESHEET = 'templates/styles/site.css';

/** Minifies in esbuild's own process, so a build starts it early and goes on; or takes the minified
 * stylesheet the last run kept, when the source has not changed since (kept-assets.ts). */
export async function readAssets(): Promise<Assets> {
  const css = readKept('styles', (json) => {
    if (typeof json !== 'string') throw new Error('not a kept stylesheet');
    return json;
  }) ?? (await minifiedStylesheet());
  const cssHref = `/assets/site.${contentHash(css)}.css`;
  const icon = readFileSync(path.join(packageRoot(), 'templates', 'styles', 'favicon.svg'));
  return {
    cssHref,
    files: [
      { kind: 'file', url: cssHref, body: css, type: 'text/css; charset=utf-8' },
      { kind: 'file', url: '/favicon.svg', body: icon, type: 'image/svg+xml' },
    ],
  };
}

async function minifiedStylesheet(): Promise<string> {
  // Minified for readers; the source stays readable in templates/styles/site.css.
  const source = readFileSync(path.join(packageRoot(), STYLESHEET), 'utf8');
  const css = (await withEsbuild(() => transform(source, { loader: 'css', minify: true, legalComments: 'none' }))).code;
  keep('styles', [STYLESHEET], css);
  return css;
}
