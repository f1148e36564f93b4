/**
 * What every page shares around its content (templates' Chrome): the site's name, credits and
 * licence, the stylesheet, the page security policy, and the footer's page links.
 * Reads: site.yaml's settings, the pages' bodies (headings). Writes: nothing.
 */
import type { SiteSource } from '../model.js';
import type { PageBody } from '../passes/page-html.js';
import { DEFAULT_CHRONOLOGY_BUILDER_URL } from '../constants.js';
import { META_CONTENT_SECURITY_POLICY } from '../security.js';
import type { Chrome } from '../../templates/types.js';

export function chromeOf(source: SiteSource, pageBodies: Map<string, PageBody>, cssHref: string): Chrome {
  const { config } = source;
  return {
    siteName: config.name,
    tagline: config.tagline,
    publisherName: config.publisher.name,
    publisherUrl: config.publisher.url,
    licenseName: config.license.name,
    licenseUrl: config.license.url,
    chronologyBuilderUrl: chronologyBuilderHref(config.chronologyBuilderUrl, source.pages.map((p) => p.name)),
    cssHref,
    contentSecurityPolicy: META_CONTENT_SECURITY_POLICY,
    language: config.language,
    pageLinks: footerPageLinks(source.pages.map((p) => p.name), pageBodies),
  };
}

/** The footer's chronology-builder link: its default, /about, is the placeholder "#" on a site
 * without that page; any other site path is checked as a link (site-links.ts). */
function chronologyBuilderHref(url: string, names: string[]): string {
  return url === DEFAULT_CHRONOLOGY_BUILDER_URL && !names.includes('about') ? '#' : url;
}

const FOOTER_PAGES: { name: string; label: string; fragment?: string }[] = [
  { name: 'about', label: 'About' },
  { name: 'privacy', label: 'Privacy' },
  { name: 'terms', label: 'Terms' },
  { name: 'legal-disclaimer', label: 'Legal Disclaimer' },
  { name: 'about', label: 'Publishing Principles', fragment: 'publishing-principles' },
];

/** The footer's page links (spec §2), for the pages this site has; a fragment only where it exists. */
function footerPageLinks(names: string[], bodies: Map<string, { headings: { id: string }[] }>): { href: string; label: string }[] {
  return FOOTER_PAGES.filter((p) => names.includes(p.name) && (!p.fragment || bodies.get(p.name)?.headings.some((h) => h.id === p.fragment))).map((p) => ({
    href: `/${p.name}${p.fragment ? `#${p.fragment}` : ''}`,
    label: p.label,
  }));
}
