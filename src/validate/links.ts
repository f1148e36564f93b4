/**
 * The internal-link check: every site path linked from an article or page body, or from site.yaml's
 * glossary FAQ list, must be a URL the build produces. Reads: bodies' links, routes. Writes: diagnostics.
 */
import { diagnostic, didYouMean, type Diagnostic } from '../diagnostics/diagnostic.js';
import { formatFieldPath } from '../load/field-path.js';
import type { BodyLink } from '../model/article-digest.js';

export interface LinkSource {
  file: string;
  /** The field the links are in: `body` for a Markdown body, `glossaryFaq[2].href` for one value. */
  field?: string;
  links: BodyLink[];
  /** The page the links are shown on, which a link to `#id` alone points into (fragment-links.ts). */
  pageUrl?: string;
  /** Where a field path starts in the file: for links in front-matter fields (BodyLink.path). */
  locate?: (path: (string | number)[]) => { line: number; column: number };
}

/** `excused`: site paths not to report although the build does not make them (those a file with
 * errors of its own would make, in a failed build: failed-build.ts). */
export function checkInternalLinks(sources: LinkSource[], urls: Set<string>, excused?: (path: string) => boolean): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const source of sources) {
    for (const link of source.links) {
      const { field, at } = whereLinkIs(source, link);
      const href = link.href.trim();
      if (/^(https?:|mailto:|tel:)/i.test(href) || href.startsWith('#')) continue;
      if (!href.startsWith('/') || href.startsWith('//')) {
        out.push(diagnostic('broken-link', at, field, `link "${href}" is not a site path or an absolute URL`, 'Write internal links as site paths starting with "/", e.g. /glossary/provenance.'));
        continue;
      }
      const written = decodedPath(href.split('#')[0].split('?')[0]);
      if (written === undefined) {
        out.push(diagnostic('broken-link', at, field, `link "${href}" has a "%" that is not the start of an escape (%20 is a space, %25 is "%" itself)`, 'Write "%" as %25, or correct the escape.'));
        continue;
      }
      const target = written.replace(/\/$/, '') || '/';
      if (!urls.has(target) && !excused?.(target)) {
        out.push(diagnostic('broken-link', at, field, `link "${href}" points at a page that does not exist`, didYouMean(target, urls) ?? 'Link to a page that exists on the site.'));
      } else if (written !== target && target !== '/') {
        // legalsite serve answers it, but object storage (publish), GitHub Pages and most hosts do not:
        // the page is the file {url}.html, and "/x/" asks for x/index.html (docs/hosting.md).
        out.push(diagnostic('broken-link', at, field, `link "${href}" ends in "/": no address of the site does, and most hosts answer it with "not found"`, `Write ${href.replace(/\/(?=[?#]|$)/, '')}.`));
      }
    }
  }
  return out;
}

function decodedPath(path: string): string | undefined {
  try {
    return decodeURI(path);
  } catch {
    return undefined;
  }
}

/** Where a link is reported: at its line in a body, or at the front-matter field it is in (that
 * field's line found only now: rarely needed). */
export function whereLinkIs(source: LinkSource, link: BodyLink): { field: string; at: { file: string; line: number; column?: number } } {
  const { file, field = '', locate } = source;
  if (!link.path) return { field, at: { file, line: link.line, ...(link.column ? { column: link.column } : {}) } };
  return { field: formatFieldPath(link.path), at: { file, ...(locate?.(link.path) ?? { line: 1, column: 1 }) } };
}
