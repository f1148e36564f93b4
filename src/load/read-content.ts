/**
 * Reads `content/` into a SiteSource: site.yaml, glossary terms, datasets, pages and downloadable
 * templates. Articles are left out (`site.articles` stays empty): the build loads them on its shards
 * (src/engine), each with parseArticleText, where their bodies are rendered. Every file is validated against its schema as it is read; problems become
 * diagnostics, never exceptions. The positions of every YAML value are kept for later checks.
 * Reads: the content folder. Writes: nothing.
 */
import { existsSync, statSync } from 'node:fs';
import { readContentText } from './content-read.js';
import path from 'node:path';
import { type Diagnostic, diagnostic, UsageError } from '../diagnostics/diagnostic.js';
import { isFolder } from '../file-stat.js';
import type { Article, Dataset, Page, SiteSource, TemplateFile, Term } from '../model.js';
import { checkArticleIds } from '../validate/article-ids.js';
import { validateAgainstSchema, type SchemaId } from '../validate/schema-validator.js';
import { listContentFiles, unreadMarkdownFiles } from './content-files.js';
import type { RejectedFile } from './rejected-file.js';
import { fileNameProblem, titleSlugProblem } from '../validate/file-slugs.js';
import { bodyTextProblems } from '../validate/body-text.js';
import { footnoteProblems } from '../validate/footnotes.js';
import { soundEntries, soundFields } from '../validate/salvage.js';
import { splitFrontMatter } from './front-matter.js';
import { toArticle, toConfig, toDataset, toPage, toTemplates, toTerm } from './normalize.js';
import { parseYamlSource, recalledYamlSource, type YamlMemo, type YamlSource } from './yaml-source.js';

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
  /** A file's content hash (hashOf of its bytes) as this build's content snapshot took it, by its
   * path in the content folder ('glossary/x.yaml'): a YAML file the memo knows by it is not read. */
  hashOf?: (contentPath: string) => string | undefined;
}

/** One article file, parsed and schema-checked: the Article, or the file's diagnostics. Pure over
 * its text, so any thread can run it (src/engine/shard.ts). */
export function parseArticleText(text: string, rel: string, memo?: YamlMemo): { article?: Article; source?: YamlSource; diagnostics: Diagnostic[]; rejected?: RejectedFile } {
  const { parsed, diagnostics: syntax } = splitFrontMatter(text, rel, memo);
  const rejected = (data: unknown, problems: Diagnostic[]): RejectedFile => ({ schema: 'article', file: rel, data, problems, body: parsed && { text: parsed.body, line: parsed.bodyLine } });
  // The body's own problems are reported whatever the front matter's, in the same round.
  const body = parsed ? [...bodyTextProblems(rel, parsed.body, parsed.bodyLine), ...footnoteProblems(rel, parsed.body, parsed.bodyLine)] : [];
  if (!parsed || syntax.length) return { diagnostics: [...syntax, ...body], rejected: rejected(undefined, [...syntax, ...body]) };
  if (parsed.source.data == null) parsed.source.data = {};
  const problems = validateAgainstSchema(parsed.source, 'article');
  if (problems.length) {
    // Its ids are checked all the same, in the lists that have no errors of their own.
    const sound = soundFields(parsed.source.data, problems) as Partial<Pick<Article, 'faq' | 'references'>>;
    const all = [...problems, ...checkArticleIds({ file: rel, faq: sound.faq ?? [], references: sound.references ?? [] }, parsed.source, { text: parsed.body, line: parsed.bodyLine }), ...body];
    return { source: parsed.source, diagnostics: all, rejected: rejected(parsed.source.data, all) };
  }
  const article = toArticle(parsed.source, parsed.body, parsed.bodyLine, stem(rel));
  const named = (parsed.source.data as { slug?: unknown }).slug === undefined ? fileNameProblem(rel, stem(rel), 'article') : undefined;
  const own = [...(named ? [named] : []), ...body, ...checkArticleIds(article, parsed.source, { text: parsed.body, line: parsed.bodyLine })];
  return own.length ? { source: parsed.source, diagnostics: own, rejected: rejected(parsed.source.data, own) } : { article, source: parsed.source, diagnostics: [] };
}

/** Loads and schema-validates every content file. */
export function readContent(opts: LoadOptions): LoadResult {
  const contentDir = path.resolve(opts.cwd, opts.contentDir);
  if (!existsSync(contentDir) || !statSync(contentDir).isDirectory()) {
    throw new UsageError(`content folder not found: ${opts.contentDir} (pass --content DIR)`);
  }
  const r = contentReader(contentDir, opts);
  const siteSource = readSiteYaml(r);
  const terms = readTerms(r);
  const datasets = readDatasets(r);
  const pages = readPages(r);
  const templates = readTemplates(r);
  const { sources, diagnostics, rejected } = r;
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

/** One reading of the content folder: what it has collected so far, and how it names and lists files. */
interface ContentReader {
  contentDir: string;
  /** A file's path relative to the working directory, with forward slashes, as diagnostics name it. */
  rel(abs: string): string;
  /** The files matching `pattern` (sorted); files that may not be read are reported. */
  list(pattern: string): string[];
  yamlMemo?: YamlMemo;
  /** LoadOptions.hashOf, by absolute path. */
  hashOf?: (abs: string) => string | undefined;
  sources: Map<string, YamlSource>;
  diagnostics: Diagnostic[];
  rejected: RejectedFile[];
}

/** A reader of `contentDir` that has collected nothing yet. */
function contentReader(contentDir: string, opts: LoadOptions): ContentReader {
  const rel = (abs: string) => path.relative(opts.cwd, abs).split(path.sep).join('/');
  const diagnostics: Diagnostic[] = [];
  return {
    contentDir,
    rel,
    list: (pattern) => listContentFiles(contentDir, pattern, rel, diagnostics),
    yamlMemo: opts.yamlMemo,
    hashOf: opts.hashOf && ((abs) => opts.hashOf!(path.relative(contentDir, abs).split(path.sep).join('/'))),
    sources: new Map(),
    diagnostics,
    rejected: [],
  };
}

/** site.yaml's source, or undefined (reported) when it is missing or has errors. */
function readSiteYaml(r: ContentReader): YamlSource | undefined {
  const siteFile = path.join(r.contentDir, 'site.yaml');
  const [siteListed] = r.list('site.yaml');
  // Without one, every other file is still read and checked (every error at once).
  if (!siteListed && !r.diagnostics.some((d) => d.file === r.rel(siteFile))) {
    // A folder named site.yaml is there, just not a file: "is missing" would contradict what the editor sees.
    const folder = isFolder(siteFile);
    r.diagnostics.push(folder ? diagnostic('not-a-file', { file: r.rel(siteFile) }, '', 'is a folder, not a file', 'Replace the folder with the site.yaml file: the site name, baseUrl and tags.') : diagnostic('unreadable-file', { file: r.rel(siteFile) }, '', 'is missing', 'Every content folder needs a site.yaml with the site name, baseUrl and tags.'));
  }
  return siteListed ? loadYaml(r, siteFile, 'site') : undefined;
}

/** The glossary terms without errors of their own. */
function readTerms(r: ContentReader): Term[] {
  return r.list('glossary/*.{yaml,yml}').flatMap((abs) => {
    const source = loadYaml(r, abs, 'term');
    if (!source) return [];
    const term = toTerm(source);
    const declared = (source.data as { slug?: unknown }).slug !== undefined;
    const unslugged = declared ? undefined : titleSlugProblem(r.rel(abs), () => source.locate(['title']), term.slug);
    if (unslugged) r.diagnostics.push(unslugged);
    return unslugged ? [] : [term];
  });
}

/** The datasets without errors of their own. */
function readDatasets(r: ContentReader): Dataset[] {
  return r.list('datasets/*.{yaml,yml}').flatMap((abs) => {
    const source = loadYaml(r, abs, 'dataset');
    const named = source && (source.data as { slug?: unknown }).slug === undefined ? fileNameProblem(r.rel(abs), stem(abs), 'dataset') : undefined;
    if (named) r.diagnostics.push(named);
    return source && !named ? [toDataset(source, stem(abs))] : [];
  });
}

/** The Markdown pages without errors of their own. */
function readPages(r: ContentReader): Page[] {
  r.diagnostics.push(...unreadMarkdownFiles(r.contentDir, 'pages', r.rel));
  return r.list('pages/*.md').flatMap((abs) => {
    const md = loadMarkdown(r, abs, 'page');
    const named = md ? fileNameProblem(r.rel(abs), stem(abs), 'page') : undefined;
    if (named) r.diagnostics.push(named);
    return md && !named ? [toPage(md.source, md.body, md.bodyLine, stem(abs))] : [];
  });
}

/** The downloadable templates, described by templates/index.yaml. */
function readTemplates(r: ContentReader): TemplateFile[] {
  const templatesDir = path.join(r.contentDir, 'templates');
  const indexFile = path.join(templatesDir, 'index.yaml');
  const [indexListed] = r.list('templates/index.yaml');
  // An index with errors still lists its sound entries (a download of a listed file is then no error).
  const indexSource = indexListed ? (loadYaml(r, indexFile, 'templates-index') ?? soundIndex(r.sources.get(r.rel(indexFile)), r.rejected)) : undefined;
  const templateFiles = r.list('templates/**/*').filter((abs) => abs !== indexFile);
  return toTemplates(indexSource, templateFiles, templatesDir, r.rel, r.diagnostics);
}

/** A file's text, or undefined (reported) when it cannot be read. */
function readText(r: ContentReader, abs: string): string | undefined {
  const text = readContentText(abs);
  if (text === undefined) r.diagnostics.push(diagnostic('unreadable-file', { file: r.rel(abs) }, '', 'could not be read'));
  return text;
}

/** A YAML file's source, if it parses and passes `schema`. A file whose text was parsed before (the
 * memo knows its hash) is not read: at 10,000 glossary terms, reading them was most of a one-change
 * rebuild's `load`. */
function loadYaml(r: ContentReader, abs: string, schema: SchemaId): YamlSource | undefined {
  const hash = r.yamlMemo && r.hashOf?.(abs);
  const recalled = hash ? recalledYamlSource(r.rel(abs), abs, hash, r.yamlMemo!) : undefined;
  if (recalled) return accept(r, recalled, [], schema);
  const text = readText(r, abs);
  if (text === undefined) return undefined;
  const { source, diagnostics: syntax } = parseYamlSource(text, r.rel(abs), 0, r.yamlMemo);
  return accept(r, source, syntax, schema);
}

/** A Markdown file's front matter and body, if its front matter parses and passes `schema`. */
function loadMarkdown(r: ContentReader, abs: string, schema: SchemaId): { source: YamlSource; body: string; bodyLine: number } | undefined {
  const text = readText(r, abs);
  if (text === undefined) return undefined;
  const { parsed, diagnostics: frontMatter } = splitFrontMatter(text, r.rel(abs), r.yamlMemo);
  const syntax = parsed ? [...frontMatter, ...bodyTextProblems(r.rel(abs), parsed.body, parsed.bodyLine)] : frontMatter;
  if (!parsed) {
    r.diagnostics.push(...syntax);
    r.rejected.push({ schema, file: r.rel(abs), data: undefined, problems: syntax });
    return undefined;
  }
  const source = accept(r, parsed.source, syntax, schema, { text: parsed.body, line: parsed.bodyLine });
  return source && { source, body: parsed.body, bodyLine: parsed.bodyLine };
}

/** Keeps a parsed source and checks it against `schema`: the source if it has no problems; else
 * its problems are reported and the file is rejected. */
function accept(r: ContentReader, source: YamlSource, syntax: Diagnostic[], schema: SchemaId, body?: RejectedFile['body']): YamlSource | undefined {
  if (syntax.length) {
    r.diagnostics.push(...syntax);
    r.rejected.push({ schema, file: source.file, data: undefined, problems: syntax, body });
    return undefined;
  }
  // An empty YAML file is one mistake, not one per required field (a front matter has its fields listed).
  const empty = source.data == null && !body && schema !== 'templates-index';
  if (source.data == null) source.data = schema === 'templates-index' ? [] : {};
  r.sources.set(source.file, source);
  const problems = empty ? [emptyFileProblem(source.file, schema)] : validateAgainstSchema(source, schema);
  r.diagnostics.push(...problems);
  if (problems.length) r.rejected.push({ schema, file: source.file, data: source.data, problems, body });
  return problems.length ? undefined : source;
}

/** The error of a YAML file with no fields at all (empty, or only comments). */
function emptyFileProblem(file: string, schema: SchemaId): Diagnostic {
  const fields: Partial<Record<SchemaId, string>> = {
    site: 'name, tagline, description, baseUrl, publisher, editorialEmail and tags',
    term: 'title and definition (and, as a rule, jurisdiction and tags)',
    dataset: 'title, description, datePublished and distributions',
  };
  const what = fields[schema] ? `its ${fields[schema]}` : 'its fields';
  return diagnostic('empty-file', { file, line: 1 }, '', 'is empty', `Write ${what}: docs/content.md shows an example of each kind of file.`);
}

/** The templates index's entries without errors of their own, when the index as a whole has some. */
function soundIndex(source: YamlSource | undefined, rejected: RejectedFile[]): YamlSource | undefined {
  const own = source && rejected.find((r) => r.file === source.file);
  return source && own ? { ...source, data: soundEntries(source.data, own.problems) } : undefined;
}

/** A file name without its extension: the slug of the entity it holds. */
function stem(abs: string): string {
  return path.basename(abs).replace(/\.[^.]+$/, '');
}
