/**
 * Text that holds only white space: `title: "   "` passed the schemas' minLength and shipped pages
 * titled "    | Site", and an optional `description: "  "` replaced the summary with nothing. Every
 * text that is there, required or not, list items and the entries of a mapping of texts
 * (site.yaml's tag descriptions) included, must hold something to show. Walks the data already parsed and validated,
 * beside its schema: no parsing, and positions are looked up only for a problem.
 * Reads: YAML data and the entity's JSON Schema. Writes: diagnostics.
 */
import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import { type FieldPath, formatFieldPath } from '../load/field-path.js';
import type { YamlSource } from '../load/yaml-source.js';

/** The parts of a JSON Schema the walk reads. */
interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  required?: string[];
  minLength?: number;
}

/** A blank text found: where, and whether the field must be there (else deleting it is a way out). */
interface Blank {
  path: FieldPath;
  required: boolean;
}

/** Nothing but white space, or the zero-width characters that show as nothing either. */
const BLANK = /^[\s\u200B-\u200D\u2060]*$/;

/**
 * Every text of `source.data` (as `schema` describes it) that is empty or blank, but for
 * the fields `reported` already has a problem at (an empty text under a minLength, a blank address).
 */
export function blankTextProblems(source: YamlSource, schema: object, reported: Diagnostic[] = []): Diagnostic[] {
  const found: Blank[] = [];
  walk(schema as Schema, source.data, [], false, found);
  const taken = new Set(reported.map((d) => d.field));
  return found
    .filter(({ path }) => !taken.has(formatFieldPath(path)))
    .map(({ path, required }) => {
      const field = formatFieldPath(path);
      const name = [...path].reverse().find((seg) => typeof seg === 'string') ?? 'value';
      const what = path[0] === 'tags' && path.length === 2 ? `the one-line description of the tag ${name}` : `the text of ${name}`;
      const empty = valueAt(source.data, path) === '';
      return diagnostic('missing-field', { file: source.file, ...source.locate(path) }, field, empty ? 'is empty' : 'is blank', empty ? `Write ${what}${required ? '; it cannot be empty' : ', or delete the field if you meant to leave it out'}.` : `Write ${what}${required ? '' : ', or delete the field'}: it holds only white space (spaces, tabs, line breaks), which a page shows as nothing.`);
    });
}

/** Adds to `found` each blank text in `value`; `path` is its own (restored on return). `required`:
 * the field must be there (listed under `required`, an item under a minLength, a tag's entry). */
function walk(schema: Schema, value: unknown, path: FieldPath, required: boolean, found: Blank[]): void {
  if (typeof value === 'string') {
    const minLength = schema.minLength ?? 0;
    // An empty text under a minLength is the schema's own error ("is empty"). An optional text that
    // is there is there to be shown: blank, it blanked what it replaces (a description: "  " made
    // the page's meta description empty instead of the summary).
    if (BLANK.test(value) && !(value === '' && minLength > 0)) found.push({ path: [...path], required: required || minLength > 0 });
    return;
  }
  const union = schema.anyOf ?? schema.oneOf;
  if (union) {
    const branch = union.find((s) => fits(s, value));
    if (branch) walk(branch, value, path, required, found);
    return;
  }
  if (Array.isArray(value)) {
    if (!schema.items) return;
    for (let i = 0; i < value.length; i++) {
      path.push(i);
      walk(schema.items, value[i], path, false, found);
      path.pop();
    }
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const rest = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
  for (const [key, v] of Object.entries(value)) {
    const own = schema.properties?.[key];
    const sub = own ?? rest;
    if (!sub) continue;
    path.push(key);
    // An entry of a mapping of texts (a tag: its description) is there to hold its text.
    walk(sub, v, path, own ? (schema.required?.includes(key) ?? false) : true, found);
    path.pop();
  }
}

/** Whether a branch of a union is for a value of this type. */
function fits(schema: Schema, value: unknown): boolean {
  if (schema.type === undefined) return true;
  const kind = Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.includes(kind) || (kind === 'number' && types.includes('integer'));
}

/** The value at `path` in `data`. */
function valueAt(data: unknown, path: FieldPath): unknown {
  let value = data;
  for (const seg of path) value = (value as Record<string | number, unknown> | undefined)?.[seg];
  return value;
}
