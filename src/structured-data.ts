/**
 * JSON-LD objects for each page type (schema.org): WebSite with SearchAction, Article, BreadcrumbList,
 * DefinedTermSet / DefinedTerm, FAQPage, ItemList, Dataset. Plain objects; Head serialises them.
 * Spec §2 (page metadata), §9 (10 items in lists, 50 terms on the glossary).
 */
import type { ArticleMeta, Dataset, SiteConfig, Term } from './model.js';
import { closingIndex, markupText, readMarkup } from './html/markup.js';
import { correctionsOf } from './passes/change-log.js';

const CONTEXT = 'https://schema.org';

export function publisherLd(config: SiteConfig) {
  return { '@type': 'Organization', name: config.publisher.name, url: config.publisher.url ?? config.baseUrl };
}

export function websiteLd(config: SiteConfig) {
  return {
    '@context': CONTEXT,
    '@type': 'WebSite',
    name: config.name,
    url: `${config.baseUrl}/`,
    description: config.description,
    inLanguage: config.language,
    publisher: publisherLd(config),
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${config.baseUrl}/search?q={q}` },
      'query-input': 'required name=q',
    },
  };
}

export function breadcrumbLd(config: SiteConfig, crumbs: { label: string; href?: string }[]) {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.label,
      ...(c.href ? { item: `${config.baseUrl}${c.href === '/' ? '/' : c.href}` } : {}),
    })),
  };
}

export function articleLd(config: SiteConfig, a: ArticleMeta, wordCount: number, bodyHtml = '') {
  const url = `${config.baseUrl}/articles/${a.slug}`;
  const common = {
    '@context': CONTEXT,
    '@type': a.schemaType,
    headline: a.title,
    description: a.description,
    url,
    mainEntityOfPage: url,
    datePublished: a.datePublished,
    dateModified: a.dateModified,
    author: { '@type': 'Organization', name: a.author },
    publisher: publisherLd(config),
    license: config.license.url,
    inLanguage: config.language,
    keywords: a.tags.join(', '),
  };
  // A HowTo is named and made of steps (schema.org; Google's HowTo guidelines require both), and
  // wordCount and articleSection are Article's own properties, not a HowTo's.
  if (a.schemaType === 'HowTo') {
    const step = howToSteps(bodyHtml);
    return { ...common, name: a.title, ...(step.length ? { step } : {}), isAccessibleForFree: true, ...correctionLd(a) };
  }
  return {
    ...common,
    wordCount,
    isAccessibleForFree: true,
    articleSection: 'Legal Technology',
    // schema.org `correction`: each correction as a CorrectionComment, newest first.
    ...correctionLd(a),
  };
}

/**
 * A HowTo's steps: the items of the first ordered list of its body (a numbered list is how an
 * article writes a procedure), each a HowToStep with its text, named by its leading bold words
 * ("**Prepare.** Record the tools…" is the step "Prepare") when it has them. None without such a list.
 */
export function howToSteps(bodyHtml: string): { '@type': 'HowToStep'; position: number; name?: string; text: string }[] {
  if (!bodyHtml.includes('<ol')) return [];
  const markup = readMarkup(bodyHtml);
  const ol = markup.findIndex((m) => m.kind === 'open' && m.name === 'ol');
  if (ol < 0) return [];
  const end = closingIndex(markup, ol);
  const steps: { '@type': 'HowToStep'; position: number; name?: string; text: string }[] = [];
  for (let i = ol + 1; i < end; i++) {
    const item = markup[i];
    if (item.kind !== 'open' || item.name !== 'li') continue;
    const close = closingIndex(markup, i);
    const text = markupText(markup, i, close).replace(/\s+/g, ' ').trim();
    // The item's first element, past line breaks and the <p> of a loose list's item.
    let at = i + 1;
    while (at < close && markup[at].kind === 'text' && !(markup[at] as { value: string }).value.trim()) at++;
    if ((markup[at] as { name?: string }).name === 'p' && markup[at].kind === 'open') at++;
    const lead = markup[at];
    const name = lead?.kind === 'open' && lead.name === 'strong' ? markupText(markup, at, closingIndex(markup, at)).trim().replace(/[.:]$/, '') : undefined;
    steps.push({ '@type': 'HowToStep', position: steps.length + 1, ...(name ? { name } : {}), text });
    i = close;
  }
  return steps;
}

function correctionLd(a: ArticleMeta) {
  const corrections = correctionsOf(a);
  if (corrections.length === 0) return {};
  return { correction: corrections.map((c) => ({ '@type': 'CorrectionComment', text: c.summary, datePublished: c.date })) };
}

/**
 * Highwire Press `citation_*` meta tags, which Google Scholar's inclusion guidelines ask for and
 * reference managers (Zotero's page translators) read: title, author, the publication and online
 * dates (slash-separated, as Scholar's guidelines write them: 2025/8/25), the page's URL, the
 * publisher and the language.
 */
export function highwireTags(config: SiteConfig, a: ArticleMeta): [string, string][] {
  const date = a.datePublished.split('-').map(Number).join('/');
  const url = `${config.baseUrl}/articles/${a.slug}`;
  return [
    ['citation_title', a.title],
    ['citation_author', a.author],
    ['citation_publication_date', date],
    ['citation_online_date', date],
    ['citation_publisher', config.publisher.name],
    ['citation_public_url', url],
    ['citation_abstract_html_url', url],
    ['citation_fulltext_html_url', url],
    ['citation_language', config.language],
    ...a.tags.map((t): [string, string] => ['citation_keywords', t]),
  ];
}

export function faqLd(faq: { q: string; aText: string }[]) {
  return {
    '@context': CONTEXT,
    '@type': 'FAQPage',
    mainEntity: faq.map((f) => ({ '@type': 'Question', name: f.q, acceptedAnswer: { '@type': 'Answer', text: f.aText } })),
  };
}

export function itemListLd(config: SiteConfig, name: string, items: { url: string; name: string }[]) {
  return {
    '@context': CONTEXT,
    '@type': 'ItemList',
    name,
    numberOfItems: items.length,
    itemListElement: items.map((it, i) => ({ '@type': 'ListItem', position: i + 1, url: `${config.baseUrl}${it.url}`, name: it.name })),
  };
}

export function definedTermLd(config: SiteConfig, t: Term) {
  return {
    '@type': 'DefinedTerm',
    '@id': `${config.baseUrl}/glossary/${t.slug}`,
    name: t.title,
    description: t.definition,
    url: `${config.baseUrl}/glossary/${t.slug}`,
    termCode: t.slug,
    ...(t.alsoCalled.length ? { alternateName: t.alsoCalled } : {}),
    inDefinedTermSet: `${config.baseUrl}/glossary`,
  };
}

export function definedTermSetLd(config: SiteConfig, terms: Term[]) {
  return {
    '@context': CONTEXT,
    '@type': 'DefinedTermSet',
    '@id': `${config.baseUrl}/glossary`,
    name: `${config.name} Glossary`,
    url: `${config.baseUrl}/glossary`,
    license: config.license.url,
    hasDefinedTerm: terms.map((t) => definedTermLd(config, t)),
  };
}

/** The knowledge graph as a schema.org Dataset whose download is /api/knowledge-graph.json (spec §7:
 * "A link to /api/knowledge-graph.json appears in structured data"), on the /api page. */
export function knowledgeGraphLd(config: SiteConfig, dateModified: string) {
  return {
    '@context': CONTEXT,
    '@type': 'Dataset',
    name: `${config.name} knowledge graph`,
    description: `Every article and glossary term of ${config.name} and the links between them (mentions, see-also links, shared tags, contrasts), as JSON.`,
    url: `${config.baseUrl}/api`,
    dateModified,
    license: config.license.url,
    isAccessibleForFree: true,
    creator: publisherLd(config),
    publisher: publisherLd(config),
    distribution: [{ '@type': 'DataDownload', name: 'Knowledge graph (JSON)', encodingFormat: 'application/json', contentUrl: `${config.baseUrl}/api/knowledge-graph.json` }],
  };
}

export function datasetLd(config: SiteConfig, d: Dataset) {
  return {
    '@context': CONTEXT,
    '@type': 'Dataset',
    name: d.title,
    description: d.description,
    url: `${config.baseUrl}/datasets/${d.slug}`,
    datePublished: d.datePublished,
    dateModified: d.dateModified,
    keywords: d.keywords,
    license: config.license.url,
    isAccessibleForFree: true,
    creator: publisherLd(config),
    publisher: publisherLd(config),
    distribution: d.distributions.map((x) => ({ '@type': 'DataDownload', name: x.title, encodingFormat: x.format, contentUrl: `${config.baseUrl}${x.url}` })),
  };
}
