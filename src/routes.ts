/**
 * Every URL of the site is decided here (article, term and recommendation pages in
 * routes/page-families.ts): BuiltSite → HTML routes (template + props + metadata), page references
 * (made on the shards) and file routes (bytes + content type). Spec §2 (route table), DESIGN.md "Output contract".
 */
import { OUTPUT_LIMITS, type OutputLimits } from './constants.js';
import type { BuiltSite } from './pipeline.js';
import { analyticsFileRoutes } from './routes/analytics-files.js';
import { mirrorRoutes, templateRoutes } from './routes/machine-files.js';
import { type FamilyRefs, sitePageRoutes } from './routes/site-pages.js';
import { referencePageRoutes } from './routes/reference-pages.js';
import { referenceFileRoutes } from './routes/reference-files.js';
import { sitemapRoutes } from './routes/sitemaps.js';
import { redirectPageRoutes, redirectsFileRoute } from './routes/redirects.js';
import type { FileRoute, HtmlRoute, PageRef, Route } from './routes/types.js';

export type { FileRoute, HtmlRoute, PageRef, Route };

export interface Assets {
  /** Files under /assets/ with content-hashed names, e.g. the stylesheet. */
  files: FileRoute[];
  cssHref: string;
}

/** Every route of the site in URL order: the family pages and the rest (`routes`: siteRoutes). */
export function allRoutes(families: FamilyRefs, routes: Route[]): Route[] {
  return sortByUrl([...families.articles, ...families.terms, ...families.recommendations, ...routes]);
}

/** Every route but the family pages (made before: articlePageRefs and graphPageRefs in
 * routes/site-pages.ts), which the sitemap lists with the rest. `limits`: what one page or file may
 * hold before it is split (constants.ts). */
export function siteRoutes(site: BuiltSite, assets: Assets, families: FamilyRefs, limits: OutputLimits = OUTPUT_LIMITS): Route[] {
  const pages = [...sitePageRoutes(site, families, limits), ...referencePageRoutes(site, families.recommendations, limits)];
  const files = [...mirrorRoutes(site), ...analyticsFileRoutes(site), ...templateRoutes(site), ...referenceFileRoutes(site, limits), ...sitemapRoutes(site, pages, limits), redirectsFileRoute(site), ...assets.files];
  // Redirect pages after the sitemaps are made: no list of the site's pages holds a former address.
  return sortByUrl([...pages.filter((r) => r.kind !== 'page'), ...redirectPageRoutes(site), ...files]);
}

const sortByUrl = (routes: Route[]) => routes.sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
