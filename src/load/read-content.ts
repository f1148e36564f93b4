/**
 * Reads `content/` into a SiteSource: site.yaml, glossary terms, datasets, pages and downloadable
 * templates. Articles are left out (`site.articles` stays empty): the build loads them on its shards
 * (src/engine), each with parseArticleText, where their bodies are rendered. Every file is validated against its schema as it is read; problems become
 * diagnostics, never exceptions. The positions of every YAML value are kept for later checks.
 * Reads: the content folder. Writes: nothing.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { type Diagnostic, diagnostic, UsageError } from '../diagnostics/diagnostic.js';
import type { Article, SiteSource } from '../model.js';
import { checkArticleIds } from '../validate/article-ids.js';
import { validateAgainstSchema, type SchemaId } from '../validate/schema-validator.js';
import { listContentFiles } from './content-files.js';
import type { RejectedFile } from './rejected-file.js';
import { soundEntries, soundFields } from '../validate/salvage.js';
import { splitFrontMatter } from './front-matter.js';
import { toArticle, toConfig, toDataset, toPage, toTemplates, toTerm } from './normalize.js';
import { parseYamlSource, type YamlMemo, type YamlSource } from './yaml-source.js';

export interface LoadResult {
  /** Undefined when site.yaml is missing or has errors (`rejected` then holds what could be read). */
  site?: SiteSource;
  /** Parsed YAML per file (relative path), so later checks can point at lines. */
  sources: Map<string, YamlSource>;
  diagnostics: Diagnostic[];
  /** Every file that failed its own checks, for the site-wide checks to read what they can
   * (validate/salvage.ts), and the entities read when there is no site. */
  rejected: RejectedFile[];
  entities?: Pick<SiteSource, 'contentDir' | 'terms' | 'datasets' | 'pages' | 'templates'>;
}

export interface LoadOptions {
  contentDir: string;
  /** Paths in diagnostics are relative to this folder (the working directory). */
  cwd: string;
  /** YAML parsed by an earlier build (serve, or the disk cache), reused for unchanged texts. */
  yamlMemo?: YamlMemo;
}

/** One article file, parsed and schema-checked: the Article, or the file's diagnostics. Pure over
 * its text, so any thread can run it (src/engine/shard.ts). */
export function parseArticleText(text: string, rel: string, memo?: YamlMemo): { article?: Article; source?: YamlSource; diagnostics: Diagnostic[]; rejected?: RejectedFile } {
  const { parsed, diagnostics } = splitFrontMatter(text, rel, memo);
  const rejected = (data: unknown, problems: Diagnostic[]): RejectedFile => ({ schema: 'article', file: rel, data, problems, body: parsed && { text: parsed.body, line: parsed.bodyLine } });
  if (!parsed || diagnostics.length) return { diagnostics, rejected: rejected(undefined, diagnostics) };
  if (parsed.source.data == null) parsed.source.data = {};
  const problems = validateAgainstSchema(parsed.source, 'article');
  if (problems.length) {
    // Its ids are checked all the same, in the lists that have no errors of their own.
    const sound = soundFields(parsed.source.data, problems) as Partial<Pick<Article, 'faq' | 'references'>>;
    const all = [...problems, ...checkArticleIds({ file: rel, faq: sound.faq ?? [], references: sound.references ?? [] }, parsed.source)];
    return { source: parsed.source, diagnostics: all, rejected: rejected(parsed.source.data, all) };
  }
  const article = toArticle(parsed.source, parsed.body, parsed.bodyLine, stem(rel));
  const own = checkArticleIds(article, parsed.source);
  return own.length ? { source: parsed.source, diagnostics: own, rejected: rejected(parsed.source.data, own) } : { article, source: parsed.source, diagnostics: [] };
}

/** Loads and schema-validates every content file. */
export function readContent(opts: LoadOptions): LoadResult {
  const contentDir = path.resolve(opts.cwd, opts.contentDir);
  if (!existsSync(contentDir) || !statSync(contentDir).isDirectory()) {
    throw new UsageError(`content folder not found: ${opts.contentDir} (pass --content DIR)`);
  }
  const rel = (abs: string) => path.relative(opts.cwd, abs).split(path.sep).join('/');
  const sources = new Map<string, YamlSource>();
  const diagnostics: Diagnostic[] = [];
  const rejected: RejectedFile[] = [];

  const list = (pattern: string) => listContentFiles(contentDir, pattern, rel, diagnostics);
  const read = (abs: string): string | undefined => {
    try {
      return readFileSync(abs, 'utf8');
    } catch {
      diagnostics.push(diagnostic('unreadable-file', { file: rel(abs) }, '', 'could not be read'));
      return undefined;
    }
  };
  const loadYaml = (abs: string, schema: SchemaId): YamlSource | undefined => {
    const text = read(abs);
    if (text === undefined) return undefined;
    const { source, diagnostics: syntax } = parseYamlSource(text, rel(abs), 0, opts.yamlMemo);
    return accept(source, syntax, schema);
  };
  const loadMarkdown = (abs: string, schema: SchemaId) => {
    const text = read(abs);
    if (text === undefined) return undefined;
    const { parsed, diagnostics: syntax } = splitFrontMatter(text, rel(abs), opts.yamlMemo);
    if (!parsed) {
      diagnostics.push(...syntax);
      rejected.push({ schema, file: rel(abs), data: undefined, problems: syntax });
      return undefined;
    }
    const source = accept(parsed.source, syntax, schema, { text: parsed.body, line: parsed.bodyLine });
    return source && { source, body: parsed.body, bodyLine: parsed.bodyLine };
  };
  function accept(source: YamlSource, syntax: Diagnostic[], schema: SchemaId, body?: RejectedFile['body']): YamlSource | undefined {
    if (syntax.length) {
      diagnostics.push(...syntax);
      rejected.push({ schema, file: source.file, data: undefined, problems: syntax, body });
      return undefined;
    }
    if (source.data == null) source.data = schema === 'templates-index' ? [] : {};
    sources.set(source.file, source);
    const problems = validateAgainstSchema(source, schema);
    diagnostics.push(...problems);
    if (problems.length) rejected.push({ schema, file: source.file, data: source.data, problems, body });
    return problems.length ? undefined : source;
  }

  const siteFile = path.join(contentDir, 'site.yaml');
  const [siteListed] = list('site.yaml');
  // Without one, every other file is still read and checked (every error at once).
  if (!siteListed && !diagnostics.some((d) => d.file === rel(siteFile))) diagnostics.push(diagnostic('unreadable-file', { file: rel(siteFile) }, '', 'is missing', 'Every content folder needs a site.yaml with the site name, baseUrl and tags.'));
  const siteSource = siteListed ? loadYaml(siteFile, 'site') : undefined;

  const terms = list('glossary/*.{yaml,yml}').flatMap((abs) => {
    const source = loadYaml(abs, 'term');
    return source ? [toTerm(source)] : [];
  });
  const datasets = list('datasets/*.{yaml,yml}').flatMap((abs) => {
    const source = loadYaml(abs, 'dataset');
    return source ? [toDataset(source, stem(abs))] : [];
  });
  const pages = list('pages/*.md').flatMap((abs) => {
    const md = loadMarkdown(abs, 'page');
    return md ? [toPage(md.source, md.body, md.bodyLine, stem(abs))] : [];
  });
  const templatesDir = path.join(contentDir, 'templates');
  const indexFile = path.join(templatesDir, 'index.yaml');
  const [indexListed] = list('templates/index.yaml');
  // An index with errors still lists its sound entries (a download of a listed file is then no error).
  const indexSource = indexListed ? (loadYaml(indexFile, 'templates-index') ?? soundIndex(sources.get(rel(indexFile)), rejected)) : undefined;
  const templateFiles = list('templates/**/*').filter((abs) => abs !== indexFile);
  const templates = toTemplates(indexSource, templateFiles, templatesDir, rel, diagnostics);

  if (!siteSource) return { sources, diagnostics, rejected, entities: { contentDir, terms, datasets, pages, templates } };
  const site: SiteSource = {
    contentDir,
    config: toConfig(siteSource),
    configFile: siteSource.file,
    articles: [],
    terms,
    datasets,
    pages,
    templates,
  };
  return { site, sources, diagnostics, rejected };
}

function soundIndex(source: YamlSource | undefined, rejected: RejectedFile[]): YamlSource | undefined {
  const own = source && rejected.find((r) => r.file === source.file);
  return source && own ? { ...source, data: soundEntries(source.data, own.problems) } : undefined;
}

function stem(abs: string): string {
  return path.basename(abs).replace(/\.[^.]+$/, '');
}
