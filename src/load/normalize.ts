/**
 * Turns schema-valid YAML data into the model's entities, applying the spec's defaults
 * (author "Editorial Team", jurisdiction Global, term slugs derived from titles).
 */
import { existsSync } from 'node:fs';
import { readContentBytes } from './content-read.js';
import path from 'node:path';
import { DEFAULT_AUTHOR, DEFAULT_LANGUAGE } from '../constants.js';
import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { Article, Dataset, Jurisdiction, Page, SiteConfig, TemplateFile, Term } from '../model.js';
import { slugify } from '../passes/slugify.js';
import { unprintableInPdf } from '../passes/pdf-text.js';
import { codePointLabel } from '../validate/control-characters.js';
import type { YamlSource } from './yaml-source.js';

type Data = Record<string, any>;

export function toConfig(source: YamlSource): SiteConfig {
  const d = source.data as Data;
  return {
    name: d.name,
    tagline: d.tagline ?? '',
    description: d.description ?? '',
    baseUrl: String(d.baseUrl).replace(/\/+$/, ''),
    language: d.language ?? DEFAULT_LANGUAGE,
    publisher: d.publisher,
    editorialEmail: d.editorialEmail,
    license: d.license,
    chronologyBuilderUrl: d.chronologyBuilderUrl,
    keywords: d.keywords ?? [],
    indexnow: { key: d.indexnow?.key ?? '', endpoints: d.indexnow?.endpoints ?? [] },
    webhooks: (d.webhooks ?? []).map((w: Data) => ({ url: w.url, events: w.events ?? [], ...(w.secretEnv ? { secretEnv: [w.secretEnv].flat() } : {}) })),
    home: { latestArticles: d.home?.latestArticles ?? [], sampleTerms: d.home?.sampleTerms ?? [] },
    glossaryFaq: d.glossaryFaq ?? [],
    contentSignals: { search: d.contentSignals?.search ?? true, aiInput: d.contentSignals?.aiInput ?? true, aiTrain: d.contentSignals?.aiTrain ?? true },
    // A tag is `tag: description` or `tag: { name, description }`.
    tags: Object.fromEntries(Object.entries(d.tags as Data).map(([tag, v]) => [tag, typeof v === 'string' ? v : v.description])),
    tagNames: Object.fromEntries(Object.entries(d.tags as Data).flatMap(([tag, v]) => (typeof v === 'object' && v.name ? [[tag, v.name]] : []))),
  };
}

export function toArticle(source: YamlSource, body: string, bodyLine: number, fileStem: string): Article {
  const d = source.data as Data;
  return {
    file: source.file,
    slug: d.slug ?? fileStem,
    title: d.title,
    summary: d.summary,
    description: d.description ?? d.summary,
    author: d.author ?? DEFAULT_AUTHOR,
    reviewedBy: d.reviewedBy,
    datePublished: d.datePublished,
    dateModified: d.dateModified ?? d.datePublished,
    tags: d.tags,
    jurisdiction: d.jurisdiction,
    schemaType: d.schemaType,
    answer: d.answer,
    keyTakeaways: d.keyTakeaways,
    faq: d.faq,
    references: d.references,
    seeAlso: d.seeAlso,
    downloads: d.downloads,
    editorialNote: d.editorialNote,
    formerSlugs: d.formerSlugs,
    // A folded block (`summary: >`) ends in a line break; the summary is the line.
    changes: (d.changes as Data[]).map((c) => ({ date: c.date, kind: c.kind, summary: String(c.summary).trim() })),
    lawStatedAt: d.lawStatedAt,
    body,
    bodyLine,
  };
}

export function toTerm(source: YamlSource): Term {
  const d = source.data as Data;
  // One jurisdiction or a list; checked against the known ones later (validate/semantics.ts).
  const jurisdictions = (Array.isArray(d.jurisdiction) ? d.jurisdiction : [d.jurisdiction]) as Jurisdiction[];
  return {
    file: source.file,
    slug: d.slug ?? slugify(d.title),
    formerSlugs: d.formerSlugs,
    title: d.title,
    jurisdiction: jurisdictions.join(', '),
    jurisdictions,
    tags: d.tags,
    definition: String(d.definition).trim(),
    alsoCalled: d.alsoCalled,
    noLink: d.noLink,
    linkOnly: d.linkOnly,
    contrastWith: d.contrastWith,
    seeAlso: d.seeAlso,
    dataFields: d.dataFields,
    lastModified: d.lastModified,
  };
}

export function toDataset(source: YamlSource, fileStem: string): Dataset {
  const d = source.data as Data;
  return {
    file: source.file,
    slug: d.slug ?? fileStem,
    title: d.title,
    description: String(d.description).trim(),
    datePublished: d.datePublished,
    dateModified: d.dateModified ?? d.datePublished,
    keywords: d.keywords,
    fields: d.fields,
    distributions: d.distributions,
  };
}

export function toPage(source: YamlSource, body: string, bodyLine: number, name: string): Page {
  const d = source.data as Data;
  return { file: source.file, name, title: d.title, description: d.description, dateModified: d.dateModified, body, bodyLine };
}

/**
 * Downloadable files: those listed in templates/index.yaml (with titles) plus any other file in the
 * folder. A listed `x.pdf` with no such file is generated at build from `x.md`, its source.
 */
export function toTemplates(
  index: YamlSource | undefined,
  files: string[],
  templatesDir: string,
  rel: (abs: string) => string,
  diagnostics: Diagnostic[],
): TemplateFile[] {
  // A hole is an entry with errors of its own (salvage.ts soundEntries): left out, indexes kept.
  const entries = ((index?.data as (Data | undefined)[] | undefined) ?? []).flatMap((e, i) => (e ? [{ file: String(e.file), title: String(e.title), description: String(e.description), usedBy: (e.usedBy ?? []) as string[], i }] : []));
  const byName = new Map(files.map((abs) => [path.relative(templatesDir, abs).split(path.sep).join('/'), abs]));
  const out: TemplateFile[] = [];
  const sourcesUsed = new Set<string>();
  // A file that cannot be read (a permission) is reported at its path, and left out; the machine's
  // failure (a disk error, too many open files) ends the build (load/content-read.ts).
  const read = (abs: string): Buffer | undefined =>
    readContentBytes(abs, (error) => diagnostics.push(diagnostic('unreadable-file', { file: rel(abs) }, '', `could not be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`)));
  for (const e of entries) {
    const abs = byName.get(e.file);
    const at = { file: index!.file, ...index!.locate([e.i, 'file']) };
    if (abs) {
      const body = read(abs);
      if (body) out.push({ file: rel(abs), name: e.file, title: e.title, description: e.description, usedBy: e.usedBy, body });
      continue;
    }
    const sourceName = e.file.replace(/\.pdf$/, '.md');
    const sourceAbs = e.file.endsWith('.pdf') ? byName.get(sourceName) : undefined;
    if (sourceAbs && existsSync(sourceAbs)) {
      sourcesUsed.add(sourceName);
      const source = read(sourceAbs)?.toString('utf8');
      const unprintable = source === undefined ? undefined : unprintableInPdf(source);
      if (unprintable) {
        const { line, column, char } = unprintable;
        const code = codePointLabel(char.codePointAt(0)!);
        diagnostics.push(diagnostic('unsupported-character', { file: rel(sourceAbs), line, column }, 'body', `${JSON.stringify(char)} (${code}) cannot be shown in ${e.file}, which is made from this file: its standard PDF fonts have Western European letters (Windows-1252) only, and the character would be printed wrong or not at all`));
      } else if (source !== undefined) out.push({ file: rel(sourceAbs), name: e.file, title: e.title, description: e.description, usedBy: e.usedBy, source });
    } else {
      diagnostics.push(
        diagnostic('missing-download', at, `[${e.i}].file`, `"${e.file}" is not in content/templates/`, e.file.endsWith('.pdf') ? `Add the file, or its text source ${sourceName} to generate it.` : undefined),
      );
    }
  }
  const listed = new Set(entries.map((e) => e.file));
  for (const [name, abs] of byName) {
    if (listed.has(name) || sourcesUsed.has(name)) continue;
    const body = read(abs);
    if (body) out.push({ file: rel(abs), name, title: name, description: '', usedBy: [], body });
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}
