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
import { markdownText as text } from './markdown-text.js';
import { escapeHtmlLike, mapOutsideCode } from './markdown-prose.js';

/** Site paths become absolute URLs; with `page`, so do links to a place on the page itself (`#x`),
 * which in /llms-full.txt, where many articles are joined, would not say which article. */
export function absolutizeLinks(markdown: string, baseUrl: string, page?: string): string {
  const absolute = markdown.replace(/\]\((\/[^)\s]*)\)/g, (_m, path: string) => `](${baseUrl}${path})`);
  return page ? absolute.replace(/\]\((#[^)\s]*)\)/g, (_m, fragment: string) => `](${page}${fragment})`) : absolute;
}

/** The editor's no-link markers (`[words]{.nolink}`, markdown.ts) are for the site's auto-linker only. */
export function stripNoLinkMarkers(markdown: string): string {
  return markdown.replace(/\[([^\]\n]*)\]\{\.nolink\}/g, '$1');
}

/** Each callout as a labelled blockquote, followed by a blank line: a line of text right after a
 * quote would be read as part of it (CommonMark's lazy continuation), the body's next paragraph as
 * the callout's. */
function calloutsToQuotes(markdown: string): string {
  return markdown.replace(/^:::(tip|note|warning)[^\n]*\n([\s\S]*?)^:::[ \t]*$(\n(?=[ \t]*\S))?/gm, (_m, kind: string, inner: string, textAfter?: string) => {
    const label = kind.charAt(0).toUpperCase() + kind.slice(1);
    const quote = inner.trim().split('\n').map((line, i) => `> ${i === 0 ? `**${label}:** ` : ''}${line}`.trimEnd()).join('\n');
    return textAfter ? `${quote}\n\n` : quote;
  });
}

/** Dates quoted, as the content's own front matter has them: a YAML 1.1 reader (PyYAML, js-yaml)
 * would read a plain 2025-08-25 as a timestamp, not the text the JSON mirror has. */
const quoteDates = (yaml: string) => yaml.replace(/^(datePublished|dateModified|lawStatedAt): (\d{4}-\d{2}-\d{2})$/gm, '$1: "$2"');

/** The editor's Markdown as the mirror's (markdown-prose.ts): what the page shows as text stays text. */
const proseOf = (baseUrl: string, page: string) => (markdown: string) => mapOutsideCode(markdown, (prose) => absolutizeLinks(stripNoLinkMarkers(escapeHtmlLike(prose)), baseUrl, page));

export function articleMarkdown(a: Article, fields: ArticleFields, stats: ArticleStats, config: SiteConfig): string {
  const url = `${config.baseUrl}/articles/${a.slug}`;
  const prose = proseOf(config.baseUrl, url);
  const facts = {
    title: a.title, slug: a.slug, url, summary: a.summary, author: a.author, datePublished: a.datePublished, dateModified: a.dateModified,
    ...(a.lawStatedAt ? { lawStatedAt: a.lawStatedAt } : {}),
    jurisdiction: a.jurisdiction, tags: a.tags, readingTime: stats.readingTime, wordCount: stats.wordCount, license: config.license.url,
  };
  const out = ['---', quoteDates(factsYaml(facts)).trimEnd(), '---', '', `# ${text(a.title)}`, '', `> ${text(a.summary)}`, ''];
  if (a.editorialNote) out.push('## Citation guidance', '', prose(a.editorialNote.trim()), '');
  if (fields.answer) {
    out.push(`## ${fields.answer.title}`, '', `Answer ID: answers/${a.slug}#a0`, '');
    // The points as the page's text (their Markdown rendered, then its text), written as text.
    fields.answer.points.forEach((p, i) => out.push(`${i + 1}. ${text(p)}`));
    if (fields.answer.citation) out.push('', `Citation: ${fields.answer.citation}`);
    out.push('');
  }
  if (a.keyTakeaways.length) out.push('## Key takeaways', '', ...a.keyTakeaways.map((t) => `- ${prose(t)}`), '');
  out.push(prose(calloutsToQuotes(a.body.trim())), '');
  // The page's sections that are links, in its order: the files it offers, then (after the
  // references) the pages it points to, each an absolute address as the mirror's other links are.
  if (a.downloads.length) {
    out.push('## Downloads', '', ...a.downloads.map((d) => `- [${text(d.title, { inLink: true })}](${config.baseUrl}${d.href})${d.description ? ` — ${text(d.description)}` : ''}`), '');
  }
  if (fields.faq.length) {
    out.push('## Frequently asked questions', '');
    for (const f of fields.faq) out.push(`### ${text(f.q)}`, '', prose(a.faq.find((x) => x.id === f.id)!.a.trim()), '');
  }
  if (a.references.length) {
    out.push('## References', '');
    a.references.forEach((r, i) => out.push(`${i + 1}. ${r.url ? `[${text(r.title, { inLink: true })}](${r.url})` : text(r.title)}${r.source ? `, ${text(r.source)}` : ''}${r.pinpoint ? ` — ${text(r.pinpoint)}` : ''}`));
    out.push('');
  }
  if (a.seeAlso.length) out.push('## See also', '', ...a.seeAlso.map((ref) => `- <${config.baseUrl}/${ref}>`), '');
  const changes = changeLog(a);
  if (changes.length) out.push('## Changes', '', ...changes.map((c) => `- ${c.date} · ${CHANGE_KIND_LABELS[c.kind]}: ${text(c.summary)}`), '');
  const lawStated = a.lawStatedAt ? ` · Law stated as at ${a.lawStatedAt}` : '';
  out.push('---', '', `Source: ${url} · Last updated ${a.dateModified}${lawStated} · ${config.license.name} (${config.license.url}) · ${EDUCATIONAL_NOTE}`, '');
  return out.join('\n');
}

export function glossaryMarkdown(terms: Term[], config: SiteConfig): string {
  const out = [`# ${text(`${config.name} Glossary`)}`, '', `> ${terms.length} terms. ${config.license.name}. ${EDUCATIONAL_NOTE}`, ''];
  for (const t of terms) {
    const list = (items: string[]) => items.map((item) => text(item)).join(', ');
    out.push(`## ${text(t.title)}`, '', `- URL: ${config.baseUrl}/glossary/${t.slug}`, `- Jurisdiction: ${text(t.jurisdiction)}`);
    if (t.tags.length) out.push(`- Tags: ${list(t.tags)}`);
    if (t.alsoCalled.length) out.push(`- Also called: ${list(t.alsoCalled)}`);
    if (t.contrastWith.length) out.push(`- Contrast with: ${list(t.contrastWith)}`);
    if (t.seeAlso.length) out.push(`- See also: ${list(t.seeAlso)}`);
    if (t.dataFields.length) out.push(`- Data fields: ${list(t.dataFields)}`);
    out.push('', text(t.definition), '');
  }
  return out.join('\n');
}
