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
import { articleUnit } from '../engine/article-unit.js';
import { confinementProblem } from '../load/content-files.js';
import { parseArticleText } from '../load/read-content.js';
import type { YamlSource } from '../load/yaml-source.js';
import { buildTermMatcher, type TermMatcher } from '../passes/term-matcher.js';
import { renderPage } from '../render/render-page.js';
import { articlePageRoute } from '../routes/page-families.js';
import { seeAlsoTitles } from '../routes/site-pages.js';
import { outputPath } from '../routes/types.js';
import { checkInternalLinks } from '../validate/links.js';
import { checkSemantics } from '../validate/semantics.js';

export interface ArticlePreview {
  url: string;
  /** Path inside the output folder. */
  file: string;
  html: string;
}

/** Whether the build would read `abs`: a regular file whose real path is inside the content folder
 * (not a link out of it, nor a file in a folder that is one, nor a named pipe). */
function readableArticle(abs: string, contentDir: string): boolean {
  try {
    return confinementProblem(abs, contentDir) === undefined;
  } catch {
    return false;
  }
}

/** Builds previews against one good build; the glossary matcher is made once per build. */
export function articlePreviewer(last: BuildResult, cwd: string) {
  const site = last.site;
  let matcher: TermMatcher | undefined;
  const urls = last.urls;
  const titles = new Map(site?.terms.map((t) => [t.slug, t.title]));
  const seeAlsoTitle = site ? seeAlsoTitles(site) : () => undefined;
  return (absFile: string): ArticlePreview | undefined => {
    if (!site || !last.render || path.extname(absFile) !== '.md' || path.dirname(absFile) !== path.join(site.source.contentDir, 'articles')) return undefined;
    const rel = path.relative(cwd, absFile).split(path.sep).join('/');
    const old = site.articles.find((a) => a.file === rel);
    // What the build would refuse (a link out of the content folder, a named pipe) is never read
    // here either: the full rebuild reports it, and the output folder keeps the last good build.
    if (!readableArticle(absFile, site.source.contentDir)) return undefined;
    let text: string;
    try {
      text = readFileSync(absFile, 'utf8');
    } catch {
      return undefined;
    }
    const { article, source } = parseArticleText(text, rel);
    if (!old || !article || !source || article.slug !== old.slug) return undefined;
    const articles = site.source.articles.map((a) => (a.file === rel ? article : a));
    const sources = new Map<string, YamlSource>([[rel, source]]);
    if (checkSemantics({ ...site.source, articles }, sources, rel).length) return undefined;

    matcher ??= buildTermMatcher(site.terms);
    const unit = articleUnit(article, { matcher, termTitle: (slug) => titles.get(slug) ?? slug }, last.pinsOf?.(article)?.text());
    if (checkInternalLinks([{ file: rel, links: [...unit.body.links, ...unit.fields.links] }], urls).length) return undefined;
    // The page reads its own article; its neighbours and see-also titles come from the last good site.
    const route = articlePageRoute(site.config, unit, site.neighbours.get(article.slug)!, seeAlsoTitle);
    return { url: route.url, file: outputPath(route), html: renderPage(route, last.render.chrome, last.render.bundle) };
  };
}
