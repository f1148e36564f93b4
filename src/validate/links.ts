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
  /** Where a field path starts in the file: for links in front-matter fields (BodyLink.path). */
  locate?: (path: (string | number)[]) => { line: number; column: number };
}

/** `excused`: site paths not to report although the build does not make them (those a file with
 * errors of its own would make, in a failed build: failed-build.ts). */
export function checkInternalLinks(sources: LinkSource[], urls: Set<string>, excused?: (path: string) => boolean): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const { file, field: sourceField = '', links, locate } of sources) {
    for (const link of links) {
      // A link in a front-matter field is reported at that field (found only now: rarely needed).
      const field = link.path ? formatFieldPath(link.path) : sourceField;
      const at = link.path ? { file, ...(locate?.(link.path) ?? { line: 1, column: 1 }) } : { file, line: link.line };
      const href = link.href.trim();
      if (/^(https?:|mailto:|tel:)/i.test(href) || href.startsWith('#')) continue;
      if (!href.startsWith('/') || href.startsWith('//')) {
        out.push(diagnostic('broken-link', at, field, `link "${href}" is not a site path or an absolute URL`, 'Write internal links as site paths starting with "/", e.g. /glossary/provenance.'));
        continue;
      }
      const target = decodeURI(href.split('#')[0].split('?')[0]).replace(/\/$/, '') || '/';
      if (!urls.has(target) && !excused?.(target)) {
        out.push(diagnostic('broken-link', at, field, `link "${href}" points at a page that does not exist`, didYouMean(target, urls) ?? 'Link to a page that exists on the site.'));
      }
    }
  }
  return out;
}
