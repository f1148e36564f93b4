/**
 * The former addresses of renamed articles and glossary terms (`formerSlugs`, issue 17), so a link or
 * citation made before the rename still arrives:
 * - a redirect page at each former page address (the article or term page and its recommendations
 *   page), for any static host: canonical link and `noindex`, a visible link, a script that goes to
 *   the new address keeping the fragment (a paragraph anchor) and, without JavaScript, a meta refresh;
 * - `_redirects` (Netlify and Cloudflare Pages), a 301 from every former address, the mirrors' too
 *   (a renamed article's mirrors are also copied to their former addresses: article-files.ts), which
 *   `publish` turns into S3 website redirects and `legalsite serve` answers with;
 * Neither the pages nor the copies are listed anywhere (sitemaps, feeds, search, llms.txt): those are
 * made from the articles and terms, never from these routes.
 * Reads: articles and terms (their slugs, former slugs and titles). Writes: routes.
 */
import type { ArticleMeta, SiteConfig, Term } from '../model.js';
import { hasAnswer } from '../passes/article-fields.js';
import type { RedirectPageProps } from '../../templates/pages/RedirectPage.js';
import { articleFileSuffixes } from './article-files.js';
import { makeMeta } from './meta.js';
import type { FileRoute, HtmlRoute } from './types.js';

/** One former address and where it now is. */
export interface Redirect {
  from: string;
  to: string;
}

/** A renamed page: its former address, its address now, and what to call it. */
interface MovedPage extends Redirect {
  title: string;
  what: RedirectPageProps['what'];
}

/** Every former page address: each renamed article's and term's page and recommendations page. */
function movedPages(articles: ArticleMeta[], terms: Term[]): MovedPage[] {
  return [
    ...articles.flatMap((a) => a.formerSlugs.flatMap((old): MovedPage[] => [
      { from: `/articles/${old}`, to: `/articles/${a.slug}`, title: a.title, what: 'article' },
      { from: `/recommendations/article/${old}`, to: `/recommendations/article/${a.slug}`, title: a.title, what: 'recommendations' },
    ])),
    ...terms.flatMap((t) => t.formerSlugs.flatMap((old): MovedPage[] => [
      { from: `/glossary/${old}`, to: `/glossary/${t.slug}`, title: t.title, what: 'term' },
      { from: `/recommendations/term/${old}`, to: `/recommendations/term/${t.slug}`, title: t.title, what: 'recommendations' },
    ])),
  ];
}

/** Every former address, pages and files, in URL order. */
export function redirects(site: { articles: ArticleMeta[]; terms: Term[] }): Redirect[] {
  const files = site.articles.flatMap((a) => a.formerSlugs.flatMap((old) => articleFileSuffixes(hasAnswer(a)).map((s) => ({ from: `/articles/${old}${s}`, to: `/articles/${a.slug}${s}` }))));
  const pages = movedPages(site.articles, site.terms).map(({ from, to }) => ({ from, to }));
  return [...pages, ...files].sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
}

/** The redirect page at each former page address. */
export function redirectPageRoutes(site: { config: SiteConfig; articles: ArticleMeta[]; terms: Term[] }): HtmlRoute[] {
  const { config } = site;
  return movedPages(site.articles, site.terms).map((m): HtmlRoute => {
    const props: RedirectPageProps = { title: m.title, target: m.to, what: m.what };
    return {
      kind: 'html',
      url: m.from,
      template: 'redirect',
      unlisted: true,
      redirectTo: m.to,
      props,
      meta: {
        // The canonical link names the new address; search engines are told not to index this one.
        ...makeMeta(config, { title: `Moved: ${m.title}`, description: `This page has moved to ${config.baseUrl}${m.to}.`, url: m.to, noindex: true }),
        refreshTo: m.to,
      },
    };
  });
}

/** `_redirects` as Netlify and Cloudflare Pages read it: `from to 301`, one per line. (Cloudflare
 * takes only a number as the status, so there is no Netlify `!`: on Netlify, a file at the former
 * address, the redirect page or copy, is served instead: docs/hosting.md.) */
export function redirectsFileRoute(site: { articles: ArticleMeta[]; terms: Term[] }): FileRoute {
  const lines = redirects(site).map((r) => `${r.from} ${r.to} 301`);
  const body = ['# Former addresses of renamed articles and glossary terms (formerSlugs), made by legalsite build.', ...lines, ''].join('\n');
  return { kind: 'file', url: '/_redirects', body, type: 'text/plain; charset=utf-8', file: '_redirects' };
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** The rules of a `_redirects` file, by the path they redirect: whole paths only (no splats or
 * placeholders, which legalsite never writes), the first rule for a path winning, as on the hosts.
 * For `legalsite serve` and `publish`, which read the file the build wrote. */
export function parseRedirectsFile(text: string): Map<string, { to: string; status: number }> {
  const rules = new Map<string, { to: string; status: number }>();
  for (const line of text.split('\n')) {
    const [from, to, code = '302'] = line.trim().split(/\s+/);
    if (!from || !to || from.startsWith('#') || /[*:]/.test(from)) continue;
    const status = Number(code);
    if (REDIRECT_STATUSES.has(status) && !rules.has(from)) rules.set(from, { to, status });
  }
  return rules;
}
