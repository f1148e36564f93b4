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
import { type FieldPath, formatFieldPath } from '../load/field-path.js';
import type { YamlSource } from '../load/yaml-source.js';
import { packageRoot } from '../package-root.js';
import { blankTextProblems } from './blank-text.js';
import { controlCharacterProblems } from './control-characters.js';
import { plainTextProblems } from './plain-text.js';
import { isIsoDate } from './dates.js';
import { baseUrlProblem, credentialsIn, isSitePath, isSiteUrl, isWebUrl, maskAddress, maskCredentials, unsafeScheme } from './urls.js';
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
/** The formats the schemas name, each a function of legalsite (dates, and the addresses of urls.ts). */
export const FORMATS = {
  date: { type: 'string' as const, validate: isIsoDate },
  'web-url': { type: 'string' as const, validate: isWebUrl },
  'site-path': { type: 'string' as const, validate: isSitePath },
  'site-url': { type: 'string' as const, validate: isSiteUrl },
  'base-url': { type: 'string' as const, validate: (s: string) => baseUrlProblem(s) === undefined && !s.endsWith('/') },
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
      try {
        standalone = (dir && standaloneValidators(dir, isMainThread && canKeepIn(dir))) || null;
      } catch {
        // The kept code is only a speed-up: whatever fails here, the schemas are compiled below.
        standalone = null;
      }
    }
    validate = standalone?.[schema] ?? (ajv ??= newAjv()).compile(SCHEMAS[schema]);
    compiled.set(schema, validate);
  }
  return validate;
}

/** Validates `source.data` in place (filling defaults) and returns diagnostics for every problem,
 * required text that is only white space among them (blank-text.ts). */
export function validateAgainstSchema(source: YamlSource, schema: SchemaId): Diagnostic[] {
  const validate = validatorFor(schema);
  const controls = [...controlCharacterProblems(source), ...plainTextProblems(source, schema)];
  if (validate(source.data)) return [...blankTextProblems(source, SCHEMAS[schema]), ...controls];
  const problems = toDiagnostics(validate.errors ?? [], source);
  return [...problems, ...blankTextProblems(source, SCHEMAS[schema], problems), ...controls];
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

export { formatFieldPath };

function toDiagnostics(errors: ErrorObject[], source: YamlSource): Diagnostic[] {
  const kept = explainUnions(errors);
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

const isUnion = (e: ErrorObject) => e.keyword === 'oneOf' || e.keyword === 'anyOf';

/** Whether `e` is an error of one of the branches of the failed union `union`. */
const inBranchOf = (e: ErrorObject, union: ErrorObject) =>
  e.schemaPath.startsWith(`${union.schemaPath}/`) && (e.instancePath === union.instancePath || e.instancePath.startsWith(`${union.instancePath}/`));

/**
 * A failed oneOf/anyOf also reports every branch's errors. When the value has the type of one branch
 * only, that branch's errors say what is wrong with what the editor wrote (`ai: { nme: AI }` in
 * site.yaml's tags is a mapping with an unknown field, not "text or a mapping"); otherwise the union
 * is one sentence (unionDiagnostic). Unions inside a branch are explained the same way.
 */
function explainUnions(errors: ErrorObject[]): ErrorObject[] {
  const union = errors.find((e) => isUnion(e) && !errors.some((o) => o !== e && isUnion(o) && inBranchOf(e, o)));
  if (!union) return errors;
  const inside = errors.filter((e) => e !== union && inBranchOf(e, union));
  const rest = errors.filter((e) => e !== union && !inside.includes(e));
  const branch = branchOfItsType(union, inside);
  return [...(branch ? explainUnions(branch) : [union]), ...explainUnions(rest)];
}

/** The errors of the one branch of `union` whose type the value has, or undefined when no branch or
 * several have it (`references` items: neither branch names a type). */
function branchOfItsType(union: ErrorObject, inside: ErrorObject[]): ErrorObject[] | undefined {
  // Valid by more than one branch of a oneOf: no branch's errors say what is wrong.
  if ((union.params as { passingSchemas?: unknown }).passingSchemas) return undefined;
  const branches = new Map<string, ErrorObject[]>();
  for (const e of inside) {
    const index = e.schemaPath.slice(union.schemaPath.length + 1).split('/')[0];
    const branch = branches.get(index);
    if (branch) branch.push(e);
    else branches.set(index, [e]);
  }
  const fitting = [...branches].filter(([index, errs]) => !errs.some((e) => e.keyword === 'type' && e.instancePath === union.instancePath && e.schemaPath === `${union.schemaPath}/${index}/type`));
  return fitting.length === 1 ? fitting[0][1] : undefined;
}

function toDiagnostic(e: ErrorObject, source: YamlSource): Diagnostic {
  const path = parsePointer(e.instancePath);
  const at = (p: FieldPath, key = false) => ({ file: source.file, ...source.locate(p, key) });
  const field = formatFieldPath(path);
  // Quoted values never carry an address's password into a CI log.
  const shown = JSON.stringify(typeof e.data === 'string' ? maskCredentials(e.data) : e.data);
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
      return diagnostic('missing-field', at(path, false), formatFieldPath(childPath), 'is required', `Add the field: a line \`${name}: …\`${path.length ? ` under ${field}` : ''}.`);
    }
    case 'type': {
      const expected = article((e.params as { type: string }).type);
      // `title:` with nothing after the colon is read as no value at all, not as empty text.
      if (e.data === null) return diagnostic('wrong-type', at(path), field || '(file)', `has no value (it should be ${expected})`, field ? `Write the value after "${lastKey(path)}:", or remove the line if the field is optional.` : 'Write the fields of the file.');
      // A file of one line `title:Late` is read as that text: a key with no space after its colon.
      const squeezed = typeof e.data === 'string' ? /^([A-Za-z_][A-Za-z0-9_-]*):(?!\/\/)\S/.exec(e.data)?.[1] : undefined;
      const hint = squeezed ? `Add a space after \`${squeezed}:\`, so that YAML reads it as the field ${squeezed}.` : TYPE_HINTS[(e.params as { type: string }).type];
      return diagnostic('wrong-type', at(path), field || '(file)', `should be ${expected}, not ${describe(e.data)}`, hint);
    }
    case 'format':
      return formatDiagnostic((e.params as { format: string }).format, String(e.data), at(path), field);
    case 'enum': {
      const allowed = (e.params as { allowedValues: unknown[] }).allowedValues.map(String);
      const hint = didYouMean(String(e.data), allowed);
      return diagnostic('invalid-value', at(path), field, `${shown} is not one of ${allowed.join(', ')}`, hint);
    }
    case 'pattern':
      // secretEnv is an environment variable's name: what is written there instead is often the secret.
      if (path.includes('secretEnv')) return diagnostic('invalid-format', at(path), field, 'is not the name of an environment variable; its value is not shown, as it may be the secret itself', patternHint(path));
      return diagnostic('invalid-format', at(path), field, `${shown} does not have the expected form`, patternHint(path));
    case 'minItems':
      return diagnostic('missing-field', at(path), field, 'is an empty list', `Add at least ${(e.params as { limit: number }).limit === 1 ? 'one item' : `${(e.params as { limit: number }).limit} items`} to the list, or remove the line if the field is optional.`);
    case 'minProperties':
      return diagnostic('missing-field', at(path), field, 'has no entries', 'Add at least one `name: description` line under it.');
    case 'minLength':
      return diagnostic('missing-field', at(path), field, 'is empty', `Write the ${lastKey(path) === undefined ? 'value' : `text of ${lastKey(path)}`} between the quotes; it cannot be empty.`);
    case 'uniqueItems':
      return diagnostic('invalid-value', at(path), field, 'lists the same value twice', 'Remove the repeated value.');
    case 'oneOf':
    case 'anyOf':
      return unionDiagnostic(path, e.data, at(path), field);
    default:
      return diagnostic('invalid-value', at(path), field, e.message ?? 'is not valid');
  }
}

/** A value that fits no form of a field that takes several (explainUnions found no one branch to
 * blame), said in the terms of that field. */
function unionDiagnostic(path: FieldPath, data: unknown, at: { file: string; line: number; column: number }, field: string): Diagnostic {
  // site.yaml's tags first: a tag may be called anything, "answer" too.
  if (path[0] === 'tags' && path.length === 2) return diagnostic('wrong-type', at, field, `should be the tag's one-line description, or a mapping with name and description, not ${describe(data)}`, `Write \`${String(path[1])}: A one-line description.\`, or \`${String(path[1])}: { name: …, description: … }\`.`);
  const key = lastKey(path);
  if (key === 'references') return diagnostic('missing-field', at, field, 'needs a url or a source', 'Add `url:` (an official link) or `source:` (a citation in text).');
  if (key === 'answer') return diagnostic('wrong-type', at, field, `should be a list of strings, or an object with title, content (a list) and citation, not ${describe(data)}`);
  if (key === 'jurisdiction') return diagnostic('wrong-type', at, field, `should be one jurisdiction, or a list of them, not ${describe(data)}`, 'Write `jurisdiction: Global`, or `jurisdiction: [England and Wales, Australia]`.');
  return diagnostic('wrong-type', at, field, `is not in a form this field takes: ${describe(data)}`, 'See docs/content.md for the forms of this field.');
}

/** A failed format: an unsafe or non-web scheme, an invalid URL, or an impossible date. */
function formatDiagnostic(format: string, value: string, at: { file: string; line: number; column: number }, field: string): Diagnostic {
  const masked = maskAddress(value);
  const shown = JSON.stringify(masked.length > 80 ? `${masked.slice(0, 77)}...` : masked);
  if (format === 'date') return diagnostic('invalid-date', at, field, `${shown} is not a valid date`);
  const scheme = unsafeScheme(value);
  if (scheme) return diagnostic('unsafe-url', at, field, `${shown} uses the ${scheme} scheme, which a page must never link to (it runs code or carries content of its own)`, FORMAT_HINTS[format]);
  const credentials = credentialsIn(value);
  if (credentials) return diagnostic('invalid-format', at, field, `${shown} holds ${credentials}`, credentialsHint(field));
  if (format === 'base-url') return diagnostic('invalid-format', at, field, `${shown} is not a base URL: ${baseUrlProblem(value) ?? 'it must not end with "/"'}`, 'Write the address the site is published at, e.g. https://reference.example.com.');
  return diagnostic('invalid-format', at, field, `${shown} is not ${FORMAT_NAMES[format] ?? `a valid ${format}`}`, FORMAT_HINTS[format]);
}

/** What to do with the credentials written in the address at `field`, and why. */
function credentialsHint(field: string): string {
  const write = 'Write the address with no user name or password';
  if (/^webhooks\[\d+\]\.url$/.test(field)) return `${write}: notify prints it in every delivery report. Deliveries are authenticated by their signature instead: put the signing secret in an environment variable and name that variable in secretEnv (docs/webhooks.md).`;
  if (field === 'baseUrl') return `${write}: every page address, feed and sitemap is made from baseUrl, so they would be published.`;
  if (field.startsWith('indexnow.')) return `${write}: notify prints every endpoint it calls, and IndexNow needs only the key.`;
  return `${write}: the address is published on the site's pages and printed in reports.`;
}

const FORMAT_NAMES: Record<string, string> = {
  'web-url': 'an http:// or https:// address',
  'site-path': 'a path of this site (starting with a single "/")',
  'site-url': 'an http:// or https:// address or a path of this site',
};

const FORMAT_HINTS: Record<string, string> = {
  'web-url': 'Write the full address, starting with https://, with no user name or password in it.',
  'site-path': 'Write a site path starting with "/", e.g. /templates/privilege-log.csv.',
  'site-url': 'Write an https:// address or a site path starting with "/", e.g. /about.',
  'base-url': 'Write the address the site is published at, e.g. https://reference.example.com.',
};

const TYPE_HINTS: Record<string, string> = {
  array: 'Write a list: [first, second] on one line, or one "- item" line per entry below it.',
  boolean: 'Write true or false, without quotes.',
  string: 'Write the value as text; put it in double quotes if it looks like a number, a date or true/false.',
  object: 'Write its fields on the lines below it, indented by two spaces.',
};

function lastKey(path: FieldPath): string | undefined {
  const key = [...path].reverse().find((seg) => typeof seg === 'string');
  return key === undefined ? undefined : String(key);
}

function article(type: string): string {
  const names: Record<string, string> = { array: 'a list', object: 'a mapping of fields', string: 'text', boolean: 'true or false', number: 'a number', integer: 'a whole number' };
  return names[type] ?? type;
}

/** The most characters of a wrong value an error quotes: a whole file of plain text (or binary
 * junk) where fields were expected would otherwise be one error line of hundreds of kilobytes. */
const QUOTED_VALUE_MAX = 80;

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (value === null) return 'empty';
  if (typeof value === 'object') return 'a mapping of fields';
  if (typeof value !== 'string') return `${typeof value} ${JSON.stringify(value)}`;
  const masked = maskCredentials(value);
  const chars = [...masked];
  if (chars.length <= QUOTED_VALUE_MAX) return `text ${JSON.stringify(masked)}`;
  return `text ${JSON.stringify(`${chars.slice(0, QUOTED_VALUE_MAX).join('')}…`)} (${[...value].length.toLocaleString('en')} characters)`;
}

function patternHint(path: FieldPath): string {
  const last = path[path.length - 1];
  if (last === 'slug') return 'Slugs are lowercase letters, digits and single hyphens, e.g. chain-of-custody.';
  if (last === 'id') return 'Ids start with a letter and use letters, digits, "-" and "_".';
  if (last === 'editorialEmail') return 'Write an email address, e.g. editors@reference.example.com.';
  if (last === 'key') return 'An IndexNow key is 8 to 128 letters, digits or hyphens.';
  if (last === 'secretEnv' || path[path.length - 2] === 'secretEnv') return 'Write the name of an environment variable, e.g. WEBHOOK_SECRET (never the secret itself).';
  if (last === 'summary') return 'A change is summarised in one line: write it without line breaks (a long line may be folded with ">-").';
  if (last === 'file') return 'Write a file name in content/templates/, without folders, e.g. privilege-log.csv.';
  return 'Fix the value to match the expected format.';
}
