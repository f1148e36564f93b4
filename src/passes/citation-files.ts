/**
 * An article's citation files, for reference managers (Zotero, EndNote, Mendeley, BibDesk) and
 * citation processors: BibTeX (biblatex `@online`), RIS (`TY  - ELEC`, a web page) and CSL-JSON (a
 * one-item list of type `webpage`). Each names the article's title, its author, the site as the work
 * that contains it, the publisher, the publication date, the canonical URL, its summary, tags and
 * language, and says when it was last updated (and as at when it states the law, when it says so).
 * Written here, not by a library: the one maintained writer of all three (citation-js) would bring
 * a synchronous-fetch dependency into the build, and from 0.9 needs Node 22; one record of fixed
 * fields is a few lines each. The tests read every file back with citation-js (test/outputs/).
 * Reads: one article's fields, the site config. Writes: the files' text. Issue 17 ("Cite this").
 */
import type { ArticleMeta, SiteConfig } from '../model.js';

/** What all three formats say about one article. */
interface CitationRecord {
  key: string;
  title: string;
  author: string;
  container: string;
  publisher: string;
  published: [year: number, month: number, day: number];
  url: string;
  abstract: string;
  keywords: string[];
  language: string;
  note: string;
}

function recordOf(a: ArticleMeta, config: SiteConfig): CitationRecord {
  const [year, month, day] = a.datePublished.split('-').map(Number);
  const note = [`Last updated: ${a.dateModified}`, ...(a.lawStatedAt ? [`Law stated as at: ${a.lawStatedAt}`] : [])].join('. ');
  return {
    key: a.slug,
    title: oneLine(a.title),
    author: oneLine(a.author),
    container: oneLine(config.name),
    publisher: oneLine(config.publisher.name),
    published: [year, month, day],
    url: `${config.baseUrl}/articles/${a.slug}`,
    abstract: oneLine(a.summary),
    keywords: a.tags,
    language: config.language,
    note,
  };
}

/** Front matter may fold a long value over lines; every field of these formats is one line. */
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

// BibTeX

/** TeX's special characters, written so TeX prints them (the `url` field is verbatim and is not escaped). */
const TEX_ESCAPES: Record<string, string> = {
  '\\': '\\textbackslash{}', '{': '\\{', '}': '\\}', '&': '\\&', '%': '\\%', $: '\\$', '#': '\\#', _: '\\_', '~': '\\textasciitilde{}', '^': '\\textasciicircum{}',
};
const tex = (s: string) => s.replace(/[\\{}&%$#_~^]/g, (c) => TEX_ESCAPES[c]);

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** A biblatex `@online` entry, readable by BibTeX too (`year` and a `month` macro beside `date`).
 * The author is a body, not a person, and the title keeps its capitals: both are braced whole. No
 * language field: biblatex's `langid` wants a babel name ("american"), not a language tag. */
export function bibtexFile(a: ArticleMeta, config: SiteConfig): string {
  const r = recordOf(a, config);
  const [year, month, day] = r.published;
  const fields: [string, string][] = [
    ['author', `{{${tex(r.author)}}}`],
    ['title', `{{${tex(r.title)}}}`],
    ['organization', `{${tex(r.container)}}`],
    ['publisher', `{${tex(r.publisher)}}`],
    ['date', `{${year}-${pad(month)}-${pad(day)}}`],
    ['year', `{${year}}`],
    ['month', MONTHS[month - 1]],
    ['url', `{${r.url}}`],
    ['abstract', `{${tex(r.abstract)}}`],
    ['keywords', `{${tex(r.keywords.join(', '))}}`],
    ['note', `{${tex(r.note)}}`],
  ];
  const width = Math.max(...fields.map(([k]) => k.length));
  return `@online{${r.key},\n${fields.map(([k, v]) => `  ${k.padEnd(width)} = ${v}`).join(',\n')}\n}\n`;
}

const pad = (n: number) => String(n).padStart(2, '0');

// RIS

/** An RIS record: `TY  - ELEC` (a web page), one tag per line, ended by `ER  - `. Lines end in CR LF,
 * as the format was first written for (every reader takes LF as well). */
export function risFile(a: ArticleMeta, config: SiteConfig): string {
  const r = recordOf(a, config);
  const [year, month, day] = r.published;
  const lines: [string, string][] = [
    ['TY', 'ELEC'],
    ['TI', r.title],
    ['AU', r.author],
    ['T2', r.container],
    ['PB', r.publisher],
    ['PY', String(year)],
    ['DA', `${year}/${pad(month)}/${pad(day)}/`],
    ['UR', r.url],
    ['AB', r.abstract],
    ...r.keywords.map((k): [string, string] => ['KW', k]),
    ['LA', r.language],
    ['N1', r.note],
    ['ER', ''],
  ];
  return lines.map(([tag, value]) => `${tag}  - ${value}`).join('\r\n') + '\r\n';
}

// CSL-JSON

/** A CSL-JSON list of one `webpage` item (the Citation Style Language's data schema): the author as
 * a literal name (a body, not a person), the site as its container. */
export function cslJsonFile(a: ArticleMeta, config: SiteConfig): string {
  const r = recordOf(a, config);
  const item = {
    id: r.key,
    type: 'webpage',
    title: r.title,
    author: [{ literal: r.author }],
    'container-title': r.container,
    publisher: r.publisher,
    issued: { 'date-parts': [r.published] },
    URL: r.url,
    abstract: r.abstract,
    keyword: r.keywords.join(', '),
    language: r.language,
    note: r.note,
  };
  return `${JSON.stringify([item], null, 2)}\n`;
}
