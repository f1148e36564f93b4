/**
 * Clean Markdown mirrors for language models (llmstxt.org convention): one file per article (front
 * matter facts, answer, takeaways, body, FAQ, references) and the glossary, the parts /llms-full.txt
 * is joined from; llms.txt itself is llms-txt.ts. Site paths become absolute URLs; callout
 * containers become labelled blockquotes.
 * Reads: config, articles, terms, fields. Writes: Markdown strings.
 */
import { EDUCATIONAL_NOTE } from '../constants.js';
import type { Article, ArticleStats, SiteConfig, Term } from '../model.js';
import type { ArticleFields } from './article-fields.js';
import { CHANGE_KIND_LABELS, changeLog } from './change-log.js';
import { factsYaml } from './facts-yaml.js';

export function absolutizeLinks(markdown: string, baseUrl: string): string {
  return markdown.replace(/\]\((\/[^)\s]*)\)/g, (_m, path: string) => `](${baseUrl}${path})`);
}

/** The editor's no-link markers (`[words]{.nolink}`, markdown.ts) are for the site's auto-linker only. */
export function stripNoLinkMarkers(markdown: string): string {
  return markdown.replace(/\[([^\]\n]*)\]\{\.nolink\}/g, '$1');
}

function calloutsToQuotes(markdown: string): string {
  return markdown.replace(/^:::(tip|note|warning)[^\n]*\n([\s\S]*?)^:::\s*$/gm, (_m, kind: string, inner: string) => {
    const label = kind.charAt(0).toUpperCase() + kind.slice(1);
    return inner.trim().split('\n').map((line, i) => `> ${i === 0 ? `**${label}:** ` : ''}${line}`.trimEnd()).join('\n');
  });
}

export function articleMarkdown(a: Article, fields: ArticleFields, stats: ArticleStats, config: SiteConfig): string {
  const url = `${config.baseUrl}/articles/${a.slug}`;
  const facts = {
    title: a.title, slug: a.slug, url, summary: a.summary, author: a.author, datePublished: a.datePublished, dateModified: a.dateModified,
    ...(a.lawStatedAt ? { lawStatedAt: a.lawStatedAt } : {}),
    jurisdiction: a.jurisdiction, tags: a.tags, readingTime: stats.readingTime, wordCount: stats.wordCount, license: config.license.url,
  };
  const out = ['---', factsYaml(facts).trimEnd(), '---', '', `# ${a.title}`, '', `> ${a.summary}`, ''];
  if (a.editorialNote) out.push('## Citation guidance', '', a.editorialNote.trim(), '');
  if (fields.answer) {
    out.push(`## ${fields.answer.title}`, '', `Answer ID: answers/${a.slug}#a0`, '');
    fields.answer.points.forEach((p, i) => out.push(`${i + 1}. ${p}`));
    if (fields.answer.citation) out.push('', `Citation: ${fields.answer.citation}`);
    out.push('');
  }
  if (a.keyTakeaways.length) out.push('## Key takeaways', '', ...a.keyTakeaways.map((t) => `- ${t}`), '');
  out.push(absolutizeLinks(calloutsToQuotes(stripNoLinkMarkers(a.body.trim())), config.baseUrl), '');
  if (fields.faq.length) {
    out.push('## Frequently asked questions', '');
    for (const f of fields.faq) out.push(`### ${f.q}`, '', absolutizeLinks(stripNoLinkMarkers(a.faq.find((x) => x.id === f.id)!.a.trim()), config.baseUrl), '');
  }
  if (a.references.length) {
    out.push('## References', '');
    a.references.forEach((r, i) => out.push(`${i + 1}. ${r.url ? `[${r.title}](${r.url})` : r.title}${r.source ? `, ${r.source}` : ''}${r.pinpoint ? ` — ${r.pinpoint}` : ''}`));
    out.push('');
  }
  const changes = changeLog(a);
  if (changes.length) out.push('## Changes', '', ...changes.map((c) => `- ${c.date} · ${CHANGE_KIND_LABELS[c.kind]}: ${c.summary}`), '');
  const lawStated = a.lawStatedAt ? ` · Law stated as at ${a.lawStatedAt}` : '';
  out.push('---', '', `Source: ${url} · Last updated ${a.dateModified}${lawStated} · ${config.license.name} (${config.license.url}) · ${EDUCATIONAL_NOTE}`, '');
  return out.join('\n');
}

export function glossaryMarkdown(terms: Term[], config: SiteConfig): string {
  const out = [`# ${config.name} Glossary`, '', `> ${terms.length} terms. ${config.license.name}. ${EDUCATIONAL_NOTE}`, ''];
  for (const t of terms) {
    out.push(`## ${t.title}`, '', `- URL: ${config.baseUrl}/glossary/${t.slug}`, `- Jurisdiction: ${t.jurisdiction}`);
    if (t.tags.length) out.push(`- Tags: ${t.tags.join(', ')}`);
    if (t.alsoCalled.length) out.push(`- Also called: ${t.alsoCalled.join(', ')}`);
    if (t.contrastWith.length) out.push(`- Contrast with: ${t.contrastWith.join(', ')}`);
    if (t.seeAlso.length) out.push(`- See also: ${t.seeAlso.join(', ')}`);
    if (t.dataFields.length) out.push(`- Data fields: ${t.dataFields.join(', ')}`);
    out.push('', t.definition, '');
  }
  return out.join('\n');
}
