/**
 * Non-HTML files of the core site: the JSON mirrors (spec §3, §7), the downloadable templates and
 * the stylesheet. JSON is pretty-printed with sorted-stable key order from the mirror builders.
 */
import type { BuiltSite } from '../pipeline.js';
import { buildAnswerJson, buildArticleJson, buildArticlesIndex, buildGlossaryJson, type MirrorInputs } from '../passes/json-mirrors.js';
import type { FileRoute } from './types.js';

export const json = (url: string, data: unknown): FileRoute => ({ kind: 'file', url, body: `${JSON.stringify(data, null, 2)}\n`, type: 'application/json; charset=utf-8' });

export function mirrorRoutes(site: BuiltSite): FileRoute[] {
  const m: MirrorInputs = { config: site.config, bodies: site.bodies, fields: site.fields, stats: site.stats };
  const routes: FileRoute[] = [json('/articles/index.json', buildArticlesIndex(site.articles, m))];
  for (const a of site.articles) {
    routes.push(json(`/articles/${a.slug}.json`, buildArticleJson(a, m)));
    const answer = buildAnswerJson(a, m);
    if (answer) routes.push(json(`/articles/${a.slug}.answer.json`, answer));
  }
  routes.push(json('/glossary.json', buildGlossaryJson(site.terms, site.config)));
  return routes;
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
