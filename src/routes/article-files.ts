/**
 * The files of one article: its JSON mirror, its answer block (when it has an answer), its Markdown
 * mirror (spec §3, §7) and its citation files, BibTeX, RIS and CSL-JSON (issue 17). They depend on
 * the article alone, so they are made where its body was rendered (src/engine/shard.ts); the main
 * thread knows them by URL (articleFileUrls).
 * A renamed article's files are also written at each of its former addresses (`formerSlugs`): the
 * same bytes, which name the article's canonical URL inside. A plain static host can redirect no
 * JSON or Markdown file, so it serves the copy; hosts that read `_redirects`, `publish`'s S3 website
 * redirects and `legalsite serve` answer those addresses with a 301 instead (routes/redirects.ts).
 */
import { PRIVILEGE_LOG_ARTICLE } from '../constants.js';
import type { ArticleMeta, SiteConfig } from '../model.js';
import { hasAnswer } from '../passes/article-fields.js';
import { bibtexFile, cslJsonFile, risFile } from '../passes/citation-files.js';
import { type ArticleParts, buildAnswerJson, buildArticleJson } from '../passes/json-mirrors.js';
import { articleMarkdown } from '../passes/markdown-mirrors.js';
import { json } from './machine-files.js';
import type { FileRoute } from './types.js';

export const MARKDOWN_TYPE = 'text/markdown; charset=utf-8';
export const BIBTEX_TYPE = 'application/x-bibtex; charset=utf-8';
export const RIS_TYPE = 'application/x-research-info-systems; charset=utf-8';

/** The Markdown mirror's URL; llms-full.txt is these files in list order. */
export const articleMarkdownUrl = (slug: string) => `/articles/${slug}.md`;

export const articleJsonUrl = (slug: string) => `/articles/${slug}.json`;
export const articleAnswerUrl = (slug: string) => `/articles/${slug}.answer.json`;

/** The citation files, as "Cite this" offers them (label and type for the links). */
export const CITATION_FILES = [
  { suffix: '.bib', label: 'BibTeX', type: BIBTEX_TYPE },
  { suffix: '.ris', label: 'RIS', type: RIS_TYPE },
  { suffix: '.csl.json', label: 'CSL-JSON', type: 'application/json; charset=utf-8' },
] as const;

/** Spec §7: the privilege-log page loads its article file from this fixed path; it is the same
 * JSON as the article's mirror. */
export const contentFileUrl = (slug: string) => (slug === PRIVILEGE_LOG_ARTICLE ? `/content/articles/${slug}.json` : undefined);

/** What follows `/articles/{slug}` in the address of each of an article's own files. */
export function articleFileSuffixes(hasAnswer: boolean): string[] {
  return ['.json', ...(hasAnswer ? ['.answer.json'] : []), '.md', ...CITATION_FILES.map((f) => f.suffix)];
}

/** Every file an article makes: its own, the fixed content file, and the copies at its former addresses. */
export function articleFileUrls(slug: string, hasAnswer: boolean, formerSlugs: readonly string[] = []): string[] {
  const suffixes = articleFileSuffixes(hasAnswer);
  const contentFile = contentFileUrl(slug);
  return [...suffixes.map((s) => `/articles/${slug}${s}`), ...(contentFile ? [contentFile] : []), ...formerSlugs.flatMap((old) => suffixes.map((s) => `/articles/${old}${s}`))];
}

/** Every file an article makes, as `{url, path}` (each path is its URL without the leading slash: all
 * have an extension). Worked out from the article's fields rather than kept: the main thread's index
 * of known articles (engine/article-index.ts) would otherwise hold eight small objects per article. */
export function articleOwnFiles(a: Pick<ArticleMeta, 'slug' | 'answer' | 'formerSlugs'>): { url: string; path: string }[] {
  return articleFileUrls(a.slug, hasAnswer(a), a.formerSlugs).map((url) => ({ url, path: url.slice(1) }));
}

export function articleFileRoutes(parts: ArticleParts, config: SiteConfig): FileRoute[] {
  const { slug } = parts.article;
  const answer = buildAnswerJson(parts, config);
  const file = buildArticleJson(parts, config);
  const contentFile = contentFileUrl(slug);
  const own: FileRoute[] = [
    json(articleJsonUrl(slug), file),
    ...(answer ? [json(articleAnswerUrl(slug), answer)] : []),
    { kind: 'file', url: articleMarkdownUrl(slug), body: articleMarkdown(parts.article, parts.fields, parts.stats, config), type: MARKDOWN_TYPE },
    ...citationFileRoutes(parts.article, config),
  ];
  return [...own, ...(contentFile ? [json(contentFile, file)] : []), ...formerCopies(own, parts.article)];
}

/** `/articles/{slug}.bib`, `.ris` and `.csl.json`. */
function citationFileRoutes(a: ArticleMeta, config: SiteConfig): FileRoute[] {
  const [bib, ris, csl] = CITATION_FILES;
  return [
    { kind: 'file', url: `/articles/${a.slug}${bib.suffix}`, body: bibtexFile(a, config), type: bib.type },
    { kind: 'file', url: `/articles/${a.slug}${ris.suffix}`, body: risFile(a, config), type: ris.type },
    { kind: 'file', url: `/articles/${a.slug}${csl.suffix}`, body: cslJsonFile(a, config), type: csl.type },
  ];
}

/** Each of `own` again at each former slug, marked as a redirect to the file it copies. */
function formerCopies(own: FileRoute[], a: Pick<ArticleMeta, 'slug' | 'formerSlugs'>): FileRoute[] {
  const prefix = `/articles/${a.slug}.`;
  return a.formerSlugs.flatMap((old) => own.map((r): FileRoute => ({ ...r, url: `/articles/${old}.${r.url.slice(prefix.length)}`, redirectTo: r.url })));
}
