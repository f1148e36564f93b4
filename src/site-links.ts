/**
 * What the internal-link check reads of a built site (validate/links.ts): every URL the build makes,
 * and every link its files hold (article and page bodies, site.yaml's glossary FAQ). Shared by a
 * build and by a failed build's own link check (failed-build.ts), so both check the same links.
 */
import { DEFAULT_CHRONOLOGY_BUILDER_URL } from './constants.js';
import type { BuiltSite } from './pipeline.js';
import type { YamlSource } from './load/yaml-source.js';
import { hasAnswer } from './passes/article-fields.js';
import { articleFileUrls } from './routes/article-files.js';
import type { FamilyRefs } from './routes/site-pages.js';
import type { Route } from './routes/types.js';
import type { LinkSource } from './validate/links.js';

/** Every URL the build makes (its pages, its files, and each article's own files), and those it
 * would make more than once (validate/url-clashes.ts says whose they are): one list of the site's
 * URLs read once for both (420,000 at 50,000 articles). */
export function siteUrls(site: BuiltSite, families: FamilyRefs, routes: Route[]): { urls: Set<string>; clashing: string[] } {
  const urls = new Set<string>();
  const twice = new Set<string>();
  for (const url of everyUrl(site, families, routes)) (urls.has(url) ? twice : urls).add(url);
  return { urls, clashing: [...twice] };
}

function everyUrl(site: BuiltSite, families: FamilyRefs, routes: Route[]): string[] {
  const urls = [...families.articles, ...families.terms, ...families.recommendations, ...routes].map((r) => r.url);
  for (const a of site.articles) urls.push(...articleFileUrls(a.slug, hasAnswer(a), a.formerSlugs));
  return urls;
}

const locator = (sources: Map<string, YamlSource>, file: string) => (path: (string | number)[]) => sources.get(file)?.locate(path) ?? { line: 1, column: 1 };

/** Every link of the site's content files, with the file and line it is on. */
export function siteLinks(site: BuiltSite, sources: Map<string, YamlSource>): LinkSource[] {
  const { source } = site;
  const { config, configFile } = source;
  // A value of site.yaml, reported at the value itself (validate/links.ts whereLinkIs).
  const configLink = (path: (string | number)[], href: string): LinkSource => ({ file: configFile, links: [{ href, line: 0, path }], locate: locator(sources, configFile) });
  return [
    ...site.articles.map((a) => ({ file: a.file, field: 'body', links: site.bodies.get(a.slug)!.links, pageUrl: `/articles/${a.slug}`, locate: locator(sources, a.file) })),
    ...source.pages.map((p) => ({ file: p.file, field: 'body', links: site.pageBodies.get(p.name)!.links, pageUrl: `/${p.name}` })),
    // The footer's chronology-builder link, on every page; its default is a placeholder where the
    // site has no /about (build/chrome.ts), and "#" is one.
    ...(config.chronologyBuilderUrl === DEFAULT_CHRONOLOGY_BUILDER_URL ? [] : [configLink(['chronologyBuilderUrl'], config.chronologyBuilderUrl)]),
    ...config.glossaryFaq.map((f, i) => configLink(['glossaryFaq', i, 'href'], f.href)),
  ];
}
