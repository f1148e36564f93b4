/**
 * Checks that need one article alone: its FAQ and reference ids are unique on its page: not used
 * twice, not one of the page's own section ids, and not the id a heading of its body takes (a
 * reference `frcp-6` and a heading "FRCP 6" gave the page two elements `id="frcp-6"`, and a cited
 * #frcp-6 landed on whichever came first). Run where
 * the article is parsed (read-content.ts parseArticleText), so an article that a rebuild does not
 * read again, its file unchanged, is not checked again either.
 * Reads: the article and its YAML positions. Writes: diagnostics.
 */
import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { YamlSource } from '../load/yaml-source.js';
import type { Article } from '../model.js';
import { formatFieldPath } from './schema-validator.js';
import { ARTICLE_RESERVED_IDS } from '../constants.js';
import { slugify } from '../passes/slugify.js';
import { forEachLine } from './markdown-lines.js';

export function checkArticleIds(article: Pick<Article, 'file' | 'faq' | 'references'>, source: YamlSource, body?: { text: string; line: number }): Diagnostic[] {
  const out: Diagnostic[] = [];
  const headings = body ? headingIds(body.text, body.line) : new Map<string, HeadingAt>();
  const seen = new Map<string, string>();
  const check = (field: 'faq' | 'references', ids: string[]) => {
    ids.forEach((id, i) => {
      const path = [field, i, 'id'];
      const report = (message: string, hint?: string) => out.push(diagnostic('duplicate-id', { file: article.file, ...source.locate(path) }, formatFieldPath(path), message, hint));
      const first = seen.get(id);
      const heading = headings.get(id);
      if (first) report(first === field ? `id "${id}" is used twice` : `id "${id}" is also the id of ${first === 'faq' ? 'an FAQ entry' : 'a reference'} of this article: a link to #${id} would land on the first of them`);
      else if (ARTICLE_RESERVED_IDS.includes(id)) report(`id "${id}" is the id of a section of every article page (#${id}): a link to #${id} would land on the section`, 'Choose another id.');
      else if (heading) report(`id "${id}" is also the id of the heading "${heading.text}" (line ${heading.line}): a link to #${id} would land on the first of them`, 'Give one of the two another id or wording: the newer one, since a published id is cited.');
      seen.set(id, field);
    });
  };
  check('faq', article.faq.map((f) => f.id));
  check('references', article.references.map((r) => r.id));
  return out;
}

interface HeadingAt {
  text: string;
  line: number;
}

const ATX_HEADING = /^ {0,3}#{2,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;

/** The id each h2–h6 of the body takes from its text (a new heading's: passes/pinpoints/assign.ts),
 * with its text and file line. Inline Markdown (links, emphasis, code) is read for its words. */
function headingIds(body: string, firstLine: number): Map<string, HeadingAt> {
  const ids = new Map<string, HeadingAt>();
  forEachLine(body, (line, i, code) => {
    const m = code ? null : ATX_HEADING.exec(line);
    if (!m) return;
    const text = m[1].replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[*_`]/g, '').trim();
    const id = slugify(text);
    if (id && !ids.has(id)) ids.set(id, { text, line: firstLine + i });
  });
  return ids;
}
