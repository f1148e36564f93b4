/**
 * The rest of a build that has found content errors: it writes nothing, but it still looks for the
 * errors only a whole site shows (links to pages that do not exist), so one run reports every error
 * of every file, whatever the phase that finds it.
 * It runs the passes over the part of the site that is consistent (validate/consistent-site.ts):
 * each kept article's digest (made on the shards, no file and no page), the orders, the graph and
 * the routes, then the link check over every content file, those with errors included (their bodies'
 * links, read where they were parsed). A link to a page that a file with errors would make is not
 * reported: that file's own errors are, and fixing them makes the page.
 * Reads: the loaded site, the articles read by the shards. Writes: nothing (diagnostics).
 */
import type { OutputLimits } from './constants.js';
import type { Diagnostic } from './diagnostics/diagnostic.js';
import { digestArticles, type ReadResult } from './engine/load-articles.js';
import type { ShardPool } from './engine/shard-pool.js';
import type { RejectedFile } from './load/rejected-file.js';
import type { YamlSource } from './load/yaml-source.js';
import type { SiteSource } from './model.js';
import { renderMarkdown } from './passes/markdown.js';
import { slugify } from './passes/slugify.js';
import { runGraphPasses, runOrderPasses, runSitePasses, type Timer, withDigests } from './pipeline.js';
import { type Assets, siteRoutes } from './routes.js';
import { articlePageRefs, graphPageRefs } from './routes/site-pages.js';
import { siteLinks, siteUrls } from './site-links.js';
import { checkUrlClashes } from './validate/url-clashes.js';
import { consistentSite } from './validate/consistent-site.js';
import { checkInternalLinks, type LinkSource } from './validate/links.js';
import { salvageDataset, salvagePage, salvageTerm } from './validate/salvage.js';
import { checkSemantics, type SemanticOptions } from './validate/semantics.js';

export interface FailedBuild {
  /** The site's valid entities (articles: those the shards read without errors). */
  source: SiteSource;
  sources: Map<string, YamlSource>;
  read: ReadResult;
  /** The loader's files with errors. */
  rejected: RejectedFile[];
  pool: ShardPool;
  assets: () => Promise<Assets>;
  timed: Timer;
  semantics: SemanticOptions;
  limits: OutputLimits;
}

/**
 * The broken links of a site with errors. Empty when the consistent part cannot be made (a check of
 * semantics.ts still fails on it) or a pass fails on it: the errors found so far are the ones to
 * report then, not a failure of this extra search.
 */
export async function remainingLinkErrors(failed: FailedBuild): Promise<Diagnostic[]> {
  const { read, pool, timed } = failed;
  const source = consistentSite(failed.source);
  if (checkSemantics(source, failed.sources, undefined, failed.semantics).length) return [];
  try {
    const keptFiles = new Set(source.articles.map((a) => a.file));
    const digests = await timed('articles', () => digestArticles(read.articles.filter((a) => keptFiles.has(a.meta.file)), pool));
    const order = runOrderPasses(source, timed);
    const graph = runGraphPasses(withDigests(order, digests), timed);
    const families = { articles: articlePageRefs(order), ...graphPageRefs(graph) };
    // No search files: nothing is written, and no content links to them.
    const site = await runSitePasses(graph, digests, undefined, { manifest: '{}', files: [] }, timed);
    const routes = siteRoutes(site, await failed.assets(), families, failed.limits);
    const { urls, clashing } = siteUrls(site, families, routes);
    const links: LinkSource[] = [
      ...siteLinks(site, failed.sources),
      ...read.rejected.map((r) => ({ file: r.meta.file, field: 'body', links: r.links })),
      ...failed.rejected.filter((r) => r.schema === 'page' && r.body).map((r) => pageLinks(r)),
    ];
    return timed('link-check', () => [...checkInternalLinks(links, urls, excusedPaths(failed, read)), ...checkUrlClashes(clashing, source, failed.sources)]);
  } catch {
    return [];
  }
}

function pageLinks(r: RejectedFile): LinkSource {
  const page = salvagePage(r.data, r.problems, r.file, '', r.body!.text, r.body!.line);
  return { file: r.file, field: 'body', links: renderMarkdown(page.body, page.bodyLine).links };
}

/** The site paths that files with errors (or dropped as duplicates) would make. */
function excusedPaths(failed: FailedBuild, read: ReadResult): (path: string) => boolean {
  const stem = (file: string) => file.replace(/^.*\//, '').replace(/\.[^.]+$/, '');
  const articles = new Set([...read.rejected.map((r) => r.meta.slug), ...read.rejected.map((r) => stem(r.meta.file)), ...failed.source.articles.map((a) => a.slug)]);
  const of = (schema: RejectedFile['schema']) => failed.rejected.filter((r) => r.schema === schema);
  const terms = new Set([...of('term').flatMap((r) => [salvageTerm(r.data, r.problems, r.file, stem(r.file)).entity.slug, stem(r.file)]), ...failed.source.terms.map((t) => t.slug)]);
  const datasets = new Set([...of('dataset').flatMap((r) => [salvageDataset(r.data, r.problems, r.file, stem(r.file)).entity.slug, stem(r.file)]), ...failed.source.datasets.map((d) => d.slug)]);
  // A page whose file name is no slug is meant to have the address its rename gives.
  const pages = new Set(of('page').flatMap((r) => [stem(r.file), slugify(stem(r.file))]));
  const downloads = failed.semantics.mayExist ?? new Set<string>();
  const patterns: [RegExp, Set<string>][] = [
    [/^\/articles\/([^/]+?)(?:\.answer\.json|\.json|\.md)?$/, articles],
    [/^\/recommendations\/article\/([^/]+)$/, articles],
    [/^\/glossary\/([^/]+)$/, terms],
    [/^\/recommendations\/term\/([^/]+)$/, terms],
    [/^\/datasets\/([^/]+?)(?:\.json)?$/, datasets],
    [/^\/([^/]+)$/, pages],
  ];
  return (path) => downloads.has(path) || patterns.some(([pattern, slugs]) => slugs.has(pattern.exec(path)?.[1] ?? '\0'));
}
