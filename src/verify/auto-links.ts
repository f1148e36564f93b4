/**
 * `legalsite check --list-links`: every auto-link in every article body, with the sentence it sits
 * in and its source line, so an editor can read down the list and catch a word linked in the wrong
 * sense (then fix it with the term's noLink or linkOnly phrases, or a `[words]{.nolink}` marker).
 * Runs after a check that passed, on the site it built: each article file is read again and its body
 * linked as the build links it (the build keeps no list of every link: at 10,000 articles it would
 * be most of what it holds).
 * Reads: the checked site's article files. Writes: nothing (returns rows and their printed form).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArticleText } from '../load/read-content.js';
import type { ArticleMeta, Term } from '../model.js';
import { renderArticleBody } from '../passes/article-html.js';
import { buildTermMatcher } from '../passes/term-matcher.js';

export interface AutoLinkRow {
  file: string;
  line?: number;
  term: string;
  text: string;
  sentence: string;
}

/** The auto-links of every article, in file order, then document order. */
export function listAutoLinks(site: { articles: ArticleMeta[]; terms: Term[] }, cwd: string): AutoLinkRow[] {
  const matcher = buildTermMatcher(site.terms);
  const titles = new Map(site.terms.map((t) => [t.slug, t.title]));
  const rows: AutoLinkRow[] = [];
  for (const meta of [...site.articles].sort((a, b) => a.file.localeCompare(b.file))) {
    const { article } = parseArticleText(readFileSync(path.resolve(cwd, meta.file), 'utf8'), meta.file);
    // The check just passed, so the file parses; one changed since is left out rather than guessed at.
    if (!article) continue;
    const { autoLinks } = renderArticleBody(article, matcher, (slug) => titles.get(slug) ?? slug, { sourceLines: true });
    for (const l of autoLinks) rows.push({ file: meta.file, line: l.line, term: l.termSlug, text: l.text, sentence: l.sentence });
  }
  return rows;
}

/** One line per link: `file:line  "words" → term  sentence`, then a count. */
export function formatAutoLinks(rows: AutoLinkRow[]): string {
  const lines = rows.map((r) => `${r.file}${r.line ? `:${r.line}` : ''}  "${r.text}" → /glossary/${r.term}  ${r.sentence}`);
  const files = new Set(rows.map((r) => r.file)).size;
  lines.push(`${rows.length} auto-link${rows.length === 1 ? '' : 's'} in ${files} article${files === 1 ? '' : 's'}.`);
  return lines.join('\n');
}
