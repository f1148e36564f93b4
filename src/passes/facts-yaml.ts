/**
 * The YAML of a flat map of facts (an article's Markdown mirror's front matter), byte for byte what
 * the `yaml` package's stringify writes with its default options, without building its document:
 * at 10,000 articles stringify was a tenth of the time spent making each article's own files
 * (docs/performance-log.md). Keys map to strings, whole numbers, null, or lists of strings; a string
 * is written plain, single- or double-quoted and folded at 80 columns as `yaml` does
 * (stringifyString.js and foldFlowLines.js of yaml 2.x, ported for single-line strings). Anything
 * else (a string with a line break, a tab, a backslash or a control character, any other value)
 * goes to `yaml` itself, for the whole map. test/passes/facts-yaml.test.ts compares the two on the
 * shipped and generated articles and on strings made to reach every branch.
 * Reads: a map of facts. Writes: YAML text (as stringify returns it, ending in a newline).
 */
import { stringify } from 'yaml';

export type Fact = string | number | null | undefined | readonly string[];

const LINE_WIDTH = 80;
const MIN_CONTENT_WIDTH = 20;
/** Continuation lines of a top-level value, and the items of a list under a key. */
const INDENT = '  ';

/** What `yaml` would write; the fast way when every value allows it. */
export function factsYaml(facts: Record<string, Fact>): string {
  return fastFacts(facts) ?? stringify(facts);
}

/** The fast way, or undefined when some value needs `yaml` itself. */
export function fastFacts(facts: Record<string, Fact>): string | undefined {
  let out = '';
  for (const key in facts) {
    const value = facts[key];
    if (value === undefined) continue;
    if (!/^[a-zA-Z][a-zA-Z0-9]*$/.test(key)) return undefined;
    if (value === null) out += `${key}: null\n`;
    else if (typeof value === 'number') {
      if (!Number.isSafeInteger(value)) return undefined;
      out += `${key}: ${value}\n`;
    } else if (typeof value === 'string') {
      const text = scalar(value, key.length + 2);
      if (text === undefined) return undefined;
      out += `${key}: ${text}\n`;
    } else if (Array.isArray(value)) {
      if (value.length === 0) {
        out += `${key}: []\n`;
        continue;
      }
      out += `${key}:\n`;
      for (const item of value) {
        // A list item's text starts after "  - ", continuation lines under it.
        const text = typeof item === 'string' ? scalar(item, INDENT.length + 2, `${INDENT}  `) : undefined;
        if (text === undefined) return undefined;
        out += `${INDENT}- ${text}\n`;
      }
    } else return undefined;
  }
  return out === '' ? undefined : out;
}

/** Characters this port does not handle (yaml escapes or folds them its own ways). */
const UNHANDLED = /[\n\t\\\u0000-\u001f\u007f-\u00a0\u2028\u2029\ufeff]/;
/** stringifyString.js plainString: what cannot be written plain. */
const NOT_PLAIN = /^[\n\t ,[\]{}#&*!|>'"%@`]|^[?-]$|^[?-][ \t]|[\n:][ \t]|[ \t]\n|[\n\t ]#|[\n\t :]$/;
/** The core schema's scalars that would read back as something other than a string. */
const OTHER_TYPES = [
  /^(?:~|[Nn]ull|NULL)?$/,
  /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/,
  /^0o[0-7]+$/,
  /^[-+]?[0-9]+$/,
  /^0x[0-9a-fA-F]+$/,
  /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/,
  /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/,
  /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/,
];

/** A single-line string as yaml writes it as a block value starting at column `indentAtStart`. */
function scalar(value: string, indentAtStart: number, indent = INDENT): string | undefined {
  if (value === '' || UNHANDLED.test(value)) return undefined;
  // (A document marker, "---" or "...", matters only at the top level: these values are indented.)
  const plain = !NOT_PLAIN.test(value) && !OTHER_TYPES.some((re) => re.test(value));
  if (plain) return fold(value, indent, 'flow', indentAtStart);
  // quotedString: single quotes for a text with double quotes and no single ones, else double.
  if (value.includes('"') && !value.includes("'")) return fold(`'${value}'`, indent, 'flow', indentAtStart);
  return fold(JSON.stringify(value), indent, 'quoted', indentAtStart);
}

/**
 * yaml's foldFlowLines for a text without line breaks: at most LINE_WIDTH columns a line where a
 * space between two other characters allows it; `quoted` text may also break inside a run, after
 * escaping the break. A port of yaml 2.x dist/stringify/foldFlowLines.js (modes flow and quoted).
 */
function fold(text: string, indent: string, mode: 'flow' | 'quoted', indentAtStart: number): string {
  const endStep = Math.max(1 + MIN_CONTENT_WIDTH, 1 + LINE_WIDTH - indent.length);
  if (text.length <= endStep) return text;
  const folds: number[] = [];
  const escapedFolds = new Set<number>();
  let end = LINE_WIDTH - indent.length;
  if (indentAtStart > LINE_WIDTH - Math.max(2, MIN_CONTENT_WIDTH)) folds.push(0);
  else end = LINE_WIDTH - indentAtStart;
  let split: number | undefined;
  let prev: string | undefined;
  let escStart = -1;
  let escEnd = -1;
  let i = -1;
  for (let ch: string | undefined; (ch = text[(i += 1)]); ) {
    if (mode === 'quoted' && ch === '\\') {
      escStart = i;
      const next = text[i + 1];
      i += next === 'x' ? 3 : next === 'u' ? 5 : next === 'U' ? 9 : 1;
      escEnd = i;
    }
    if (ch === ' ' && prev && prev !== ' ' && prev !== '\n' && prev !== '\t') {
      const next = text[i + 1];
      if (next && next !== ' ' && next !== '\n' && next !== '\t') split = i;
    }
    if (i >= end) {
      if (split) {
        folds.push(split);
        end = split + endStep;
        split = undefined;
      } else if (mode === 'quoted') {
        while (prev === ' ' || prev === '\t') {
          prev = ch;
          ch = text[(i += 1)];
        }
        const j = i > escEnd + 1 ? i - 2 : escStart - 1;
        if (escapedFolds.has(j)) return text;
        folds.push(j);
        escapedFolds.add(j);
        end = j + endStep;
        split = undefined;
      }
    }
    prev = ch;
  }
  if (folds.length === 0) return text;
  let res = text.slice(0, folds[0]);
  for (let k = 0; k < folds.length; ++k) {
    const at = folds[k];
    const to = folds[k + 1] || text.length;
    if (at === 0) res = `\n${indent}${text.slice(0, to)}`;
    else {
      if (mode === 'quoted' && escapedFolds.has(at)) res += `${text[at]}\\`;
      res += `\n${indent}${text.slice(at + 1, to)}`;
    }
  }
  return res;
}
