/** The copy formats of spec §9: citation, summary, LLM format and key takeaways. Pure functions. */

export interface ArticleCopyData {
  slug: string;
  title: string;
  url: string;
  product: string;
  dateModified: string;
  jurisdiction: string;
  tags: string[];
  points: string[];
  takeaways: string[];
  sources: { title: string; url?: string; pinpoint?: string }[];
  license: string;
}

/** "{title} — {product}, {url}#{section} (Last updated: {date})" */
export function citationText(d: ArticleCopyData, section = 'answer'): string {
  return `${d.title} — ${d.product}, ${d.url}#${section} (Last updated: ${d.dateModified})`;
}

/** The whole article, for "Cite this": the spec's format without a section (the citation names the
 * article, not a part of it). */
export function articleCitationText(d: ArticleCopyData): string {
  return `${d.title} — ${d.product}, ${d.url} (Last updated: ${d.dateModified})`;
}

/** One paragraph (`id`, its cite anchor; `n`, its number, which the page's ¶ link carries): the
 * spec's format with the anchor as its section and the number as the pinpoint ("para 14"), where a
 * citation of a page or section would give one. */
export function pinpointCitationText(d: ArticleCopyData, id: string, n: number): string {
  return `${d.title} — ${d.product}, para ${n}, ${d.url}#${id} (Last updated: ${d.dateModified})`;
}

export function summaryText(d: ArticleCopyData): string {
  return [d.title, '', ...d.points.map((p, i) => `${i + 1}. ${p}`)].join('\n');
}

export function llmText(d: ArticleCopyData): string {
  return [
    `ID: answers/${d.slug}#a0`,
    `Title: ${d.title}`,
    `URL: ${d.url}`,
    `Jurisdiction: ${d.jurisdiction}`,
    `Tags: ${d.tags.join(', ')}`,
    '',
    'Answer:',
    ...d.points.map((p, i) => `${i + 1}. ${p}`),
    '',
    'Sources:',
    ...(d.sources.length ? d.sources.map((s) => `- ${s.title}${s.pinpoint ? `, ${s.pinpoint}` : ''}${s.url ? ` <${s.url}>` : ''}`) : ['- (none listed)']),
    '',
    `Last updated: ${d.dateModified}`,
    `License: ${d.license}`,
  ].join('\n');
}

export function takeawaysText(d: ArticleCopyData): string {
  return [`Key takeaways — ${d.title}`, '', ...d.takeaways.map((t) => `- ${t}`), '', d.url].join('\n');
}
