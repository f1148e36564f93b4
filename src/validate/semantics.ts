/**
 * Checks that need the whole site: known tags and jurisdictions, unique slugs, and that every
 * cross-reference (term seeAlso/contrastWith, article seeAlso, downloads, dataset distributions,
 * site.yaml's home lists) resolves (an article's own ids are checked where it is parsed:
 * article-ids.ts). Reads: SiteSource and YAML positions. Writes: diagnostics.
 */
import { JURISDICTIONS } from '../constants.js';
import { diagnostic, didYouMean, type Diagnostic, type RuleId } from '../diagnostics/diagnostic.js';
import type { FieldPath } from '../load/field-path.js';
import type { YamlSource } from '../load/yaml-source.js';
import type { SiteSource } from '../model.js';
import { formatFieldPath } from './schema-validator.js';
import { checkLinkRules } from './link-rules.js';

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
  const report = (rule: RuleId, file: string, path: FieldPath, message: string, hint?: string, key = false) => {
    const pos = sources.get(file)?.locate(path, key) ?? { line: 1, column: 1 };
    out.push(diagnostic(rule, { file, ...pos }, formatFieldPath(path), message, hint));
  };
  const knownTags = Object.keys(site.config.tags);
  const articleSlugs = new Set(site.articles.map((a) => a.slug));
  const termSlugs = new Set(site.terms.map((t) => t.slug));
  const templateHrefs = new Set([...site.templates.map((t) => `/templates/${t.name}`), ...(opts.mayExist ?? [])]);

  const checkTags = (file: string, tags: string[]) =>
    opts.tagsKnown !== false &&
    tags.forEach((tag, i) => {
      if (!site.config.tags[tag]) report('unknown-tag', file, ['tags', i], `"${tag}" is not a known tag`, didYouMean(tag, knownTags));
    });
  const checkJurisdiction = (file: string, value: string, path: FieldPath = ['jurisdiction']) => {
    if (!JURISDICTIONS.includes(value as never)) {
      report('unknown-jurisdiction', file, path, `"${value}" is not a known jurisdiction`, didYouMean(value, JURISDICTIONS) ?? `Use one of: ${JURISDICTIONS.join(', ')}.`);
    }
  };
  const checkDuplicateSlugs = (kind: string, items: { slug: string; file: string }[]) => {
    const first = new Map<string, string>();
    for (const item of items) {
      if (opts.guessedSlugs?.has(item.file)) continue;
      const earlier = first.get(item.slug);
      if (earlier) report('duplicate-slug', item.file, ['slug'], `"${item.slug}" is already the slug of ${kind} ${earlier}`);
      else first.set(item.slug, item.file);
    }
  };

  if (onlyFile === undefined) {
    checkDuplicateSlugs('article', site.articles);
    checkDuplicateSlugs('term', site.terms);
    checkDuplicateSlugs('dataset', site.datasets);
  }
  const checked = <T extends { file: string }>(items: T[]) => (onlyFile === undefined ? items : items.filter((x) => x.file === onlyFile));

  for (const a of checked(site.articles)) {
    checkTags(a.file, a.tags);
    checkJurisdiction(a.file, a.jurisdiction);
    if (a.dateModified < a.datePublished) report('date-order', a.file, ['dateModified'], `${a.dateModified} is before datePublished ${a.datePublished}`);
    a.seeAlso.forEach((ref, i) => {
      const [kind, slug] = ref.split('/');
      const pool = kind === 'glossary' ? termSlugs : kind === 'articles' ? articleSlugs : undefined;
      if (!pool) report('dangling-reference', a.file, ['seeAlso', i], `"${ref}" is not a site path`, 'Write glossary/{slug} or articles/{slug}.');
      else if (!pool.has(slug)) report('dangling-reference', a.file, ['seeAlso', i], `"${ref}" does not exist`, didYouMean(ref, [...pool].map((s) => `${kind}/${s}`)));
    });
    a.downloads.forEach((d, i) => {
      if (!templateHrefs.has(d.href)) report('missing-download', a.file, ['downloads', i, 'href'], `"${d.href}" is not a file in content/templates/`, didYouMean(d.href, templateHrefs));
    });
  }

  for (const t of checked(site.terms)) {
    checkTags(t.file, t.tags);
    const listed = Array.isArray((sources.get(t.file)?.data as { jurisdiction?: unknown } | undefined)?.jurisdiction);
    t.jurisdictions.forEach((j, i) => {
      checkJurisdiction(t.file, j, listed ? ['jurisdiction', i] : ['jurisdiction']);
      if (t.jurisdictions.indexOf(j) !== i) report('invalid-value', t.file, ['jurisdiction', i], `"${j}" is listed twice`, 'Name each jurisdiction once.');
    });
    if (t.jurisdictions.length > 1 && t.jurisdictions.includes('Global')) {
      report('invalid-value', t.file, ['jurisdiction'], '"Global" cannot be listed with other jurisdictions', 'Name the jurisdictions whose law the definition states, or only Global.');
    }
    checkLinkRules(t, (path, message, hint) => report('invalid-value', t.file, path, message, hint));
    for (const field of ['seeAlso', 'contrastWith'] as const) {
      t[field].forEach((slug, i) => {
        if (slug === t.slug) report('dangling-reference', t.file, [field, i], `"${slug}" points at the term itself`);
        else if (!termSlugs.has(slug)) report('dangling-reference', t.file, [field, i], `"${slug}" is not a glossary term`, didYouMean(slug, termSlugs));
      });
    }
  }

  for (const d of checked(site.datasets)) {
    if (d.dateModified < d.datePublished) report('date-order', d.file, ['dateModified'], `${d.dateModified} is before datePublished ${d.datePublished}`);
    d.distributions.forEach((dist, i) => {
      if (!templateHrefs.has(dist.url)) report('missing-download', d.file, ['distributions', i, 'url'], `"${dist.url}" is not a file in content/templates/`, didYouMean(dist.url, templateHrefs));
    });
  }

  if (onlyFile !== undefined) return out;
  const { home } = site.config;
  home.latestArticles.forEach((slug, i) => {
    if (!articleSlugs.has(slug)) report('dangling-reference', site.configFile, ['home', 'latestArticles', i], `"${slug}" is not an article`, didYouMean(slug, articleSlugs));
  });
  home.sampleTerms.forEach((slug, i) => {
    if (!termSlugs.has(slug)) report('dangling-reference', site.configFile, ['home', 'sampleTerms', i], `"${slug}" is not a glossary term`, didYouMean(slug, termSlugs));
  });

  const indexFile = [...sources.keys()].find((f) => f.endsWith('templates/index.yaml'));
  const entries = (indexFile && Array.isArray(sources.get(indexFile)!.data) ? sources.get(indexFile)!.data : []) as { file?: unknown }[];
  for (const t of site.templates) {
    const at = entries.findIndex((e) => e?.file === t.name);
    t.usedBy.forEach((slug, i) => {
      if (!articleSlugs.has(slug) && indexFile) report('dangling-reference', indexFile, at < 0 ? [] : [at, 'usedBy', i], `"${slug}" is not an article (usedBy of ${t.name})`, didYouMean(slug, articleSlugs));
    });
  }
  return out;
}
