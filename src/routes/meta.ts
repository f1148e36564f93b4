/** Page metadata (spec §2): "{page title} | {product}" unless the page title is the site name. */
import type { SiteConfig } from '../model.js';
import type { PageMeta } from '../../templates/types.js';

export function pageTitle(config: SiteConfig, title: string): string {
  return title === config.name ? title : `${title} | ${config.name}`;
}

export function makeMeta(
  config: SiteConfig,
  page: { title: string; description: string; url: string; keywords?: string[]; ogType?: 'website' | 'article'; jsonLd?: object[]; noindex?: boolean },
): PageMeta {
  return {
    title: pageTitle(config, page.title),
    description: page.description,
    canonical: `${config.baseUrl}${page.url === '/' ? '/' : page.url}`,
    keywords: page.keywords ?? config.keywords,
    ogType: page.ogType ?? 'website',
    siteName: config.name,
    jsonLd: page.jsonLd ?? [],
    noindex: page.noindex,
  };
}
