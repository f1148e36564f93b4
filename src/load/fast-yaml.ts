/**
 * A fast path for plain YAML: js-yaml reads a front matter about eight times faster than `yaml`,
 * which stays the authority for every error and every position (yaml-source.ts). The fast path
 * answers only when it cannot differ from `yaml`, and otherwise returns undefined:
 * - outside quotes there are no anchors, aliases, tags, complex keys, merge keys or directives, and
 *   every line closes the quotes and flow brackets it opens (a quote left open is the commonest
 *   typo, and the two parsers can read one differently);
 * - the result holds only strings, lists and maps with non-empty keys: scalars that resolve to
 *   numbers, booleans or null (where the YAML 1.1 and 1.2 readings part) go to `yaml`.
 * test/load/fast-yaml.test.ts checks it against `yaml` on every content file and on 20,000
 * mutated front matters.
 */
import yaml from 'js-yaml';
import { MAX_NESTING } from './yaml-limits.js';

export function fastYaml(text: string): unknown {
  if (!plainLines(text)) return undefined;
  let data: unknown;
  try {
    data = yaml.load(text, { schema: yaml.CORE_SCHEMA });
  } catch {
    return undefined;
  }
  return data !== undefined && onlyStrings(data) ? data : undefined;
}

const TOKEN_START = /[\s[{,]/;

function plainLines(text: string): boolean {
  for (const line of text.split('\n')) {
    if (line.startsWith('%') || line.startsWith('---') || line.startsWith('...')) return false;
    let depth = 0;
    let quote: '"' | "'" | undefined;
    for (let i = 0; i < line.length; i++) {
      const c = line[i];
      if (quote === '"') {
        if (c === '\\') i++;
        else if (c === '"') quote = undefined;
        continue;
      }
      if (quote === "'") {
        if (c === "'") {
          if (line[i + 1] === "'") i++;
          else quote = undefined;
        }
        continue;
      }
      if (c === '&' || c === '*' || c === '!' || c === '?' || c === '<' || c === '"' || c === "'") {
        // Only where a token can start (most characters are none of these, and need no test).
        const start = i === 0 || TOKEN_START.test(line[i - 1]);
        if (start && (c === '&' || c === '*' || c === '!')) return false;
        if (start && c === '?' && (i + 1 === line.length || line[i + 1] === ' ')) return false;
        if (start && c === '<' && line[i + 1] === '<') return false;
        if ((c === '"' || c === "'") && (start || line[i - 1] === ':' || line[i - 1] === '-')) quote = c;
      } else if (c === '[' || c === '{') depth++;
      else if (c === ']' || c === '}') {
        // A list or mapping used as a key (`[a, b]: c`): js-yaml makes it the text "a,b"; `yaml`
        // reports it (yaml-source.ts complexKey).
        if (--depth === 0 && /^ *:(\s|$)/.test(line.slice(i + 1))) return false;
      }
      else if (c === '#' && (i === 0 || /\s/.test(line[i - 1]))) break;
      // Right after a closing quote or bracket, `yaml` rejects a "#" that js-yaml takes as a comment.
      else if (c === '#' && /["'\]}]/.test(line[i - 1])) return false;
    }
    if (quote || depth !== 0) return false;
  }
  return true;
}

/** Deeper data goes to `yaml`, which reports it against legalsite's limit (yaml-limits.ts); the
 * bound also keeps this recursion far from the stack's end. */
function onlyStrings(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return true;
  if (depth >= MAX_NESTING) return false;
  if (Array.isArray(value)) return value.every((v) => onlyStrings(v, depth + 1));
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.entries(value).every(([key, v]) => key !== '' && key !== 'null' && onlyStrings(v, depth + 1));
  }
  return false;
}
