/**
 * Checks that need the whole site: known tags and jurisdictions, unique slugs (slug-clashes.ts), and
 * that every cross-reference (term seeAlso/contrastWith, article seeAlso, downloads, dataset
 * distributions, site.yaml's home lists) resolves (an article's own ids are checked where it is
 * parsed: article-ids.ts). Reads: SiteSource and YAML positions. Writes: diagnostics.
 */
import { JURISDICTIONS } from '../constants.js';
import { diagnostic, didYouMean, type Diagnostic, type RuleId } from '../diagnostics/diagnostic.js';
import type { FieldPath } from '../load/field-path.js';
import type { YamlSource } from '../load/yaml-source.js';
import type { ArticleMeta, Dataset, SiteSource, Term } from '../model.js';
import { formatFieldPath } from './schema-validator.js';
import { datesNow } from './dates.js';
import { checkLinkRules, checkSharedNames } from './link-rules.js';
import { checkSlugClashes } from './slug-clashes.js';

export interface SemanticOptions {
  /** False when site.yaml's tags could not be read: tags are then not checked. */
  tagsKnown?: boolean;
  /** Files whose slug is only a guess (validate/salvage.ts): never reported as a duplicate. */
  guessedSlugs?: Set<string>;
  /** Download paths that may exist although no file is listed for them: templates/index.yaml could
   * not be read, and each Markdown template may be the source of a listed PDF. */
  mayExist?: Set<string>;
}

/**
 * With `onlyFile`, checks just that file's own references (serve's quick preview of one edited
 * article, whose slug is unchanged, against a site whose other files already passed).
 */
export function checkSemantics(site: SiteSource, sources: Map<string, YamlSource>, onlyFile?: string, opts: SemanticOptions = {}): Diagnostic[] {
  const out: Diagnostic[] = [];
  const c = siteChecks(site, sources, opts, out);
  const checked = <T extends { file: string }>(items: T[]) => (onlyFile === undefined ? items : items.filter((x) => x.file === onlyFile));
  if (onlyFile === undefined) {
    out.push(...checkSlugClashes('article', site.articles, sources, opts.guessedSlugs));
    out.push(...checkSlugClashes('term', site.terms, sources, opts.guessedSlugs));
    out.push(...checkSlugClashes('dataset', site.datasets, sources, opts.guessedSlugs));
  }
  for (const a of checked(site.articles)) checkArticle(c, a);
  for (const t of checked(site.terms)) checkTerm(c, t);
  for (const d of checked(site.datasets)) checkDataset(c, d);
  for (const p of checked(site.pages)) checkNotAhead(c, p.file, [['dateModified', p.dateModified]]);
  if (onlyFile !== undefined) return out;
  // Copies of one term (a duplicate slug, reported as such) share their names as a matter of course.
  const slugCount = new Map<string, number>();
  for (const t of site.terms) slugCount.set(t.slug, (slugCount.get(t.slug) ?? 0) + 1);
  checkSharedNames(site.terms.filter((t) => slugCount.get(t.slug) === 1), (t, path, message, hint) => c.report('invalid-value', t.file, path, message, hint));
  checkHomeLists(c);
  checkTemplateUsers(c);
  return out;
}

/** Reports a problem at a field of a file (at its key with `key`), on line 1 when the file has no YAML positions. */
type Report = (rule: RuleId, file: string, path: FieldPath, message: string, hint?: string, key?: boolean) => void;

/** What every check reads: the site, what its references may point at, and where to report. */
interface SiteChecks {
  site: SiteSource;
  sources: Map<string, YamlSource>;
  opts: SemanticOptions;
  report: Report;
  knownTags: string[];
  articleSlugs: Set<string>;
  termSlugs: Set<string>;
  /** Where a slug a reference names went: the article or term that lists it under formerSlugs. */
  renamedArticle: Map<string, string>;
  renamedTerm: Map<string, string>;
  templateHrefs: Set<string>;
  /** Today (UTC) and the latest date a file may give (dates.ts datesNow). */
  today: string;
  latest: string;
}

/** The checks' shared reading of `site`, reporting into `out`. */
function siteChecks(site: SiteSource, sources: Map<string, YamlSource>, opts: SemanticOptions, out: Diagnostic[]): SiteChecks {
  const report: Report = (rule, file, path, message, hint, key = false) => {
    const pos = sources.get(file)?.locate(path, key) ?? { line: 1, column: 1 };
    out.push(diagnostic(rule, { file, ...pos }, formatFieldPath(path), message, hint));
  };
  return {
    site,
    sources,
    opts,
    report,
    knownTags: Object.keys(site.config.tags),
    articleSlugs: new Set(site.articles.map((a) => a.slug)),
    termSlugs: new Set(site.terms.map((t) => t.slug)),
    renamedArticle: new Map(site.articles.flatMap((a) => a.formerSlugs.map((old) => [old, a.slug] as [string, string]))),
    renamedTerm: new Map(site.terms.flatMap((t) => t.formerSlugs.map((old) => [old, t.slug] as [string, string]))),
    templateHrefs: new Set([...site.templates.map((t) => `/templates/${t.name}`), ...(opts.mayExist ?? [])]),
    ...datesNow(),
  };
}

/** The hint for a reference to a slug an article or term had before it was renamed. */
function renamedHint(renamed: Map<string, string>, slug: string, prefix = ''): string | undefined {
  const now = renamed.get(slug);
  return now === undefined ? undefined : `It was renamed: ${prefix}${now} lists ${slug} under formerSlugs. Write ${prefix}${now}.`;
}

/** Every tag is one of site.yaml's (unless site.yaml's tags could not be read). */
function checkTags(c: SiteChecks, file: string, tags: string[]): void {
  if (c.opts.tagsKnown === false) return;
  tags.forEach((tag, i) => {
    if (!c.site.config.tags[tag]) c.report('unknown-tag', file, ['tags', i], `"${tag}" is not a known tag`, didYouMean(tag, c.knownTags));
  });
}

/** A jurisdiction is one legalsite knows. */
function checkJurisdiction(c: SiteChecks, file: string, value: string, path: FieldPath = ['jurisdiction']): void {
  if (!JURISDICTIONS.includes(value as never)) {
    c.report('unknown-jurisdiction', file, path, `"${value}" is not a known jurisdiction`, didYouMean(value, JURISDICTIONS) ?? `Use one of: ${JURISDICTIONS.join(', ')}.`);
  }
}

/** Each change entry falls within the article's life: not before it was published, and not after
 * its "Last updated" date (a correction the page does not count as an update would contradict it). */
function checkChangeDates(c: SiteChecks, a: ArticleMeta): void {
  a.changes.forEach((change, i) => {
    if (change.date < a.datePublished) c.report('date-order', a.file, ['changes', i, 'date'], `${change.date} is before datePublished ${a.datePublished}`, 'A change cannot come before the article was published; check the date, or datePublished.');
    else if (change.date > a.dateModified) c.report('date-order', a.file, ['changes', i, 'date'], `${change.date} is after dateModified ${a.dateModified}`, `Set dateModified to ${change.date} (or later): the page's "Last updated" date is that of its latest change.`);
  });
}

/** A date after tomorrow is a typo (2062 for 2026): nothing waits for its date to be published, so
 * the page would be out now, dated then, and first in every list and feed ordered by date until then.
 * Later dates of a file (changes) are bounded by its dateModified, checked here. */
function checkNotAhead(c: SiteChecks, file: string, dates: [field: string, date: string | undefined][]): void {
  const reported = new Set<string>();
  for (const [field, date] of dates) {
    // A dateModified left out is datePublished: one mistake, told once.
    if (date === undefined || date <= c.latest || reported.has(date)) continue;
    reported.add(date);
    c.report('invalid-date', file, [field], `${date} is in the future (today is ${c.today})`, `Write the date it is published or was changed: a page is published when the site is built, whatever its date, and lists and feeds are ordered by it.`);
  }
}

/** An article's tags, jurisdiction, dates, see-also references and downloads. */
function checkArticle(c: SiteChecks, a: ArticleMeta): void {
  checkTags(c, a.file, a.tags);
  checkJurisdiction(c, a.file, a.jurisdiction);
  checkNotAhead(c, a.file, [['datePublished', a.datePublished], ['dateModified', a.dateModified], ['lawStatedAt', a.lawStatedAt]]);
  if (a.dateModified < a.datePublished) c.report('date-order', a.file, ['dateModified'], `${a.dateModified} is before datePublished ${a.datePublished}`);
  checkChangeDates(c, a);
  a.seeAlso.forEach((ref, i) => {
    const [kind, slug] = ref.split('/');
    const pool = kind === 'glossary' ? c.termSlugs : kind === 'articles' ? c.articleSlugs : undefined;
    if (!pool) c.report('dangling-reference', a.file, ['seeAlso', i], `"${ref}" is not a site path`, 'Write glossary/{slug} or articles/{slug}.');
    else if (!pool.has(slug)) c.report('dangling-reference', a.file, ['seeAlso', i], `"${ref}" does not exist`, renamedHint(kind === 'glossary' ? c.renamedTerm : c.renamedArticle, slug, `${kind}/`) ?? didYouMean(ref, [...pool].map((s) => `${kind}/${s}`)));
  });
  a.downloads.forEach((d, i) => {
    if (!c.templateHrefs.has(d.href)) c.report('missing-download', a.file, ['downloads', i, 'href'], `"${d.href}" is not a file in content/templates/`, didYouMean(d.href, c.templateHrefs));
  });
}

/** A term's tags, jurisdictions, link rules, and see-also and contrast references. */
function checkTerm(c: SiteChecks, t: Term): void {
  checkTags(c, t.file, t.tags);
  checkNotAhead(c, t.file, [['lastModified', t.lastModified]]);
  checkTermJurisdictions(c, t);
  checkLinkRules(t, (path, message, hint) => c.report('invalid-value', t.file, path, message, hint));
  for (const field of ['seeAlso', 'contrastWith'] as const) {
    t[field].forEach((slug, i) => {
      if (slug === t.slug) c.report('dangling-reference', t.file, [field, i], `"${slug}" points at the term itself`);
      else if (!c.termSlugs.has(slug)) c.report('dangling-reference', t.file, [field, i], `"${slug}" is not a glossary term`, renamedHint(c.renamedTerm, slug) ?? didYouMean(slug, c.termSlugs));
    });
  }
}

/** A term's jurisdictions: each known and listed once, and Global only alone. */
function checkTermJurisdictions(c: SiteChecks, t: Term): void {
  const listed = Array.isArray((c.sources.get(t.file)?.data as { jurisdiction?: unknown } | undefined)?.jurisdiction);
  t.jurisdictions.forEach((j, i) => {
    checkJurisdiction(c, t.file, j, listed ? ['jurisdiction', i] : ['jurisdiction']);
    if (t.jurisdictions.indexOf(j) !== i) c.report('invalid-value', t.file, ['jurisdiction', i], `"${j}" is listed twice`, 'Name each jurisdiction once.');
  });
  if (t.jurisdictions.length > 1 && t.jurisdictions.includes('Global')) {
    c.report('invalid-value', t.file, ['jurisdiction'], '"Global" cannot be listed with other jurisdictions', 'Name the jurisdictions whose law the definition states, or only Global.');
  }
}

/** A dataset's dates and distributions. */
function checkDataset(c: SiteChecks, d: Dataset): void {
  checkNotAhead(c, d.file, [['datePublished', d.datePublished], ['dateModified', d.dateModified]]);
  if (d.dateModified < d.datePublished) c.report('date-order', d.file, ['dateModified'], `${d.dateModified} is before datePublished ${d.datePublished}`);
  d.distributions.forEach((dist, i) => {
    if (!c.templateHrefs.has(dist.url)) c.report('missing-download', d.file, ['distributions', i, 'url'], `"${dist.url}" is not a file in content/templates/`, didYouMean(dist.url, c.templateHrefs));
  });
}

/** site.yaml's home lists name existing articles and terms. */
function checkHomeLists(c: SiteChecks): void {
  const { home } = c.site.config;
  home.latestArticles.forEach((slug, i) => {
    if (!c.articleSlugs.has(slug)) c.report('dangling-reference', c.site.configFile, ['home', 'latestArticles', i], `"${slug}" is not an article`, renamedHint(c.renamedArticle, slug) ?? didYouMean(slug, c.articleSlugs));
  });
  home.sampleTerms.forEach((slug, i) => {
    if (!c.termSlugs.has(slug)) c.report('dangling-reference', c.site.configFile, ['home', 'sampleTerms', i], `"${slug}" is not a glossary term`, renamedHint(c.renamedTerm, slug) ?? didYouMean(slug, c.termSlugs));
  });
}

/** Every template's usedBy names an existing article (reported in templates/index.yaml). */
function checkTemplateUsers(c: SiteChecks): void {
  const indexFile = [...c.sources.keys()].find((f) => f.endsWith('templates/index.yaml'));
  const entries = (indexFile && Array.isArray(c.sources.get(indexFile)!.data) ? c.sources.get(indexFile)!.data : []) as { file?: unknown }[];
  for (const t of c.site.templates) {
    const at = entries.findIndex((e) => e?.file === t.name);
    t.usedBy.forEach((slug, i) => {
      if (!c.articleSlugs.has(slug) && indexFile) c.report('dangling-reference', indexFile, at < 0 ? [] : [at, 'usedBy', i], `"${slug}" is not an article (usedBy of ${t.name})`, renamedHint(c.renamedArticle, slug) ?? didYouMean(slug, c.articleSlugs));
    });
  }
}
