/**
 * Validates loaded YAML against the entity JSON Schemas (ajv) and turns ajv's errors into diagnostics
 * that name the file, line, column and the editor's field path, with a did-you-mean where it helps.
 * Defaults declared in the schemas are filled in (ajv useDefaults).
 */
import { isMainThread } from 'node:worker_threads';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import articleSchema from '../schemas/article.schema.json' with { type: 'json' };
import datasetSchema from '../schemas/dataset.schema.json' with { type: 'json' };
import pageSchema from '../schemas/page.schema.json' with { type: 'json' };
import siteSchema from '../schemas/site.schema.json' with { type: 'json' };
import templatesIndexSchema from '../schemas/templates-index.schema.json' with { type: 'json' };
import termSchema from '../schemas/term.schema.json' with { type: 'json' };
import { diagnostic, didYouMean, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { FieldPath, YamlSource } from '../load/yaml-source.js';
import { packageRoot } from '../package-root.js';
import { isIsoDate } from './dates.js';
import { loadStandalone, saveStandalone, type StandaloneSource, standaloneCodeOptions, standaloneKey, validatorCacheDir, canKeepIn } from './standalone-validators.js';

export type SchemaId = 'article' | 'term' | 'dataset' | 'page' | 'site' | 'templates-index';

const SCHEMAS: Record<SchemaId, object> = {
  article: articleSchema,
  term: termSchema,
  dataset: datasetSchema,
  page: pageSchema,
  site: siteSchema,
  'templates-index': templatesIndexSchema,
};

const AJV_OPTIONS = { allErrors: true, useDefaults: true, verbose: true, strict: true, strictTypes: false, strictRequired: false } as const;
const FORMATS = {
  date: { type: 'string' as const, validate: isIsoDate },
  uri: { type: 'string' as const, validate: (s: string) => /^(https?|mailto):[^\s]+$/.test(s) },
};
const STANDALONE_SOURCE: StandaloneSource = { ajvOptions: AJV_OPTIONS, formats: FORMATS, schemas: SCHEMAS };

function newAjv(code?: typeof standaloneCodeOptions): Ajv {
  const ajv = new Ajv({ ...AJV_OPTIONS, code });
  for (const [name, format] of Object.entries(FORMATS)) ajv.addFormat(name, format);
  return ajv;
}

/**
 * Every schema's validator from its standalone code in `dir` (standalone-validators.ts), made and
 * kept there first when `generate` is set and there is none; undefined when there is none to load.
 */
export function standaloneValidators(dir: string, generate: boolean): Partial<Record<SchemaId, ValidateFunction>> | undefined {
  const key = standaloneKey(STANDALONE_SOURCE);
  const loaded = loadStandalone(dir, key, FORMATS);
  if (loaded || !generate) return loaded;
  const ajv = newAjv(standaloneCodeOptions);
  for (const [id, schema] of Object.entries(SCHEMAS)) ajv.addSchema(schema, id);
  saveStandalone(dir, key, ajv, Object.keys(SCHEMAS));
  return loadStandalone(dir, key, FORMATS);
}

let ajv: Ajv | undefined;
let standalone: Partial<Record<SchemaId, ValidateFunction>> | undefined | null;
const compiled = new Map<SchemaId, ValidateFunction>();

/** A schema's validator: from the standalone code kept in legalsite's cache folder (made there by
 * the first main thread that finds none), else compiled when first needed (each thread needs only
 * some: a shard reads articles, the main thread the rest). Validators are pure, so sharing them
 * across builds is safe. */
export function validatorFor(schema: SchemaId): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) {
    if (standalone === undefined) {
      const dir = validatorCacheDir(packageRoot());
      standalone = (dir && standaloneValidators(dir, isMainThread && canKeepIn(dir))) || null;
    }
    validate = standalone?.[schema] ?? (ajv ??= newAjv()).compile(SCHEMAS[schema]);
    compiled.set(schema, validate);
  }
  return validate;
}

/** Validates `source.data` in place (filling defaults) and returns diagnostics for every problem. */
export function validateAgainstSchema(source: YamlSource, schema: SchemaId): Diagnostic[] {
  const validate = validatorFor(schema);
  if (validate(source.data)) return [];
  return toDiagnostics(validate.errors ?? [], source);
}

/** `/faq/2/q` → ['faq', 2, 'q'] */
export function parsePointer(pointer: string): FieldPath {
  if (!pointer) return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

/** ['faq', 2, 'q'] → `faq[2].q` */
export function formatFieldPath(path: FieldPath): string {
  return path.reduce<string>((out, seg) => (typeof seg === 'number' ? `${out}[${seg}]` : out ? `${out}.${seg}` : seg), '');
}

function toDiagnostics(errors: ErrorObject[], source: YamlSource): Diagnostic[] {
  // A failed oneOf/anyOf also reports every branch's errors; keep only our one sentence for it.
  const unions = errors.filter((e) => e.keyword === 'oneOf' || e.keyword === 'anyOf').map((e) => e.instancePath);
  const kept = errors.filter(
    (e) => e.keyword === 'oneOf' || e.keyword === 'anyOf' || !unions.some((u) => e.instancePath === u || e.instancePath.startsWith(`${u}/`)),
  );
  const out: Diagnostic[] = [];
  const seen = new Set<string>();
  for (const e of kept) {
    const d = toDiagnostic(e, source);
    const key = `${d.field}|${d.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push(d);
    }
  }
  return out;
}

function toDiagnostic(e: ErrorObject, source: YamlSource): Diagnostic {
  const path = parsePointer(e.instancePath);
  const at = (p: FieldPath, key = false) => ({ file: source.file, ...source.locate(p, key) });
  const field = formatFieldPath(path);
  const shown = JSON.stringify(e.data);
  switch (e.keyword) {
    case 'additionalProperties': {
      const name = String((e.params as { additionalProperty: string }).additionalProperty);
      const known = Object.keys((e.parentSchema as { properties?: object })?.properties ?? {});
      const childPath = [...path, name];
      const hint = didYouMean(name, known);
      return diagnostic('unknown-field', at(childPath, true), formatFieldPath(childPath), 'is not a known field', hint ? `${hint} Known fields: ${known.join(', ')}` : `Known fields: ${known.join(', ')}`);
    }
    case 'required': {
      const name = String((e.params as { missingProperty: string }).missingProperty);
      const childPath = [...path, name];
      return diagnostic('missing-field', at(path, false), formatFieldPath(childPath), 'is required');
    }
    case 'type':
      return diagnostic('wrong-type', at(path), field || '(file)', `should be ${article((e.params as { type: string }).type)}, not ${describe(e.data)}`);
    case 'format': {
      const format = (e.params as { format: string }).format;
      if (format === 'date') return diagnostic('invalid-date', at(path), field, `${shown} is not a valid date`);
      return diagnostic('invalid-format', at(path), field, `${shown} is not a valid ${format === 'uri' ? 'absolute URL' : format}`);
    }
    case 'enum': {
      const allowed = (e.params as { allowedValues: unknown[] }).allowedValues.map(String);
      const hint = didYouMean(String(e.data), allowed);
      return diagnostic('invalid-value', at(path), field, `${shown} is not one of ${allowed.join(', ')}`, hint);
    }
    case 'pattern':
      return diagnostic('invalid-format', at(path), field, `${shown} does not have the expected form`, patternHint(path));
    case 'minItems':
      return diagnostic('missing-field', at(path), field, `needs at least ${(e.params as { limit: number }).limit} item(s)`);
    case 'minLength':
      return diagnostic('missing-field', at(path), field, 'must not be empty');
    case 'oneOf':
      return diagnostic('wrong-type', at(path), field, 'should be a list of strings, or an object with title, content (a list) and citation');
    case 'anyOf':
      return diagnostic('missing-field', at(path), field, 'needs a url or a source', 'Add `url:` (an official link) or `source:` (a citation in text).');
    default:
      return diagnostic('invalid-value', at(path), field, e.message ?? 'is not valid');
  }
}

function article(type: string): string {
  const names: Record<string, string> = { array: 'a list', object: 'a mapping of fields', string: 'text', boolean: 'true or false', number: 'a number', integer: 'a whole number' };
  return names[type] ?? type;
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (value === null) return 'empty';
  if (typeof value === 'object') return 'a mapping of fields';
  return `${typeof value === 'string' ? 'text' : typeof value} ${JSON.stringify(value)}`;
}

function patternHint(path: FieldPath): string {
  const last = path[path.length - 1];
  if (last === 'slug') return 'Slugs are lowercase letters, digits and single hyphens, e.g. chain-of-custody.';
  if (last === 'baseUrl') return 'Write an absolute URL without a trailing slash, e.g. https://reference.example.com.';
  if (last === 'href' || last === 'url') return 'Write a site path starting with "/", e.g. /templates/privilege-log.csv.';
  if (last === 'id') return 'Ids start with a letter and use letters, digits, "-" and "_".';
  return 'Fix the value to match the expected format.';
}
