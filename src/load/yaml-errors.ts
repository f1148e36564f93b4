/**
 * YAML syntax errors in an editor's words: what is wrong, the field it is in (the key whose value
 * holds the error, as a field path), where it starts, and what to do. The `yaml` package's own
 * messages speak of its grammar ("Nested mappings are not allowed in compact mappings"); its error
 * codes say which mistake it met, and the document it parsed up to there says under which key.
 */
import { isCollection, isMap, isPair, isScalar, isSeq, type Node, type YAMLError } from 'yaml';
import type { FieldPath } from './field-path.js';

export interface SyntaxProblem {
  /** The field the error is in (empty when it is before any key). */
  path: FieldPath;
  /** Offset in the text to report: the start of the value at fault when that is clearer than where
   * the parser noticed (an unclosed quote is noticed at the end of the file). */
  offset: number;
  message: string;
  hint: string;
}

/** The key path of the value that holds `offset`, and that value's node. Flow collections
 * (`[a, b]`, `{ id: x }`) are not entered: a mistake inside one is reported at its field. */
export function keyPathAt(root: unknown, offset: number): { path: FieldPath; node?: Node; keyStarts: number[] } {
  const path: FieldPath = [];
  const keyStarts: number[] = [];
  let node = root as Node | null | undefined;
  let holder: Node | undefined;
  for (;;) {
    if (isMap(node) && !node.flow) {
      const pair = [...node.items].reverse().find((p) => isScalar(p.key) && p.key.value != null && (p.key.range?.[0] ?? Infinity) <= offset);
      if (!pair || !isScalar(pair.key)) break;
      const value = pair.value as Node | null;
      path.push(String(pair.key.value));
      keyStarts.push(pair.key.range![0]);
      holder = value ?? undefined;
      if (!value?.range || offset > value.range[2]) break;
      node = value;
    } else if (isSeq(node) && !node.flow) {
      const items = node.items as (Node | null)[];
      let index = -1;
      for (let i = items.length - 1; i >= 0; i--) {
        if ((items[i]?.range?.[0] ?? Infinity) <= offset) {
          index = i;
          break;
        }
      }
      const item = items[index];
      if (index < 0 || !item?.range || offset > item.range[2]) break;
      path.push(index);
      keyStarts.push(item.range[0]);
      holder = item;
      node = item;
    } else break;
  }
  return { path, node: holder, keyStarts };
}

/** The editor's account of one `yaml` parse error. */
export function describeSyntaxError(error: YAMLError, root: unknown, text: string): SyntaxProblem {
  const offset = error.pos[0];
  const { path, node, keyStarts } = keyPathAt(root, offset);
  // An implicit key error is about the key itself (`title: a: b` reads `a` as a key; a line of words
  // with no colon is read as a key): the field is the one whose value holds it.
  if (error.code === 'BLOCK_AS_IMPLICIT_KEY' || error.code === 'MULTILINE_IMPLICIT_KEY' || (error.code === 'MISSING_CHAR' && /followed by map values/.test(error.message))) {
    while (keyStarts.length && keyStarts[keyStarts.length - 1] >= offset) (keyStarts.pop(), path.pop());
  }
  const valueStart = node?.range?.[0] ?? offset;
  const squeezed = isImplicitKeyError(error) ? keyWithoutSpace(text, offset) : undefined;
  if (squeezed) {
    const { key, after, indented, line } = squeezed;
    const fixed = `${key}: ${line.slice(line.indexOf(':') + 1).trim()}`;
    const shown = fixed.length > 60 ? `${fixed.slice(0, 57)}...` : fixed;
    return { path: indented ? path : [key], offset: after, message: `has no space after \`${key}:\`, so YAML does not read the line as the field ${key}`, hint: `Add a space after \`${key}:\`: \`${shown}\`.` };
  }
  const said = error.message.split('\n')[0].replace(/ at line \d+, column \d+.*$/, '');
  const at = (message: string, hint: string, where = offset): SyntaxProblem => ({ path, offset: where, message, hint });
  switch (error.code) {
    case 'MISSING_CHAR':
      if (/quote/i.test(said)) {
        const start = quoteStart(node, offset) ?? valueStart;
        const quote = text[start] === "'" ? "'" : '"';
        return at(`has an opening quote (${quote}) that is never closed`, `Add the closing ${quote} at the end of the value, or remove the opening one.`, start);
      }
      if (/followed by map values/.test(said)) return at('has a line with no ":" after its key', 'Write the line as `key: value`, or indent it to continue the value above.');
      if (/flow/i.test(said) || /between/.test(said)) return at('has a list or mapping in brackets that is missing a comma or a closing bracket', 'Separate items with ", " and close "[" with "]" and "{" with "}".');
      return at(`is missing a character: ${lowerFirst(said)}`, 'Check the punctuation of this line.');
    case 'BAD_INDENT': {
      // Noticed where the next line starts: the field is the one whose brackets opened before it.
      const open = /Flow (sequence|map)/.test(said) ? lastFlowBefore(root, offset) : undefined;
      const where = open ? { path: keyPathAt(root, open).path, offset: open } : { path, offset };
      if (/Flow sequence/.test(said)) return { ...where, message: 'has a list in square brackets that is never closed', hint: 'Add "]" at the end of the list, on the same line.' };
      if (/Flow map/.test(said)) return { ...where, message: 'has a mapping in braces that is never closed', hint: 'Add "}" at the end of the mapping, on the same line.' };
      return at('is not indented like the lines around it', 'Indent each nested line by the same number of spaces as its siblings.');
    }
    case 'TAB_AS_INDENT': {
      // The key written after the tab, if any: the field of the line at fault.
      const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
      const lineEnd = text.indexOf('\n', offset);
      const key = /^[ \t]*(?:- )?([A-Za-z0-9_-]+):/.exec(text.slice(lineStart, lineEnd < 0 ? undefined : lineEnd))?.[1];
      return { path: key ? [key] : path, offset, message: 'is indented with a tab', hint: 'Indent with spaces: YAML does not allow tabs for indentation.' };
    }
    case 'DUPLICATE_KEY':
      return at('is written twice in the same place', 'Keep one of the two (the later one would silently win in other tools).');
    case 'BLOCK_AS_IMPLICIT_KEY':
    case 'MULTILINE_IMPLICIT_KEY':
      return at('has a value that YAML reads as a nested field (a ": " inside the value, or a line indented under it)', 'Put the value in double quotes if it contains ": ", or fix the indentation of the line after it.');
    case 'BAD_SCALAR_START':
      return at('has a value that starts with a character YAML reserves (@ or `)', 'Put the value in double quotes.', valueStart);
    case 'UNEXPECTED_TOKEN':
      return at('has text after its value that YAML cannot read (often a quoted part followed by more words)', 'Put the whole value in double quotes, and write a quote inside it as \\".');
    case 'BAD_DQ_ESCAPE':
      return at('has a backslash in double quotes that is not a valid escape', 'Write \\\\ for a backslash, or use single quotes.');
    case 'MULTIPLE_DOCS':
      return at('holds more than one YAML document (a "---" line inside it)', 'Remove the "---" line: one file holds one document.');
    case 'KEY_OVER_1024_CHARS':
      return at('has a key longer than 1024 characters', 'Shorten the key; it is probably a value missing its key.');
    case 'BAD_ALIAS':
    case 'ALIAS_PROPS':
    case 'MULTIPLE_ANCHORS':
    case 'BAD_PROP_ORDER':
    case 'MULTIPLE_TAGS':
    case 'TAG_RESOLVE_FAILED':
    case 'BAD_COLLECTION_TYPE':
      return at(`uses a YAML anchor, alias or tag that is not valid: ${lowerFirst(said)}`, 'Write the value out in full, without &anchors, *aliases or !tags.');
    case 'BAD_DIRECTIVE':
      return at('has a "%" directive that YAML cannot read', 'Remove the line starting with "%".');
    case 'BLOCK_IN_FLOW':
      return at('has an indented block inside brackets', 'Write the list or mapping in brackets on one line, or use indented lines without brackets.');
    case 'NON_STRING_KEY':
      return at('has a key that is not plain text', 'Write keys as plain words, e.g. `title:`.');
    default:
      return at(`cannot be read: ${lowerFirst(said)}`, 'Check indentation and quoting on this line; values containing ": " need quotes.');
  }
}

/** The errors `yaml` gives for a line it cannot read as `key: value`: what a missing space after a
 * key's colon (`title:"Late Filing Checklist"`) leads to, besides values holding ": ". */
function isImplicitKeyError(error: YAMLError): boolean {
  return error.code === 'BLOCK_AS_IMPLICIT_KEY' || error.code === 'MULTILINE_IMPLICIT_KEY' || (error.code === 'MISSING_CHAR' && /followed by map values/.test(error.message));
}

/** The line holding `offset` when it is a key, a colon and a value with no space between them
 * (`title:"Late"`, `- id:faq-1`): its key, the offset right after the colon, and whether it is
 * indented or a list item. An address (`https://…`) is not such a line. */
function keyWithoutSpace(text: string, offset: number): { key: string; after: number; indented: boolean; line: string } | undefined {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  const end = text.indexOf('\n', offset);
  const line = text.slice(start, end < 0 ? undefined : end).replace(/\r$/, '');
  const m = /^(\s*(?:-\s+)?)([A-Za-z_][A-Za-z0-9_-]*):(?!\/\/)(\S)/.exec(line);
  if (!m) return undefined;
  return { key: m[2], after: start + m[1].length + m[2].length + 1, indented: m[1] !== '', line: line.slice(m[1].length) };
}

/** Where the last list or mapping in brackets that opens before `offset` opens. */
function lastFlowBefore(root: unknown, offset: number): number | undefined {
  const stack: unknown[] = [root];
  let start: number | undefined;
  while (stack.length) {
    const n = stack.pop();
    if (isPair(n)) stack.push(n.key, n.value);
    else if (isCollection(n)) {
      const at = n.range?.[0];
      if (n.flow && at !== undefined && at < offset && (start === undefined || at > start)) start = at;
      stack.push(...n.items);
    }
  }
  return start;
}

/** Where the last quoted value in `node` that starts before `offset` opens: the quote left open. */
function quoteStart(node: Node | undefined, offset: number): number | undefined {
  const stack: unknown[] = [node];
  let start: number | undefined;
  while (stack.length) {
    const n = stack.pop();
    if (isScalar(n) && (n.type === 'QUOTE_DOUBLE' || n.type === 'QUOTE_SINGLE')) {
      const at = n.range?.[0];
      if (at !== undefined && at < offset && (start === undefined || at > start)) start = at;
    } else if (isPair(n)) stack.push(n.key, n.value);
    else if (isCollection(n)) stack.push(...n.items);
  }
  return start;
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
