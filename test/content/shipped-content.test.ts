/**
 * The shipped content/ folder, built once in process: editorial completeness, the dedicated articles
 * of spec §2, the glossary of spec §3, downloadable templates, datasets against their JSON Schemas,
 * internal links in every generated page, and no placeholder text.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parse as parseCsv } from 'csv-parse/sync';
// Named import, as src/ does with { Ajv }: under NodeNext the default import of this CommonJS module types as the namespace.
import { Ajv2020 } from 'ajv/dist/2020.js';
import { build, type BuildResult } from '../../src/build.js';
import type { BuiltSite } from '../../src/pipeline.js';
import type { AnswerObject } from '../../src/model.js';
import { pdfText } from '../helpers/pdf-text.js';
import { ROOT, SHIPPED_CONTENT, tempDir } from '../helpers/sites.js';

const test = suite('shipped content');

let result: BuildResult;
let site: BuiltSite;
/** Output files by their path in dist/ (e.g. "templates/privilege-log.csv"). */
const files = new Map<string, string | Uint8Array>();

test.before(async () => {
  result = await build({ contentDir: 'content', outDir: tempDir('legalsite-shipped-'), cwd: ROOT, write: false });
  for (const f of result.files) files.set(f.path, f.body);
  site = result.site!;
});

const text = (body: string | Uint8Array | undefined): string =>
  body === undefined ? '' : typeof body === 'string' ? body : Buffer.from(body).toString('utf8');
const fileText = (p: string): string => {
  assert.ok(files.has(p), `${p} is among the output files`);
  return text(files.get(p));
};
const article = (slug: string) => {
  const a = site.articles.find((x) => x.slug === slug);
  assert.ok(a, `article ${slug} exists`);
  return a!;
};
const decodeEntities = (s: string) =>
  s.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');

// ---------------------------------------------------------------------------------------------
// The build

test('`legalsite check` passes: the build is ok with no diagnostics', () => {
  const shown = result.diagnostics.map((d) => JSON.stringify(d)).join('\n');
  assert.equal(result.diagnostics.length, 0, `diagnostics:\n${shown}`);
  assert.ok(result.ok);
  assert.ok(site, 'the build returns the built site');
});

// ---------------------------------------------------------------------------------------------
// Articles

test('at least 14 articles and 190 glossary terms', () => {
  assert.ok(site.articles.length >= 14, `${site.articles.length} articles`);
  assert.ok(site.terms.length >= 190, `${site.terms.length} terms`);
});

test('every article has an answer, key takeaways, an FAQ and references', () => {
  for (const a of site.articles) {
    const answer = a.answer;
    assert.ok(answer, `${a.slug}: answer`);
    const points = Array.isArray(answer) ? answer : answer!.content;
    assert.ok(points.length > 0 && points.every((p) => p.trim().length > 0), `${a.slug}: answer points`);
    assert.ok(a.keyTakeaways.length >= 1, `${a.slug}: key takeaways`);
    assert.ok(a.faq.length >= 1, `${a.slug}: FAQ`);
    assert.ok(a.faq.every((f) => f.q.trim() && f.a.trim()), `${a.slug}: FAQ items have a question and an answer`);
    assert.ok(a.references.length >= 1, `${a.slug}: references`);
  }
});

test('every reference has a url or a source, and a pinpoint', () => {
  for (const a of site.articles) {
    for (const r of a.references) {
      assert.ok(r.url?.trim() || r.source?.trim(), `${a.slug} ${r.id}: url or source`);
      assert.ok(r.pinpoint?.trim(), `${a.slug} ${r.id}: pinpoint`);
    }
  }
});

test('every article is by "Editorial Team" and exactly two carry an editorial note', () => {
  for (const a of site.articles) assert.is(a.author, 'Editorial Team', `${a.slug}: author`);
  const noted = site.articles.filter((a) => a.editorialNote?.trim()).map((a) => a.slug);
  assert.is(noted.length, 2, `articles with an editorial note: ${noted.join(', ')}`);
});

// ---------------------------------------------------------------------------------------------
// The six dedicated articles (spec §2)

const DEDICATED: { slug: string; published: string; modified?: string; readingTime?: string; jurisdiction?: string }[] = [
  { slug: 'fact-first-methodology', published: '2024-01-15', modified: '2025-08-25', readingTime: '18 min', jurisdiction: 'Global' },
  { slug: 'what-is-mary-technology', published: '2025-08-25', modified: '2025-08-25', readingTime: '6 min' },
  { slug: 'ai-vendor-due-diligence-for-legal', published: '2025-08-26', readingTime: '15 min' },
  { slug: 'rag-for-legal-teams', published: '2025-08-27', readingTime: '20 min' },
  { slug: 'lawyers-using-ai-tools-safely-playbook', published: '2025-08-26', readingTime: '14 min' },
  { slug: 'privilege-logs-bases-samples', published: '2025-08-25' },
];

for (const d of DEDICATED) {
  test(`dedicated article ${d.slug}: dates, jurisdiction and reading time`, () => {
    const a = article(d.slug);
    assert.is(a.datePublished, d.published, 'datePublished');
    // The spec's date, or a later one once the article has been corrected (issue 20).
    if (d.modified) assert.ok(a.dateModified >= d.modified, `dateModified ${a.dateModified} is not before ${d.modified}`);
    assert.ok(a.dateModified >= a.datePublished, `dateModified ${a.dateModified} is not before datePublished`);
    if (d.jurisdiction) assert.is(a.jurisdiction, d.jurisdiction, 'jurisdiction');
    if (d.readingTime) assert.is(site.stats.get(d.slug)?.readingTime, d.readingTime, 'reading time');
    assert.ok(files.has(`articles/${d.slug}.html`), 'has a page');
  });
}

test('what-is-mary-technology has tip, note and warning callouts', () => {
  const html = fileText('articles/what-is-mary-technology.html');
  for (const kind of ['tip', 'note', 'warning']) assert.ok(html.includes(`class="callout callout-${kind}"`), `${kind} callout`);
});

test('ai-vendor-due-diligence-for-legal has the spec section ids', () => {
  const ids = (JSON.parse(fileText('articles/ai-vendor-due-diligence-for-legal.json')).sections.headings as { id: string }[]).map((h) => h.id);
  for (const id of ['why-it-matters', 'privacy-and-privilege', 'security-and-ops', 'accuracy-and-evidence', 'governance']) {
    assert.ok(ids.includes(id), `heading id ${id} (have: ${ids.join(', ')})`);
  }
});

test('privilege-logs-bases-samples has an answer object with title, content and citation', () => {
  const answer = article('privilege-logs-bases-samples').answer;
  assert.ok(answer && !Array.isArray(answer), 'answer is an object');
  const obj = answer as AnswerObject;
  assert.type(obj.title, 'string');
  assert.ok(obj.title.trim(), 'title');
  assert.ok(Array.isArray(obj.content) && obj.content.length > 0, 'content[]');
  assert.type(obj.citation, 'string');
  assert.ok(obj.citation.trim(), 'citation');
});

// ---------------------------------------------------------------------------------------------
// Glossary

test('the glossary has the slugs the spec links to', () => {
  const slugs = new Set(site.terms.map((t) => t.slug));
  for (const s of ['admissibility', 'chronology-legal', 'chain-of-custody', 'provenance', 'rag', 'privilege', 'confidentiality-level', 'redaction', 'citation', 'authentication']) {
    assert.ok(slugs.has(s), `glossary/${s}`);
  }
});

test('lifecycle values appear in the glossary definitions', () => {
  const lifecycles: Record<string, string[]> = {
    'legal-hold': ['in-scope', 'preserved', 'released'],
    'production-status': ['collected', 'processed', 'reviewed', 'produced', 'withheld'],
    'verification-status': ['draft', 'verified', 'disputed', 'retired'],
  };
  for (const [slug, values] of Object.entries(lifecycles)) {
    const term = site.terms.find((t) => t.slug === slug);
    assert.ok(term, `glossary/${slug}`);
    for (const v of values) assert.ok(new RegExp(`(?<![\\w-])${v}(?![\\w-])`, 'i').test(term!.definition), `${slug} definition mentions ${v}`);
  }
});

test('every glossary term was last modified on 2025-08-26 (spec §3) or, if edited since, on a later date', () => {
  const earlier = site.terms.filter((t) => t.lastModified < '2025-08-26').map((t) => `${t.slug} (${t.lastModified})`);
  assert.equal(earlier, []);
  assert.ok(site.terms.some((t) => t.lastModified === '2025-08-26'), 'terms not edited since keep the spec date');
});

// ---------------------------------------------------------------------------------------------
// Downloads

const DOWNLOADS = [
  'privilege-log.csv',
  'privilege-log.sample.json',
  'ai-vendor-ddq.csv',
  'ai-vendor-comparison.csv',
  'ai-vendor-eval-log.csv',
  'ai-use-log.csv',
  'ai-policy-checklist.pdf',
  'source-grounded-patterns.md',
];

/** Parses strictly: every record must have as many cells as the header. */
const readCsv = (body: string): string[][] => parseCsv(body, { skip_empty_lines: true }) as string[][];

test('every download in the spec is published under /templates and parses', () => {
  for (const name of DOWNLOADS) {
    const p = `templates/${name}`;
    assert.ok(files.has(p), `${p} is built`);
    const body = files.get(p)!;
    if (name.endsWith('.csv')) {
      const rows = readCsv(text(body));
      assert.ok(rows.length >= 1, `${name}: has a header`);
      assert.ok(rows[0].every((h) => h.trim()), `${name}: no empty column name`);
      assert.is(new Set(rows[0]).size, rows[0].length, `${name}: unique column names`);
    } else if (name.endsWith('.json')) {
      assert.not.throws(() => JSON.parse(text(body)), `${name} is JSON`);
    } else if (name.endsWith('.md')) {
      assert.match(text(body), /^# \S/m, `${name} has a title`);
    }
  }
});

test('every other JSON file under /templates parses', () => {
  for (const [p, body] of files) if (p.startsWith('templates/') && p.endsWith('.json')) assert.not.throws(() => JSON.parse(text(body)), p);
});

test('ai-use-log.csv has exactly the spec header', () => {
  const firstLine = fileText('templates/ai-use-log.csv').split(/\r?\n/)[0];
  assert.is(firstLine, 'date,matter,task,promptRef,sources,reviewer,notes');
});

test('ai-policy-checklist.pdf is a PDF with text', () => {
  const body = files.get('templates/ai-policy-checklist.pdf');
  assert.ok(body instanceof Uint8Array, 'binary body');
  const bytes = body as Uint8Array;
  const latin1 = Buffer.from(bytes).toString('latin1');
  assert.ok(latin1.startsWith('%PDF-'), 'starts with %PDF-');
  assert.ok(bytes.byteLength > 2000, `${bytes.byteLength} bytes`);
  assert.ok(latin1.includes('/Font'), 'has a font');
  // Every URL its source lists is printed whole (underscores were once stripped as emphasis).
  const text = pdfText(bytes).replace(/\n/g, '');
  const urls = readFileSync(path.join(ROOT, 'content/templates/ai-policy-checklist.md'), 'utf8').match(/https:\/\/\S+/g) ?? [];
  assert.ok(urls.length >= 3, 'the source lists its sources');
  for (const url of urls) assert.ok(text.includes(url), `the PDF prints ${url}`);
});

test('every article download link is a built file', () => {
  for (const a of site.articles) for (const d of a.downloads) assert.ok(files.has(d.href.replace(/^\//, '')), `${a.slug}: ${d.href}`);
});

test('the /templates page lists every download', () => {
  const html = fileText('templates.html');
  for (const name of DOWNLOADS) assert.ok(html.includes(name), `templates.html lists ${name}`);
  for (const t of site.templates.filter((x) => x.body)) assert.ok(html.includes(`/templates/${t.name}`), `templates.html links /templates/${t.name}`);
});

// ---------------------------------------------------------------------------------------------
// Datasets

function makeAjv() {
  // As in src/validate/schema-validator.ts: the chronology schema's if/then branches add a `pattern`
  // without repeating `type: string`, which is valid JSON Schema but trips ajv's strictTypes.
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false });
  ajv.addFormat('date', {
    type: 'string',
    validate: (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s,
  });
  ajv.addFormat('date-time', {
    type: 'string',
    validate: (s: string) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/i.test(s) && !Number.isNaN(Date.parse(s)),
  });
  return ajv;
}

type JsonSchema = { properties: Record<string, { type?: string }>; required?: string[] };

/** One CSV record as the object the schema describes: arrays split on "; ", numbers converted, empty optional cells left out. */
function rowToObject(header: string[], row: string[], schema: JsonSchema): Record<string, unknown> {
  const obj: Record<string, unknown> = {};
  header.forEach((col, i) => {
    const cell = row[i] ?? '';
    const type = schema.properties[col]?.type;
    const required = schema.required?.includes(col) ?? false;
    if (type === 'array') obj[col] = cell === '' ? [] : cell.split('; ');
    else if (cell === '' && !required) return;
    else if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(cell)) obj[col] = Number(cell);
    else if (type === 'boolean' && /^(true|false)$/.test(cell)) obj[col] = cell === 'true';
    else obj[col] = cell;
  });
  return obj;
}

const ajvErrors = (errors: unknown) => JSON.stringify(errors);

test('the datasets include chronology-fact-table, privilege-log and ai-use-log', () => {
  const slugs = site.source.datasets.map((d) => d.slug);
  for (const s of ['chronology-fact-table', 'privilege-log', 'ai-use-log']) assert.ok(slugs.includes(s), `dataset ${s}`);
});

test('each dataset: CSV header = field names = schema properties, and every CSV row validates', () => {
  for (const ds of site.source.datasets) {
    const csvUrl = ds.distributions.find((d) => d.format === 'text/csv')?.url;
    const schemaUrl = ds.distributions.find((d) => d.format === 'application/json')?.url;
    assert.ok(csvUrl, `${ds.slug}: CSV distribution`);
    assert.ok(schemaUrl, `${ds.slug}: JSON Schema distribution`);
    const rows = readCsv(fileText(csvUrl!.slice(1)));
    const schema = JSON.parse(fileText(schemaUrl!.slice(1))) as JsonSchema;
    const header = rows[0];
    const fieldNames = ds.fields.map((f) => f.name);
    assert.equal(header, fieldNames, `${ds.slug}: CSV header = dataset fields`);
    assert.equal(Object.keys(schema.properties), fieldNames, `${ds.slug}: schema properties = dataset fields`);
    for (const f of ds.fields) {
      assert.is(f.required, schema.required?.includes(f.name) ?? false, `${ds.slug}.${f.name}: required agrees with the schema`);
      assert.is(f.type, schema.properties[f.name].type, `${ds.slug}.${f.name}: type agrees with the schema`);
    }
    assert.ok(rows.length > 1, `${ds.slug}: the CSV has sample rows`);
    const validate = makeAjv().compile(schema);
    rows.slice(1).forEach((row, i) => {
      const obj = rowToObject(header, row, schema);
      assert.ok(validate(obj), `${ds.slug} CSV row ${i + 2}: ${ajvErrors(validate.errors)}`);
    });
  }
});

test('privilege-log.sample.json entries validate against privilege-log.schema.json', () => {
  const sample = JSON.parse(fileText('templates/privilege-log.sample.json'));
  const entries: unknown[] = Array.isArray(sample) ? sample : sample.entries;
  assert.ok(Array.isArray(entries) && entries.length > 0, 'has entries');
  const validate = makeAjv().compile(JSON.parse(fileText('templates/privilege-log.schema.json')));
  entries.forEach((e, i) => assert.ok(validate(e), `entry ${i}: ${ajvErrors(validate.errors)}`));
});

// ---------------------------------------------------------------------------------------------
// Internal links

test('every internal href/src in every generated HTML page resolves', () => {
  const targets = new Set<string>(result.routes.map((r) => r.url));
  for (const f of result.files) targets.add(`/${f.path}`);
  const broken: string[] = [];
  let checked = 0;
  for (const f of result.files) {
    if (!f.path.endsWith('.html')) continue;
    for (const m of text(f.body).matchAll(/\s(?:href|src)\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)) {
      const link = decodeEntities(m[1] ?? m[2]);
      if (!link.startsWith('/') || link.startsWith('//')) continue;
      const target = link.replace(/#.*$/, '').replace(/\?.*$/, '') || '/';
      checked++;
      if (!targets.has(target) && !targets.has(target.replace(/\/+$/, ''))) broken.push(`${f.path}: ${link}`);
    }
  }
  assert.ok(checked > 1000, `checked ${checked} links`);
  assert.equal([...new Set(broken)], []);
});

// ---------------------------------------------------------------------------------------------
// Placeholder text

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const abs = path.join(dir, name);
    return statSync(abs).isDirectory() ? walk(abs) : [abs];
  });
}

test('no content file contains placeholder text, and example.com only in site.yaml', () => {
  const found: string[] = [];
  const siteYaml = path.join(SHIPPED_CONTENT, 'site.yaml');
  // The id file holds hashes and sketches (base64, where "XXx" can occur), not prose.
  const all = walk(SHIPPED_CONTENT).filter((f) => path.basename(f) !== 'pinpoints.jsonl');
  assert.ok(all.length > 200, `${all.length} content files`);
  for (const file of all) {
    const rel = path.relative(ROOT, file);
    readFileSync(file, 'utf8')
      .split(/\r?\n/)
      .forEach((line, i) => {
        const m = /lorem|\bTODO\b|\bTBD\b|XXX/i.exec(line);
        if (m) found.push(`${rel}:${i + 1}: ${m[0]}`);
        if (file !== siteYaml && /example\.com/i.test(line)) found.push(`${rel}:${i + 1}: example.com`);
      });
  }
  assert.equal(found, []);
});

test.run();
