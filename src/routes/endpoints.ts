import type { OutputLimits } from '../constants.js';
import type { BuiltSite } from '../pipeline.js';
import type { Endpoint } from '../../templates/types.js';
import { FEEDS } from './feeds.js';
import { graphIsSplit } from './graph-files.js';
import { fullTextParts } from './llms-files.js';

/** The machine-readable entry points of a site that fits every limit, with what each returns. */
export const ENDPOINTS: Endpoint[] = [
  { url: '/articles/index.json', format: 'JSON', description: 'Every article: slug, title, summary, dates, tags, jurisdiction, reading time, word count, hasAnswer.' },
  { url: '/articles/{slug}.json', format: 'JSON', description: 'One article: metadata, answer, key takeaways, body HTML with paragraph anchors, FAQ, references.' },
  { url: '/articles/{slug}.answer.json', format: 'JSON', description: 'The structured answer block of one article, with ID answers/{slug}#a0.' },
  { url: '/articles/{slug}.md', format: 'Markdown', description: 'A clean Markdown mirror of one article.' },
  { url: '/glossary.json', format: 'JSON', description: 'Every glossary term with definition, alternate names, cross-references and data fields.' },
  { url: '/glossary.md', format: 'Markdown', description: 'The whole glossary as Markdown.' },
  { url: '/datasets/index.json', format: 'JSON', description: 'Every dataset with its distributions.' },
  { url: '/datasets/{slug}.json', format: 'JSON', description: 'One dataset: description, fields, distributions (JSON Schema, CSV template).' },
  { url: '/api/knowledge-graph.json', format: 'JSON', description: 'Nodes (articles, terms) and edges (mentions, see-also, contrast, shared tags) with strengths.' },
  { url: '/api/published.json', format: 'JSON', description: 'Every published URL, the anchors of each page (the paragraph and section ids a citation may point at), and the addresses of renamed pages that redirect.' },
  { url: '/exports/articles.jsonl', format: 'JSON Lines', description: 'One article index item per line.' },
  { url: '/exports/articles.csv', format: 'CSV', description: 'The article index as CSV.' },
  { url: '/exports/glossary.jsonl', format: 'JSON Lines', description: 'One glossary term per line.' },
  { url: '/exports/glossary.csv', format: 'CSV', description: 'The glossary as CSV.' },
  { url: '/for-ai-systems/index.json', format: 'JSON', description: 'This list, with licence and citation guidance, for automated clients.' },
  { url: '/feed.xml', format: 'RSS 2.0', description: 'The latest 50 articles and terms.' },
  ...FEEDS.map((f) => ({ url: f.file, format: f.format, description: `${f.description} (${f.page} is a page that points to it.)` })),
  { url: '/sitemap.xml', format: 'XML sitemap', description: 'Every HTML page with its last-modified date.' },
  { url: '/sitemaps/answers.xml', format: 'XML sitemap', description: 'Every article answer.' },
  { url: '/robots.txt', format: 'Text', description: 'Crawling rules and sitemap locations.' },
  { url: '/llms.txt', format: 'Markdown (llms.txt)', description: 'A short guide to the site for language models, with links to the Markdown mirrors.' },
  { url: '/llms-full.txt', format: 'Markdown', description: 'Every article and the glossary in one Markdown file.' },
  { url: '/indexnow-key.txt', format: 'Text', description: 'The IndexNow key that verifies update notifications.' },
];

/** The entry points of this site, listed on /api and /for-ai-systems and in
 * /for-ai-systems/index.json: ENDPOINTS, where a file is split into parts (limits) with what its
 * address then holds and its parts' addresses after it. Every one without a {placeholder} exists (tested). */
export function siteEndpoints(site: Pick<BuiltSite, 'articles' | 'terms' | 'stats'>, limits: OutputLimits): Endpoint[] {
  const graphSplit = graphIsSplit(site, limits);
  const llmsSplit = site.articles.length > limits.llmsTxtArticles;
  const fullSplit = fullTextParts(site, limits.llmsFullPartWords).length > 1;
  const aiSplit = site.articles.length > limits.aiIndexArticles;
  return ENDPOINTS.flatMap((e): Endpoint[] => {
    if (e.url === '/for-ai-systems/index.json' && aiSplit) {
      return [
        { ...e, description: 'This list, with licence and citation guidance, for automated clients, and the addresses of the lists of articles.' },
        { url: '/for-ai-systems/articles-{n}.json', format: 'JSON', description: `List n of the articles, newest first, ${limits.aiIndexArticles} to a file: each with its page, JSON, Markdown and answer addresses and its last-modified date.` },
      ];
    }
    if (e.url === '/api/knowledge-graph.json' && graphSplit) {
      return [
        { ...e, description: "An index of the knowledge graph's parts: node and edge counts and each part's address." },
        { url: '/api/knowledge-graph/part-{n}.json', format: 'JSON', description: `Part n of the knowledge graph: a run of nodes (articles, terms) in id order, and every edge pointing at them (mentions, see-also, contrast, shared tags) with strengths; at most ${limits.graphPartNodes} nodes and ${limits.graphPartEdges} edges, unless one node has more.` },
      ];
    }
    if (e.url === '/llms.txt' && llmsSplit) {
      return [
        { ...e, description: 'A short guide to the site for language models: its topics and the lists of its articles.' },
        { url: '/llms/articles-{n}.txt', format: 'Markdown (llms.txt)', description: `List n of the articles, newest first, ${limits.llmsLinksPerFile} to a file, with links to their Markdown mirrors.` },
        { url: '/llms/topics/{topic}.txt', format: 'Markdown (llms.txt)', description: "A topic's newest articles and its glossary terms." },
      ];
    }
    if (e.url === '/llms-full.txt' && fullSplit) {
      return [
        { ...e, description: "An index of the full text's parts and the glossary." },
        { url: '/llms-full/part-{n}.txt', format: 'Markdown', description: `Part n of every article in Markdown, newest first: whole articles, at most ${limits.llmsFullPartWords} words.` },
      ];
    }
    return [e];
  });
}
