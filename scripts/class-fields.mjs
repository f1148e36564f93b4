/**
 * markdown-it's class fields as plain assignments, for the bundles (scripts/bundle-lib.mjs).
 *
 * markdown-it 15 is written with class fields, and its published build lowers each one to a call of
 * a shared helper, `_defineProperty(this, "name", value)`. Every token, and every parser state, is
 * made through a dozen such calls, and a store shared by every class and every field is one V8
 * cannot specialise: rendering 1,500 benchmark articles took 410–530 ms with the helper, 260–310 ms
 * with the fields assigned (docs/performance-log.md, "markdown-it's class fields assigned").
 *
 * `this.name = value` does what the helper does for a new field: an own property, enumerable,
 * writable and configurable, made in the same order. It would differ only if a class or one it
 * extends had an accessor of that name, and then a setter would run instead; the rewrite refuses
 * such a source, so the bundle fails to build rather than behave differently.
 */
import { readFileSync } from 'node:fs';

/** The esbuild plugin the bundles are made with: markdown-it's published build, its fields assigned. */
export const markdownItClassFields = {
  name: 'markdown-it-class-fields',
  setup(build) {
    build.onLoad({ filter: /[\\/]markdown-it[\\/]dist[\\/]markdown-it\.mjs$/ }, (args) => ({ contents: classFieldsAssigned(readFileSync(args.path, 'utf8')).code, loader: 'js' }));
  },
};

const CALL = /_defineProperty\(\s*this,\s*(?:\/\*[\s\S]*?\*\/\s*)?"([A-Za-z_$][\w$]*)",\s*/g;

/** The source with each `_defineProperty(this, "name", value)` written `this.name = value`, and how
 * many were. */
export function classFieldsAssigned(source) {
  let code = '';
  let from = 0;
  let count = 0;
  const names = new Set();
  for (let m = CALL.exec(source); m; m = CALL.exec(source)) {
    const end = closingParen(source, CALL.lastIndex);
    const value = source.slice(CALL.lastIndex, end).trimEnd().replace(/,$/, '');
    code += `${source.slice(from, m.index)}this.${m[1]} = ${value}`;
    from = end + 1;
    CALL.lastIndex = end + 1;
    names.add(m[1]);
    count++;
  }
  for (const name of names) {
    if (new RegExp(`(?:^|[\\s;{}])(?:get|set)\\s+${name.replace(/\$/g, '\\$')}\\s*\\(`, 'm').test(source)) {
      throw new Error(`class fields: "${name}" has an accessor too; assigning it would run the accessor`);
    }
  }
  return { code: code + source.slice(from), count };
}

/** Where the call whose arguments go on from `at` closes: brackets counted, strings skipped. */
function closingParen(source, at) {
  let depth = 0;
  for (let i = at; i < source.length; i++) {
    const c = source[i];
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      if (depth === 0) return i;
      depth--;
    } else if (c === '"' || c === "'" || c === '`') {
      for (i++; i < source.length && source[i] !== c; i++) if (source[i] === '\\') i++;
    }
  }
  throw new Error('class fields: a _defineProperty call that never closes');
}
