/**
 * The JSON mirrors of spec §3 and §7: the article index, one file per article, one answer block per
 * article with an answer, and the glossary. Plain objects here; routes.ts serialises them.
 * Reads: config, ordered articles and terms, bodies, fields, stats. Writes: mirror objects.
 * Needs: article-html, article-fields, reading-time.
 */
import type { Article, ArticleMeta, ArticleStats, SiteConfig, Term } from '../model.js';
import type { ArticleBody } from './article-html.js';
import { movedToHref, type PinEntry, paragraphId } from '../model/pinpoints.js';
import { type ArticleFields, hasAnswer } from './article-fields.js';
import { changeLog } from './change-log.js';

export interface MirrorInputs {
  config: SiteConfig;
  stats: Map<string, ArticleStats>;
}

/** One article with what its own passes made of it (src/engine/article-unit.ts). */
export interface ArticleParts {
  article: Article;
  body: Pick<ArticleBody, 'html' | 'mirrorHtml' | 'headings' | 'mentions' | 'paragraphs' | 'tombstones'>;
  fields: ArticleFields;
  stats: ArticleStats;
}

export const articleUrl = (config: SiteConfig, slug: string) => `${config.baseUrl}/articles/${slug}`;
export const termUrl = (config: SiteConfig, slug: string) => `${config.baseUrl}/glossary/${slug}`;

/** One entry of /articles/index.json (spec §3 "Article index item"). */
export function articleIndexItem(a: ArticleMeta, stats: ArticleStats, hasAnswer: boolean) {
  return {
    slug: a.slug,
    title: a.title,
    summary: a.summary,
    description: a.description,
    author: a.author,
    datePublished: a.datePublished,
    dateModified: a.dateModified,
    readingTime: stats.readingTime,
    wordCount: stats.wordCount,
    tags: a.tags,
    jurisdiction: a.jurisdiction,
    schemaType: a.schemaType,
    hasAnswer,
  };
}

export function buildArticlesIndex(ordered: ArticleMeta[], m: MirrorInputs) {
  return {
    site: m.config.name,
    license: m.config.license.url,
    count: ordered.length,
    items: ordered.map((a) => articleIndexItem(a, m.stats.get(a.slug)!, hasAnswer(a))),
  };
}

/** /articles/{slug}.json: the article file of spec §3 plus the mirror fields its text describes. */
export function buildArticleJson({ article: a, body, fields, stats }: ArticleParts, config: SiteConfig) {
  const citations = a.references.map((r) => ({ id: r.id, title: r.title, url: r.url, source: r.source, pinpoint: r.pinpoint }));
  return {
    slug: a.slug,
    title: a.title,
    summary: a.summary,
    description: a.description,
    author: a.author,
    reviewedBy: a.reviewedBy,
    datePublished: a.datePublished,
    dateModified: a.dateModified,
    lawStatedAt: a.lawStatedAt,
    // Newest first; each id is the entry's anchor on the page.
    changes: changeLog(a).map((c) => ({ id: c.id, date: c.date, kind: c.kind, summary: c.summary })),
    canonicalUrl: articleUrl(config, a.slug),
    schemaType: a.schemaType,
    tags: a.tags,
    jurisdiction: a.jurisdiction,
    readingTime: stats.readingTime,
    wordCount: stats.wordCount,
    answer: a.answer,
    answerAtom: fields.answer?.points ?? [],
    keyTakeaways: a.keyTakeaways,
    editorialNote: a.editorialNote,
    sections: {
      headings: body.headings,
      // Each paragraph's id, text and SHA-256, to check a quotation (docs/content.md "Verifiable quotes").
      paragraphs: body.paragraphs,
      // Ids of removed paragraphs and headings: their tombstones on the page.
      removed: body.tombstones.map(({ entry }) => removedPinpoint(a.slug, entry)),
      bodyHtml: body.mirrorHtml,
      faq: fields.faq.map((f) => ({ id: f.id, q: f.q, a: f.aHtml })),
      citations,
    },
    references: citations,
    seeAlso: a.seeAlso.map((p) => `/${p}`),
    downloads: a.downloads,
    license: config.license.url,
  };
}

/** A removed paragraph or heading as the mirror lists it: its id, when, what replaced it, and
 * where its words went when another article took them. */
function removedPinpoint(slug: string, e: PinEntry) {
  const id = e.kind === 'p' ? paragraphId(slug, e.n) : e.id;
  const by = e.replacedBy && (e.kind === 'p' ? paragraphId(slug, Number(e.replacedBy.slice(1))) : e.replacedBy);
  const moved = movedToHref(e);
  return { id, removedOn: e.removed, ...(by ? { replacedBy: by } : {}), ...(moved ? { movedTo: moved } : {}) };
}

/** /articles/{slug}.answer.json: the answer block of spec §3. */
export function buildAnswerJson({ article: a, body, fields }: ArticleParts, config: SiteConfig) {
  if (!fields.answer) return undefined;
  return {
    id: `answers/${a.slug}#a0`,
    title: fields.answer.title,
    summary: fields.answer.points,
    citation: fields.answer.citation,
    articleTitle: a.title,
    articleSlug: a.slug,
    url: `${articleUrl(config, a.slug)}#answer`,
    lastModified: a.dateModified,
    lawStatedAt: a.lawStatedAt,
    variant: 'primary',
    pinpoints: a.references.filter((r) => r.pinpoint).map((r) => ({ id: r.id, title: r.title, pinpoint: r.pinpoint, url: r.url ?? undefined, source: r.source ?? undefined })),
    jurisdictions: [a.jurisdiction],
    glossaryTags: body.mentions.map((x) => x.termSlug).sort(),
    license: config.license.url,
  };
}

/** /glossary.json: `terms` as spec §3 names them. */
export function buildGlossaryJson(ordered: Term[], config: SiteConfig) {
  return {
    site: config.name,
    license: config.license.url,
    count: ordered.length,
    terms: ordered.map((t) => ({
      termId: t.slug,
      id: t.slug,
      slug: t.slug,
      title: t.title,
      url: termUrl(config, t.slug),
      jurisdiction: t.jurisdiction,
      jurisdictions: t.jurisdictions,
      tags: t.tags,
      definition: t.definition,
      alsoCalled: t.alsoCalled,
      contrastWith: t.contrastWith,
      seeAlso: t.seeAlso,
      dataFields: t.dataFields,
      lastModified: t.lastModified,
    })),
  };
}
