/**
 * serve's quick preview of an edited article: its page re-rendered from the last good site with the
 * edited file's body, fields and reading time, so the page being written reloads at once. The full
 * rebuild that follows brings every other output (lists, mirrors, feeds, search, graph pages) up to
 * date and corrects anything the quick page took from the old site (e.g. previous/next links after a
 * date change). The quick path applies only to an existing article whose edited file passes every
 * check a full build makes of it (schema, cross-references, body links); otherwise it is skipped and
 * the full rebuild reports, so invalid content never reaches the output folder.
 * Reads: one article file and the last good BuildResult. Writes: nothing (returns the page).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BuildResult } from '../build.js';
import { splitFrontMatter } from '../load/front-matter.js';
import { toArticle } from '../load/normalize.js';
import type { YamlSource } from '../load/yaml-source.js';
import { renderArticleBody } from '../passes/article-html.js';
import { renderArticleFields } from '../passes/article-fields.js';
import { readingStats } from '../passes/reading-time.js';
import { buildTermMatcher, type TermMatcher } from '../passes/term-matcher.js';
import { renderPage, withBody } from '../render/render-page.js';
import { articlePageRoute } from '../routes/page-families.js';
import { outputPath } from '../routes/types.js';
import { checkInternalLinks } from '../validate/links.js';
import { validateAgainstSchema } from '../validate/schema-validator.js';
import { checkSemantics } from '../validate/semantics.js';

export interface ArticlePreview {
  url: string;
  /** Path inside the output folder. */
  file: string;
  html: string;
}

/** Builds previews against one good build; the glossary matcher is made once per build. */
export function articlePreviewer(last: BuildResult, cwd: string) {
  const site = last.site;
  let matcher: TermMatcher | undefined;
  const urls = last.urls;
  const titles = new Map(site?.terms.map((t) => [t.slug, t.title]));
  const articleTitles = new Map(site?.articles.map((a) => [a.slug, a.title]));
  const seeAlsoTitle = (ref: string) => {
    const [kind, slug] = ref.split('/');
    return kind === 'glossary' ? titles.get(slug) : articleTitles.get(slug);
  };
  return (absFile: string): ArticlePreview | undefined => {
    if (!site || !last.render || path.extname(absFile) !== '.md' || path.dirname(absFile) !== path.join(site.source.contentDir, 'articles')) return undefined;
    const rel = path.relative(cwd, absFile).split(path.sep).join('/');
    const old = site.articles.find((a) => a.file === rel);
    let text: string;
    try {
      text = readFileSync(absFile, 'utf8');
    } catch {
      return undefined;
    }
    const { parsed, diagnostics } = splitFrontMatter(text, rel);
    if (!old || !parsed || diagnostics.length) return undefined;
    if (parsed.source.data == null) return undefined;
    if (validateAgainstSchema(parsed.source, 'article').length) return undefined;
    const article = toArticle(parsed.source, parsed.body, parsed.bodyLine, path.basename(absFile, '.md'));
    if (article.slug !== old.slug) return undefined;
    const articles = site.source.articles.map((a) => (a.file === rel ? article : a));
    const sources = new Map<string, YamlSource>([[rel, parsed.source]]);
    if (checkSemantics({ ...site.source, articles }, sources, rel).length) return undefined;

    matcher ??= buildTermMatcher(site.terms);
    const body = renderArticleBody(article, matcher, (slug) => titles.get(slug) ?? slug);
    if (checkInternalLinks([{ file: rel, links: body.links }], urls).length) return undefined;
    const fields = renderArticleFields(article);
    // The page reads its own article; its neighbours and see-also titles come from the last good site.
    const parts = { article, body, fields, stats: readingStats(body, fields, article.keyTakeaways) };
    const route = articlePageRoute(site.config, parts, site.neighbours.get(article.slug)!, seeAlsoTitle);
    return { url: route.url, file: outputPath(route), html: renderPage(withBody(route, body.html), last.render.chrome, last.render.bundle) };
  };
}
