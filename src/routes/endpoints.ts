import type { Endpoint } from '../../templates/types.js';
import { FEEDS } from './feeds.js';

/** The machine-readable entry points the site serves, with what each returns; listed on /api and
 * /for-ai-systems and in /for-ai-systems/index.json. routes.ts asserts each exists (tested). */
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
