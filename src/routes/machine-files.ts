/**
 * Non-HTML files of the core site: the site-wide JSON mirrors (spec §3, §7; each article's own are
 * in article-files.ts) and the downloadable templates. JSON is pretty-printed with sorted-stable key order from the mirror builders.
 */
import type { BuiltSite } from '../pipeline.js';
import { buildGlossaryJson } from '../passes/json-mirrors.js';
import { articlesIndexRoute } from './article-rows.js';
import { fileInputs } from './file-inputs.js';
import type { FileRoute } from './types.js';

/** A JSON file; given a function, the data are made (and serialised) only when the file is written. */
export const json = (url: string, data: unknown): FileRoute => ({
  kind: 'file',
  url,
  body: typeof data === 'function' ? () => `${JSON.stringify((data as () => unknown)(), null, 2)}\n` : `${JSON.stringify(data, null, 2)}\n`,
  type: 'application/json; charset=utf-8',
});

/** The site-wide JSON mirrors; each article's own files are in article-files.ts. */
export function mirrorRoutes(site: BuiltSite): FileRoute[] {
  const inputs = fileInputs(site);
  return [
    articlesIndexRoute(site),
    { ...json('/glossary.json', () => buildGlossaryJson(site.terms, site.config)), inputs: () => JSON.stringify([site.config, inputs.terms()]) },
  ];
}

const TYPES: Record<string, string> = {
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
};

export function contentTypeFor(name: string): string {
  return TYPES[name.split('.').pop()!.toLowerCase()] ?? 'application/octet-stream';
}

export function templateRoutes(site: BuiltSite): FileRoute[] {
  return site.templates.filter((t) => t.body).map((t) => ({ kind: 'file', url: `/templates/${t.name}`, body: t.body!, type: contentTypeFor(t.name) }));
}
