/**
 * Renders the front-matter fields that hold inline Markdown (answer points, key takeaways, FAQ
 * answers, editorial note) and normalises the two answer shapes into one.
 * Reads: articles. Writes: ArticleFields per slug. Spec §2 (answer box, FAQ), §3 (answer object).
 */
import { ANSWER_DEFAULT_TITLE } from '../constants.js';
import type { Article } from '../model.js';
import type { BodyLink } from '../model/article-digest.js';
import { renderBlock, renderInline } from './markdown.js';

export interface ArticleFields {
  answer?: { title: string; points: string[]; pointsHtml: string[]; citation?: string };
  takeawaysHtml: string[];
  /** The key takeaways as plain text ("**bold**" → "bold"), for reading time and copy formats. */
  takeaways: string[];
  faq: { id: string; q: string; aHtml: string; aText: string }[];
  editorialNoteHtml?: string;
  /** The links in these fields, with each field's path, for the link check (validate/links.ts). */
  links: BodyLink[];
}

const stripTags = (html: string) => html.replace(/<[^>]*>/g, '').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'");

/** Whether an article has an answer block (its fields then hold one). */
export const hasAnswer = (article: Pick<Article, 'answer'>): boolean => article.answer !== undefined;

export function renderArticleFields(article: Article): ArticleFields {
  const a = article.answer;
  const points = a === undefined ? undefined : Array.isArray(a) ? a : a.content;
  const links: BodyLink[] = [];
  // Renders `text` and notes its links under `path`.
  const linked = (render: (text: string, hrefs: string[]) => string, text: string, path: (string | number)[]) => {
    const hrefs: string[] = [];
    const html = render(text, hrefs);
    for (const href of hrefs) links.push({ href, line: 0, path });
    return html;
  };
  // Each field is rendered once: its plain text (inlineText) is its HTML without the tags.
  const pointsHtml = points?.map((p, i) => linked(renderInline, p, Array.isArray(a) ? ['answer', i] : ['answer', 'content', i]));
  const takeawaysHtml = article.keyTakeaways.map((t, i) => linked(renderInline, t, ['keyTakeaways', i]));
  return {
    answer: points && {
      title: (!Array.isArray(a) && a?.title) || ANSWER_DEFAULT_TITLE,
      points: pointsHtml!.map(stripTags),
      pointsHtml: pointsHtml!,
      citation: Array.isArray(a) ? undefined : a?.citation,
    },
    takeawaysHtml,
    takeaways: takeawaysHtml.map(stripTags),
    faq: article.faq.map((f, i) => {
      const aHtml = linked(renderBlock, f.a, ['faq', i, 'a']);
      return { id: f.id, q: f.q, aHtml, aText: stripTags(aHtml).trim() };
    }),
    editorialNoteHtml: article.editorialNote ? linked(renderBlock, article.editorialNote, ['editorialNote']) : undefined,
    links,
  };
}
