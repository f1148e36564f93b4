/**
 * /llms.txt and the files it leads to, in the llmstxt.org format: an H1 with the site's name, a
 * blockquote summary, a paragraph of guidance (no headings), then H2 sections of link lists
 * (`- [name](url): notes`), the last one "Optional".
 * - A site of up to `llmsTxtArticles` articles: llms.txt lists every article's Markdown mirror.
 * - A larger one: llms.txt stays a short index (issue 18: under 50 KB at 10,000 articles): its
 *   topics (the topic clusters, each a file of its newest articles and its terms), the article lists
 *   (numbered files, newest first) and the full text's index; each linked file in the same format.
 * - llms-full.txt, once the articles do not fit one part: an index of the parts (each a run of whole
 *   articles, newest first) and the glossary, which joined in that order with a blank line between
 *   them are the single file a smaller site has.
 * Reads: config, articles, datasets, clusters. Writes: Markdown strings. Needs: topic-clusters.
 */
import { EDUCATIONAL_NOTE } from '../constants.js';
import type { ArticleMeta, Dataset, SiteConfig } from '../model.js';
import type { TopicCluster } from '../model/topic-cluster.js';
import { markdownText as text } from './markdown-text.js';

const absolute = (config: SiteConfig) => (p: string) => `${config.baseUrl}${p}`;

/** The H1, summary and guidance every llms file of the site opens with; the site's name, tagline
 * and descriptions are text, escaped as titles are (a `<` in a name would open a tag). */
function preamble(config: SiteConfig, title = config.name, summary = config.description.trim()): string[] {
  return [
    `# ${text(title)}`,
    '',
    `> ${text(summary)}`,
    '',
    `${text(config.tagline)} Content is licensed ${config.license.name} (${config.license.url}); cite the page and paragraph anchor (#{slug}-p001) with the last-updated date. The Markdown files carry no anchors: each article's JSON mirror (its URL with .json) lists its paragraphs with their ids and text under sections.paragraphs; paragraph numbers are ids, not positions. ${EDUCATIONAL_NOTE}`,
    '',
  ];
}

const articleLine = (u: (p: string) => string) => (a: Pick<ArticleMeta, 'slug' | 'title' | 'summary'>) => `- [${text(a.title, { inLink: true })}](${u(`/articles/${a.slug}.md`)}): ${text(a.summary.trim())}`;

function glossaryAndDatasets(u: (p: string) => string, datasets: Dataset[], termCount: number): string[] {
  return [
    '## Glossary',
    '',
    `- [Glossary (Markdown)](${u('/glossary.md')}): ${termCount} legal, evidence and e-discovery terms`,
    `- [Glossary (JSON)](${u('/glossary.json')}): the same terms with cross-references and data fields`,
    '',
    '## Datasets',
    '',
    ...datasets.map((d) => `- [${text(d.title, { inLink: true })}](${u(`/datasets/${d.slug}.json`)}): ${text(d.description.trim())}`),
    '',
  ];
}

function optional(u: (p: string) => string, fullText: string): string[] {
  return [
    '## Optional',
    '',
    `- [Full text](${u('/llms-full.txt')}): ${fullText}`,
    `- [For AI systems](${u('/for-ai-systems')}): citation, licence and crawling etiquette`,
    `- [Entry points](${u('/for-ai-systems/index.json')}): the machine-readable files, and what each returns`,
    '',
  ];
}

/** llms.txt of a site small enough to list every article. */
export function llmsTxt(config: SiteConfig, articles: ArticleMeta[], datasets: Dataset[], termCount: number): string {
  const u = absolute(config);
  return [
    ...preamble(config),
    '## Articles',
    '',
    ...articles.map(articleLine(u)),
    '',
    ...glossaryAndDatasets(u, datasets, termCount),
    ...optional(u, 'every article and the glossary in one file'),
  ].join('\n');
}

/** One of the numbered article lists, or a topic's file: what llms.txt links to on a large site. */
export interface LlmsFile {
  url: string;
  /** The link's name in llms.txt. */
  title: string;
  /** The link's notes in llms.txt. */
  notes: string;
}

/** llms.txt of a large site: topics, the article lists, the glossary and datasets, the full text. */
export function llmsIndexTxt(config: SiteConfig, o: { articleCount: number; termCount: number; datasets: Dataset[]; topics: LlmsFile[]; lists: LlmsFile[]; fullTextParts: number }): string {
  const u = absolute(config);
  const link = (f: LlmsFile) => `- [${f.title}](${u(f.url)}): ${f.notes}`;
  return [
    ...preamble(config),
    `The site has ${o.articleCount} articles and ${o.termCount} glossary terms, too many to list here: the articles are listed, newest first, in ${o.lists.length} files below, each linking to every article's Markdown; the topics lead to the newest articles and the terms of each.`,
    '',
    '## Topics',
    '',
    ...o.topics.map(link),
    '',
    '## Articles',
    '',
    ...o.lists.map(link),
    '',
    ...glossaryAndDatasets(u, o.datasets, o.termCount),
    ...optional(u, `every article and the glossary, in ${o.fullTextParts} parts listed there`),
  ].join('\n');
}

/** A numbered list of articles (newest first) that llms.txt links to. */
export function llmsArticleList(config: SiteConfig, n: number, of: number, articles: ArticleMeta[]): string {
  const u = absolute(config);
  return [
    ...preamble(config, `${config.name}: articles, list ${n} of ${of}`, `Articles of ${config.name}, newest first, each linking to its Markdown mirror. The site's guide is ${u('/llms.txt')}.`),
    '## Articles',
    '',
    ...articles.map(articleLine(u)),
    '',
  ].join('\n');
}

/** A topic's file: its description, its newest articles (at most `shown`) and its terms (as many). */
export function llmsTopicTxt(config: SiteConfig, cluster: TopicCluster, articles: ArticleMeta[], shown: number): string {
  const u = absolute(config);
  const more = cluster.articles.length > shown ? ` The newest ${shown} are listed here; the article lists of ${u('/llms.txt')} hold them all.` : '';
  const termsMore = cluster.terms.length > shown ? ` (the first ${shown} of ${cluster.terms.length}, by title)` : '';
  return [
    ...preamble(config, `${config.name}: ${cluster.name}`, `${cluster.description.trim() || `Articles and glossary terms on ${cluster.name}.`} ${cluster.articles.length} articles and ${cluster.terms.length} glossary terms.${more}`),
    '## Articles',
    '',
    ...articles.slice(0, shown).map(articleLine(u)),
    '',
    `## Glossary terms${termsMore}`,
    '',
    ...cluster.terms.slice(0, shown).map((t) => `- [${text(t.title, { inLink: true })}](${u(`/glossary/${t.slug}`)})`),
    '',
  ].join('\n');
}

/** One part of the full text, as its index lists it. */
export interface FullTextPart {
  url: string;
  articles: ArticleMeta[];
  words: number;
}

/** llms-full.txt of a site whose articles take more than one part: the parts, then the glossary. */
export function llmsFullIndex(config: SiteConfig, parts: FullTextPart[], termCount: number, wordsPerPart: number): string {
  const u = absolute(config);
  let first = 1;
  const lines = parts.map((p, i) => {
    const from = first;
    first += p.articles.length;
    const dates = `published ${p.articles[p.articles.length - 1].datePublished} to ${p.articles[0].datePublished}`;
    return `- [Part ${i + 1} of ${parts.length}](${u(p.url)}): articles ${from} to ${first - 1}, newest first, ${dates}, ${p.words} words`;
  });
  return [
    ...preamble(
      config, `${config.name}: full text`,
      `Every article of ${config.name} in Markdown, newest first, in ${parts.length} parts of at most ${wordsPerPart} words of article text each (one article longer than that is a part of its own), then the glossary. Joined in this order with a blank line between them, they are the whole text in one file.`,
    ),
    '## Parts',
    '',
    ...lines,
    '',
    '## Glossary',
    '',
    `- [Glossary (Markdown)](${u('/glossary.md')}): ${termCount} legal, evidence and e-discovery terms, the last part of the full text`,
    '',
  ].join('\n');
}
