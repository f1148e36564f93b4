/**
 * Required text that holds only white space: `title: "   "` passed the schemas' minLength and
 * shipped pages titled "    | Site". A text field is required when its schema lists it under
 * `required` or gives it a minLength (list items such as answer points), and every entry of a
 * mapping of texts is (site.yaml's tag descriptions). Walks the data already parsed and validated,
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
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  minLength?: number;
}

/** Nothing but white space, or the zero-width characters that show as nothing either. */
const BLANK = /^[\s\u200B-\u200D\u2060]*$/;

/**
 * Every required text of `source.data` (as `schema` describes it) that is empty or blank, but for
 * the fields `reported` already has a problem at (an empty text under a minLength, a blank address).
 */
export function blankTextProblems(source: YamlSource, schema: object, reported: Diagnostic[] = []): Diagnostic[] {
  const found: FieldPath[] = [];
  walk(schema as Schema, source.data, [], false, found);
  const taken = new Set(reported.map((d) => d.field));
  return found
    .filter((path) => !taken.has(formatFieldPath(path)))
    .map((path) => {
      const field = formatFieldPath(path);
      const name = [...path].reverse().find((seg) => typeof seg === 'string') ?? 'value';
      const what = path[0] === 'tags' && path.length === 2 ? `the one-line description of the tag ${name}` : `the text of ${name}`;
      const empty = valueAt(source.data, path) === '';
      return diagnostic('missing-field', { file: source.file, ...source.locate(path) }, field, empty ? 'is empty' : 'is blank', empty ? `Write ${what}; it cannot be empty.` : `Write ${what}: it holds only white space (spaces, tabs, line breaks), which a page shows as nothing.`);
    });
}

/** Adds to `found` the path of each blank required text in `value`; `path` is its own (restored on return). */
function walk(schema: Schema, value: unknown, path: FieldPath, required: boolean, found: FieldPath[]): void {
  if (typeof value === 'string') {
    const minLength = schema.minLength ?? 0;
    // An empty text under a minLength is the schema's own error ("is empty").
    if ((required || minLength > 0) && BLANK.test(value) && !(value === '' && minLength > 0)) found.push([...path]);
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
