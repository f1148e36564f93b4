/**
 * Machine-readable files of the graph and AI-facing layer (spec §2, §7; DESIGN.md output contract):
 * dataset JSON, /for-ai-systems/index.json (ai-entry-points.ts), the knowledge graph, JSONL/CSV exports, feeds, Markdown
 * mirrors, llms.txt, robots.txt, the IndexNow key, and the manifest with this build's changes.
 */
import type { BuiltSite, OrderedSite } from '../pipeline.js';
import { glossaryMarkdown } from '../passes/markdown-mirrors.js';
import { CITATION_FILES, MARKDOWN_TYPE } from './article-files.js';
import type { OutputLimits } from '../constants.js';
import { headersFile } from '../security.js';
import { feedFileRoutes } from './feeds.js';
import { robotsTxt } from './robots.js';
import { articleExportRoutes } from './article-rows.js';
import { csvTable } from './csv.js';
import { fileInputs } from './file-inputs.js';
import { aiEntryPointRoutes } from './ai-entry-points.js';
import { knowledgeGraphRoutes } from './graph-files.js';
import { llmsFullRoutes, llmsTxtRoutes } from './llms-files.js';
import { searchFileRoutes } from './search-files.js';
import { json } from './machine-files.js';
import type { FileRoute, JoinedRoute } from './types.js';

/** A text file; given a function, it is made only when written. */
const text = (url: string, body: string | (() => string), type: string): FileRoute => ({ kind: 'file', url, body, type });

/** The whole glossary as Markdown: the last part of llms-full.txt, so it is made early (build.ts). */
export function glossaryMarkdownRoute(site: Pick<OrderedSite, 'terms' | 'config'>): FileRoute {
  return text('/glossary.md', () => glossaryMarkdown(site.terms, site.config), MARKDOWN_TYPE);
}

/** `limits`: past them the knowledge graph, llms.txt, llms-full.txt and the AI entry points' article
 * list become indexes of parts. */
export function referenceFileRoutes(site: BuiltSite, limits: OutputLimits): (FileRoute | JoinedRoute)[] {
  const { config } = site;
  const u = (p: string) => `${config.baseUrl}${p}`;
  const routes: (FileRoute | JoinedRoute)[] = [];
  const datasets = [...site.source.datasets].sort((a, b) => a.slug.localeCompare(b.slug));
  const datasetJson = (d: (typeof datasets)[number]) => ({
    slug: d.slug, title: d.title, description: d.description, canonicalUrl: u(`/datasets/${d.slug}`), datePublished: d.datePublished, dateModified: d.dateModified,
    keywords: d.keywords, license: config.license.url, fields: d.fields,
    distributions: d.distributions.map((x) => ({ title: x.title, format: x.format, encodingFormat: x.format, url: x.url, contentUrl: u(x.url), license: config.license.url })),
  });
  routes.push(json('/datasets/index.json', () => ({ site: config.name, license: config.license.url, count: datasets.length, items: datasets.map(datasetJson) })));
  for (const d of datasets) routes.push(json(`/datasets/${d.slug}.json`, datasetJson(d)));

  const inputs = fileInputs(site);
  routes.push(...aiEntryPointRoutes(site, limits));
  routes.push(...knowledgeGraphRoutes(site, limits));

  // `jurisdiction` is the text the glossary shows; `jurisdictions` the list, for grouping and
  // splitting (on "; " in the CSV, as every list), last so that earlier columns keep their places.
  const termRows = () => site.terms.map((t) => ({ slug: t.slug, title: t.title, jurisdiction: t.jurisdiction, tags: t.tags, definition: t.definition, alsoCalled: t.alsoCalled, contrastWith: t.contrastWith, seeAlso: t.seeAlso, dataFields: t.dataFields, lastModified: t.lastModified, jurisdictions: t.jurisdictions }));
  const jsonl = (rows: object[]) => rows.map((r) => JSON.stringify(r)).join('\n') + '\n';
  /** Rows as CSV, columns named by the first row's keys, lists joined by "; "; no rows, no header. */
  const table = (rows: object[]) => {
    if (rows.length === 0) return '';
    const columns = Object.keys(rows[0]);
    return csvTable(columns, rows.map((r) => columns.map((k) => ((v) => (Array.isArray(v) ? v.join('; ') : v))((r as Record<string, unknown>)[k]))));
  };
  routes.push(...articleExportRoutes(site));
  routes.push({ ...text('/exports/glossary.jsonl', () => jsonl(termRows()), 'application/jsonl; charset=utf-8'), inputs: inputs.terms });
  routes.push({ ...text('/exports/glossary.csv', () => table(termRows()), 'text/csv; charset=utf-8'), inputs: inputs.terms });

  routes.push(...feedFileRoutes(site));

  routes.push(glossaryMarkdownRoute(site));
  routes.push(...llmsTxtRoutes(site, limits));
  routes.push(...llmsFullRoutes(site, limits));

  routes.push(text('/robots.txt', robotsTxt(config), 'text/plain; charset=utf-8'));
  if (config.indexnow.key) routes.push(text('/indexnow-key.txt', `${config.indexnow.key}\n`, 'text/plain; charset=utf-8'));
  routes.push(...searchFileRoutes(site.search));
  // Host configuration (never published to object storage: src/publish/host-files.ts): the headers
  // for hosts that read `_headers`, and `.nojekyll`, without which GitHub Pages' branch deploys run
  // Jekyll, which drops `_legalsite/` and turns the Markdown mirrors (front matter) into HTML pages.
  const typed = routes.filter((r): r is FileRoute => r.kind === 'file' && (/\.jsonl$/.test(r.url) || /^\/feeds?[/.]/.test(r.url)));
  // The citation files, which hosts that go by the name send as octet-stream (BibTeX) or not at all.
  const citationTypes = CITATION_FILES.filter((f) => f.suffix !== '.csl.json').map((f) => ({ path: `/articles/*${f.suffix}`, type: f.type }));
  routes.push({ ...text('/_headers', headersFile([...typed.map((r) => ({ path: r.url, type: r.type })), ...citationTypes]), 'text/plain; charset=utf-8'), file: '_headers' });
  routes.push({ ...text('/.nojekyll', '', 'text/plain; charset=utf-8'), file: '.nojekyll' });
  routes.push(json('/_legalsite/manifest.json', () => site.manifest));
  routes.push(json('/_legalsite/changes.json', () => site.changes));
  return routes;
}
