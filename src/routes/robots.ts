/**
 * robots.txt: crawl everything, the sitemaps, and the site's AI-use preferences from site.yaml as a
 * Content Signals line (https://contentsignals.org/, the `Content-Signal` directive of the
 * robots.txt group it sits in): `search` (indexing and showing links with short excerpts),
 * `ai-input` (giving the content to an AI model to answer with, e.g. retrieval or grounding) and
 * `ai-train` (training or fine-tuning models), each yes or no. A preference, not access control.
 * Reads: nothing. Writes: nothing.
 */
import type { SiteConfig } from '../model.js';

/** The robots.txt of a site. */
export function robotsTxt(config: Pick<SiteConfig, 'baseUrl' | 'license' | 'contentSignals'>): string {
  const yn = (allowed: boolean) => (allowed ? 'yes' : 'no');
  const { search, aiInput, aiTrain } = config.contentSignals;
  return [
    '# Content signals (https://contentsignals.org/): how content fetched from this site may be used.',
    '# search: building a search index and showing links and short excerpts in results.',
    '# ai-input: giving the content to an AI model to answer with (retrieval, grounding).',
    '# ai-train: training or fine-tuning AI models.',
    `# The content is licensed ${config.license.name} (${config.license.url}); /llms.txt says how to attribute it.`,
    'User-agent: *',
    `Content-Signal: search=${yn(search)}, ai-input=${yn(aiInput)}, ai-train=${yn(aiTrain)}`,
    'Allow: /',
    '',
    `Sitemap: ${config.baseUrl}/sitemap.xml`,
    `Sitemap: ${config.baseUrl}/sitemaps/answers.xml`,
    '',
  ].join('\n');
}
