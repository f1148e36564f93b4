/**
 * Addresses published twice: a content file whose slug or name is an address legalsite uses itself
 * (a page named `glossary.md`, an article with the slug `index`, whose JSON mirror would be
 * /articles/index.json, the article index). One of the two would silently replace the other in the
 * output folder, so each is an error at the file that chose the name.
 * Reads: the URLs made more than once, the site's entities and their YAML positions. Writes: diagnostics.
 */
import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { YamlSource } from '../load/yaml-source.js';
import type { SiteSource } from '../model.js';

type Named = { file: string; slug?: string; name?: string; formerSlugs?: string[] };

/** Which content file makes an address, by the address's form. */
const MAKERS: [RegExp, (site: Pick<SiteSource, 'articles' | 'terms' | 'datasets' | 'pages'>) => Named[]][] = [
  [/^\/articles\/([^/]+?)(?:\.answer\.json|\.csl\.json|\.json|\.md|\.bib|\.ris)?$/, (site) => site.articles],
  [/^\/recommendations\/article\/([^/]+)$/, (site) => site.articles],
  [/^\/glossary\/([^/]+)$/, (site) => site.terms],
  [/^\/recommendations\/term\/([^/]+)$/, (site) => site.terms],
  [/^\/datasets\/([^/]+?)(?:\.json)?$/, (site) => site.datasets],
  [/^\/([^/]+)$/, (site) => site.pages],
];

export function checkUrlClashes(clashes: string[], site: Pick<SiteSource, 'articles' | 'terms' | 'datasets' | 'pages'>, sources: Map<string, YamlSource>): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const url of clashes) {
    for (const [pattern, entities] of MAKERS) {
      const key = pattern.exec(url)?.[1];
      if (key === undefined) continue;
      // A former slug publishes its redirect page or copies at the address (routes/redirects.ts).
      for (const e of entities(site)) {
        const i = e.formerSlugs?.indexOf(key) ?? -1;
        if (i === -1) continue;
        const at = sources.get(e.file)?.locate(['formerSlugs', i]) ?? { line: 1, column: 1 };
        out.push(diagnostic('url-clash', { file: e.file, ...at }, `formerSlugs[${i}]`, `"${key}" would publish a redirect at ${url}, an address legalsite uses for one of its own pages or files`, 'Remove it from formerSlugs: the site uses that address for something else, so it cannot redirect.'));
      }
      for (const e of entities(site).filter((x) => (x.slug ?? x.name) === key)) {
        if (e.name !== undefined) {
          out.push(diagnostic('url-clash', { file: e.file, line: 1 }, '', `would be published at ${url}, an address legalsite uses for one of its own pages or files`, 'Rename the file: a page is published under its file name.'));
        } else {
          // A slug other than the file's name is written in the file (articles' sources are read
          // lazily, without their data).
          const stem = e.file.replace(/^.*\//, '').replace(/\.[^.]+$/, '');
          const declared = key !== stem || (sources.get(e.file)?.data as { slug?: unknown } | undefined)?.slug !== undefined;
          const at = declared ? (sources.get(e.file)?.locate(['slug']) ?? { line: 1, column: 1 }) : { line: 1, column: 1 };
          out.push(diagnostic('url-clash', { file: e.file, ...at }, 'slug', `"${key}" would publish ${url}, an address legalsite uses for one of its own pages or files`, declared ? 'Choose another slug.' : 'Rename the file, or give it a `slug:` of its own: its slug is its file name.'));
        }
      }
    }
  }
  return out;
}
