/**
 * /glossary once it holds more terms than one page (OutputLimits glossaryPageTerms): /glossary is the
 * A–Z index (search box, letters with their number of terms, JSON export, FAQ) and each letter has a
 * page, /glossary/letter/{a…z} (/glossary/letter/other for titles that do not start with A–Z), split
 * into /glossary/letter/{x}/page/2 … should one letter hold more than a page. A term's slug cannot
 * hold "/", so no term page can clash with these. Spec §2 (glossary list), issue 18.
 */
import { GLOSSARY_STRUCTURED_TERMS } from '../constants.js';
import type { Term } from '../model.js';
import type { BuiltSite } from '../pipeline.js';
import { breadcrumbLd, definedTermSetLd } from '../structured-data.js';
import type { GlossaryLetterLink } from '../../templates/types.js';
import { makeMeta } from './meta.js';
import { chunk, pagerOf, pageUrl, rangeOf } from './pagination.js';
import type { HtmlRoute } from './types.js';
import { termData, termIndex } from './view-data.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');

/** The address of a letter's page ("#" gathers titles that start with anything but A–Z). */
export const letterUrl = (letter: string) => `/glossary/letter/${letter === '#' ? 'other' : letter.toLowerCase()}`;

const newestOf = (terms: Term[]) => terms.reduce((d, t) => (t.lastModified > d ? t.lastModified : d), '');

/** The A–Z index and a page per letter. */
export function glossaryLetterRoutes(site: BuiltSite, size: number): HtmlRoute[] {
  const { config } = site;
  const terms = termIndex(site);
  const count = new Map(site.letterGroups.map((g) => [g.letter, g.slugs.length]));
  const letters = (current?: string): GlossaryLetterLink[] =>
    [...ALPHABET, ...(count.has('#') ? ['#'] : [])].map((l) => ({ letter: l, href: count.has(l) ? letterUrl(l) : undefined, count: count.get(l) ?? 0, current: l === current || undefined }));
  const index: HtmlRoute = {
    kind: 'html', url: '/glossary', template: 'glossary-index', lastmod: newestOf(site.terms),
    props: { total: site.terms.length, letters: letters(), faq: config.glossaryFaq },
    meta: makeMeta(config, {
      title: 'Glossary',
      description: `${site.terms.length} legal, evidence and e-discovery terms defined in plain language, with data fields and related terms.`,
      url: '/glossary',
      jsonLd: [definedTermSetLd(config, site.terms.slice(0, GLOSSARY_STRUCTURED_TERMS)), breadcrumbLd(config, [{ label: 'Home', href: '/' }, { label: 'Glossary', href: '/glossary' }])],
    }),
  };
  const termTitle = (slug: string) => terms.get(slug)?.title;
  const pages = site.letterGroups.flatMap((g) => {
    const runs = chunk(g.slugs.map((s) => terms.get(s)!), size);
    const list = letterUrl(g.letter);
    return runs.map((run, i): HtmlRoute => {
      const n = i + 1;
      const url = pageUrl(list, n);
      const pager = runs.length > 1 ? pagerOf(list, n, runs.length, `Pages of terms under ${g.letter}`) : undefined;
      const title = `Glossary: ${g.letter}${n > 1 ? `, page ${n} of ${runs.length}` : ''}`;
      const crumbs = [{ label: 'Home', href: '/' }, { label: 'Glossary', href: '/glossary' }, { label: g.letter, href: list }, ...(n > 1 ? [{ label: `Page ${n}`, href: url }] : [])];
      return {
        kind: 'html', url, template: 'glossary-letter', lastmod: newestOf(run),
        props: { letter: g.letter, letters: letters(g.letter), terms: run.map((t) => termData(t, termTitle)), range: rangeOf(n, size, run.length, g.slugs.length), pager },
        meta: {
          ...makeMeta(config, {
            title,
            description: `${g.slugs.length} legal, evidence and e-discovery ${g.slugs.length === 1 ? 'term' : 'terms'} under ${g.letter === '#' ? 'other characters' : `the letter ${g.letter}`}, defined in plain language, with data fields and related terms.`,
            url,
            jsonLd: [definedTermSetLd(config, run.slice(0, GLOSSARY_STRUCTURED_TERMS)), breadcrumbLd(config, crumbs)],
          }),
          prev: pager?.prev && `${config.baseUrl}${pager.prev}`,
          next: pager?.next && `${config.baseUrl}${pager.next}`,
        },
      };
    });
  });
  return [index, ...pages];
}
