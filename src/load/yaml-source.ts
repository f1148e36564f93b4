/**
 * YAML with positions: parses a YAML text and can say, for any field path, the line and column in the
 * source file where that field's value (or key) starts. Used by loaders and the validator so every
 * error names file:line:col. Plain texts are read by the fast path (fast-yaml.ts); `yaml` reads the
 * rest, reports every syntax error, and finds every position.
 */
import { readFileSync } from 'node:fs';
import { isAlias, isCollection, isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, visit, type Node, type Scalar } from 'yaml';
import { diagnostic, type Diagnostic, type RuleId } from '../diagnostics/diagnostic.js';
import { hashOf } from '../hash.js';
import { fastYaml } from './fast-yaml.js';
import { lineOf } from './text-position.js';
import { type FieldPath, formatFieldPath } from './field-path.js';
import { describeSyntaxError, keyPathAt } from './yaml-errors.js';
import { firstAlias, formatSize, MAX_ALIAS_COUNT, MAX_NESTING, MAX_YAML_BYTES, nestedTooDeep, sizeOver, tooDeepNode } from './yaml-limits.js';

export interface Position {
  line: number;
  column: number;
}

export interface YamlSource {
  file: string;
  data: unknown;
  /** Where the value at `path` starts; with `key`, where its key starts. Falls back to the nearest parent. */
  locate(path: FieldPath, key?: boolean): Position;
}

/**
 * Data of YAML texts parsed before (`previous`), keyed by a hash of the text: parsing is most of
 * loading, and a rebuild (serve, or build with its disk cache) mostly reads texts it has seen. Every
 * text parsed without errors goes into `next`, the memo for the build after, so it never grows stale.
 */
export interface YamlMemo {
  previous: Map<string, unknown>;
  next: Map<string, unknown>;
}

/**
 * Parses `text` from `file`; `lineOffset` is how many file lines precede the YAML (front matter).
 * Every problem is a located diagnostic, data undefined: syntax errors in words with the field they
 * are in, and texts beyond legalsite's limits (size, nesting, alias expansion: yaml-limits.ts).
 */
export function parseYamlSource(
  text: string,
  file: string,
  lineOffset = 0,
  memo?: YamlMemo,
): { source: YamlSource; diagnostics: Diagnostic[] } {
  const memoKey = memo && hashOf(text);
  if (memoKey && memo!.previous.has(memoKey)) return { source: sourceOf(file, recall(memo!, memoKey), text, lineOffset), diagnostics: [] };
  const size = sizeOver(text, MAX_YAML_BYTES);
  if (size !== undefined) return { source: sourceOf(file, undefined, text, lineOffset), diagnostics: [tooLarge(file, lineOffset, size)] };
  // A text with a comment after a value goes to `yaml`, which tells whether it cut one short.
  let data = COMMENT_AFTER_TEXT.test(text) ? undefined : fastYaml(text);
  if (data === undefined) {
    const read = readWithYaml(text, file, lineOffset);
    if ('problems' in read) return { source: sourceOf(file, undefined, text, lineOffset), diagnostics: read.problems };
    data = read.data;
  }
  if (memoKey) memo!.next.set(memoKey, structuredClone(data));
  return { source: sourceOf(file, data, text, lineOffset), diagnostics: [] };
}

/**
 * The source of a whole-YAML file known by its content hash (hashOf of its bytes, as the content
 * snapshot takes it: write/up-to-date.ts), when a text of that hash was parsed before: the file is
 * then not read at all, and its text is read for positions only when a check asks for one. Bytes
 * hash as their text does exactly when they are UTF-8, the only text a hit can have come from, so
 * a hit is the file's data. Undefined when the memo does not know the hash (read the file).
 */
export function recalledYamlSource(file: string, abs: string, hash: string, memo: YamlMemo): YamlSource | undefined {
  if (!memo.previous.has(hash)) return undefined;
  let locate: YamlSource['locate'] | undefined;
  return {
    file,
    data: recall(memo, hash),
    locate(path, key) {
      locate ??= positionsOfFile(abs);
      return locate(path, key);
    },
  };
}

/** Positions in the file at `abs` as it is now; the start of the file when it can no longer be read. */
function positionsOfFile(abs: string): YamlSource['locate'] {
  try {
    return locator(readFileSync(abs, 'utf8'), 0);
  } catch {
    return () => ({ line: 1, column: 1 });
  }
}

/** A file's data, with the positions of its text found when first asked for. */
function sourceOf(file: string, data: unknown, text: string, lineOffset: number): YamlSource {
  return { file, data, locate: locator(text, lineOffset) };
}

/** A "#" written as text is (one space, "#", then a word's first character: "Exhibit #3"): in a
 * plain value, YAML reads it as a comment. Texts with none take the fast path. */
const TEXT_HASH = /[^ \t\n] #[^\s#]/;
const COMMENT_AFTER_TEXT = TEXT_HASH;

/** The data parsed before from a text of this key, kept for the next build too. */
function recall(memo: YamlMemo, memoKey: string): unknown {
  const known = memo.previous.get(memoKey);
  memo.next.set(memoKey, known);
  // A copy: loaders may fill in defaults, and the memo must keep the data exactly as parsed.
  return structuredClone(known);
}

/** The problem of a text over MAX_YAML_BYTES (`size` bytes). */
function tooLarge(file: string, lineOffset: number, size: number): Diagnostic {
  return diagnostic('file-too-large', { file, line: lineOffset + 1 }, '', `holds ${formatSize(size)} of YAML; legalsite reads at most ${formatSize(MAX_YAML_BYTES)} of YAML in one file`, 'Split the content into smaller files; a glossary term or a front matter needs a few KB.');
}

/** A line a merge left in the file (`<<<<<<< HEAD`, `>>>>>>> branch`): YAML reads the lines
 * between as fields in the wrong place, and gave four errors about quoting and indentation. */
const CONFLICT_MARKER = /^(<{7}|>{7})(?: |$)/m;

/** The problem of a conflict marker at `offset`, named by the field on the line after it (the
 * field the merge left two versions of), when there is one. */
function conflictProblem(file: string, text: string, offset: number, lineOffset: number, marker: string): Diagnostic {
  const next = /^[ \t]*([A-Za-z0-9_-]+):/m.exec(text.slice(text.indexOf('\n', offset) + 1).split('\n', 1)[0]);
  const message = `${next ? 'is' : 'the file is'} part of a merge that was not finished: a merge conflict marker (${marker}) is on this line`;
  return diagnostic('yaml-syntax', { file, line: lineOffset + lineOf(text, offset), column: 1 }, next?.[1] ?? '', message, 'Keep the lines you want, and delete the lines <<<<<<<, ======= and >>>>>>> with the version you do not.');
}


/** A problem at a field path, placed at an offset of the text. */
type Locate = (rule: RuleId, path: FieldPath, offset: number, message: string, hint: string) => Diagnostic;

/** A text parsed by `yaml`, and how to report a problem in it. */
interface ParsedText {
  doc: ReturnType<typeof parse>['doc'];
  located: Locate;
}

/** A text's data as `yaml` reads it, or its problems: syntax errors, then legalsite's limits. */
function readWithYaml(text: string, file: string, lineOffset: number): { data: unknown } | { problems: Diagnostic[] } {
  const conflict = CONFLICT_MARKER.exec(text);
  if (conflict) return { problems: [conflictProblem(file, text, conflict.index, lineOffset, conflict[1])] };
  const { doc, at } = parse(text, lineOffset);
  const located: Locate = (rule, path, offset, message, hint) =>
    diagnostic(rule, { file, ...at(offset) }, formatFieldPath(path), path.length ? message : `the file ${message}`, hint);
  const p: ParsedText = { doc, located };
  // The parser's own stack ran out (thousands of nested brackets): the same error as the limit.
  const exhausted = doc.errors.find((e) => e.code === 'RESOURCE_EXHAUSTION');
  if (exhausted) return { problems: [tooDeep(p, exhausted.pos[0])] };
  const syntax = syntaxProblems(p, text);
  if (syntax.length) return { problems: syntax };
  const deep = tooDeepNode(doc.contents);
  if (deep) return { problems: [tooDeep(p, deep.range?.[0] ?? 0)] };
  const complex = complexKey(doc.contents);
  if (complex) {
    const [offset, end] = complex.range ?? [0, 0];
    const lines = text.slice(offset, end).trim().split('\n');
    const field = [...keyPathAt(doc.contents, offset).path.slice(0, -1), lines[0].trim() + (lines.length > 1 ? ' …' : '')];
    const what = isAlias(complex) ? 'an alias' : isSeq(complex) ? 'a list' : 'a mapping';
    return { problems: [located('yaml-syntax', field, offset, `is a key that is ${what}; every key must be plain text`, 'Write the key as a plain word, e.g. `title:`.')] };
  }
  const cut = valuesCutByComments(p, text);
  if (cut.length) return { problems: cut };
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (error) {
    return { problems: [aliasProblem(p, error)] };
  }
  if (nestedTooDeep(data)) return { problems: [tooDeep(p, firstAlias(doc.contents)?.range?.[0] ?? 0)] };
  return { data };
}

/**
 * Values an editor's " #" cut short: in YAML a "#" after a space starts a comment, so
 * `summary: Exhibit #3 must be filed` publishes "Exhibit", silently. "#3", "Case #123" and "item #2"
 * are everyday legal text, written with one space before the "#" and none after; a comment is
 * written `value   # note`, with a space after the "#" (as the examples in docs/content.md are). So
 * a "#" with a word right after it and one space before is an error at the value; quoted values,
 * block scalars (`>-`, `|`) and lists or mappings in brackets keep their "#" or end before it.
 */
function valuesCutByComments({ doc, located }: ParsedText, text: string): Diagnostic[] {
  const problems: Diagnostic[] = [];
  visit(doc, {
    Scalar(_key, node) {
      if (node.type !== 'PLAIN' || node.comment === undefined || !node.range) return;
      const [start, end] = node.range;
      const hash = text.indexOf('#', end);
      if (hash < 0 || text.slice(end, hash).includes('\n') || !TEXT_HASH.test(text.slice(hash - 2, hash + 2))) return;
      const lineEnd = text.indexOf('\n', hash);
      const dropped = text.slice(hash, lineEnd < 0 ? text.length : lineEnd).trimEnd();
      const kept = text.slice(start, end).replace(/\s+/g, ' ');
      const shown = (words: string) => JSON.stringify(words.length > 40 ? `${words.slice(0, 40)}…` : words);
      problems.push(located('yaml-syntax', keyPathAt(doc.contents, start).path, start, `is cut short at " #": YAML reads ${shown(dropped)} as a comment and drops it, leaving ${shown(kept)}`, 'Put the whole value in double quotes ("Exhibit #3 …"), or move a comment to a line of its own.'));
    },
  });
  return problems;
}

/** The parser's syntax errors in words, one per line. */
function syntaxProblems({ doc, located }: ParsedText, text: string): Diagnostic[] {
  // One mistake often trips several of the parser's rules on its line: the first says it best.
  const lines = new Set<number>();
  const diagnostics: Diagnostic[] = [];
  for (const e of doc.errors) {
    const problem = describeSyntaxError(e, doc.contents, text);
    const d = located('yaml-syntax', problem.path, problem.offset, `is not valid YAML: it ${problem.message}`, problem.hint);
    if (!lines.has(d.line)) diagnostics.push(d);
    lines.add(d.line);
  }
  return diagnostics;
}

/** Nesting beyond MAX_NESTING, reported at the top-level key that holds the offset: where a parser
 * gave up inside thousands of brackets depends on its stack, the key does not. */
function tooDeep({ doc, located }: ParsedText, offset: number): Diagnostic {
  const top = keyPathAt(doc.contents, offset).path.slice(0, 1);
  const start = top.length ? (topKeyOffset(doc.contents, top[0]) ?? offset) : offset;
  return located('yaml-limit', top, start, `is nested more than ${MAX_NESTING} levels deep (lists or mappings inside one another)`, 'Flatten the value: no field of legalsite content nests more than a few levels.');
}

/** Why resolving the aliases failed: an alias with no anchor, nesting too deep, or too many copies. */
function aliasProblem(p: ParsedText, error: unknown): Diagnostic {
  const { doc, located } = p;
  const alias = firstAlias(doc.contents);
  const offset = alias?.range?.[0] ?? 0;
  const top = keyPathAt(doc.contents, offset).path.slice(0, 1);
  const message = error instanceof Error ? error.message : String(error);
  if (/Unresolved alias/.test(message)) {
    const name = /: (.*)$/.exec(message)?.[1] ?? '';
    const unresolved = findAlias(doc.contents, name) ?? alias;
    const path = keyPathAt(doc.contents, unresolved?.range?.[0] ?? offset).path;
    return located('yaml-syntax', path, unresolved?.range?.[0] ?? offset, `is not valid YAML: it uses the alias *${name}, but no anchor &${name} comes before it`, `Write the value out in full, or define &${name} earlier in the file.`);
  }
  if (error instanceof RangeError) return tooDeep(p, offset);
  // The field whose own value expands too far (each counted alone), else the first alias.
  const culprit = isMap(doc.contents) ? doc.contents.items.find((pair) => isScalar(pair.key) && expandsTooFar(doc, pair.value)) : undefined;
  if (culprit) return located('yaml-limit', [String((culprit.key as Scalar).value)], (culprit.key as Node).range?.[0] ?? offset, ALIAS_MESSAGE, ALIAS_HINT);
  return located('yaml-limit', top, offset, ALIAS_MESSAGE, ALIAS_HINT);
}

/** Whether a node of `doc`, read alone, expands its aliases beyond MAX_ALIAS_COUNT. */
function expandsTooFar(doc: ParsedText['doc'], node: unknown): boolean {
  try {
    (node as Node | null)?.toJS(doc, { maxAliasCount: MAX_ALIAS_COUNT });
    return false;
  } catch {
    return true;
  }
}

const ALIAS_MESSAGE = `uses YAML aliases (*name) that expand to more than ${MAX_ALIAS_COUNT} copies of their anchors: a file written to exhaust memory (a "billion laughs"), or aliases overused`;
const ALIAS_HINT = 'Write the values out instead of repeating aliases; legalsite content never needs them.';

/**
 * Where a field path starts in a YAML text. The parsed document is many times the size of its text,
 * and positions are wanted only when something is wrong: keep the text and parse it again on the
 * first lookup (10,000 files at scale).
 */
function locator(text: string, lineOffset: number): YamlSource['locate'] {
  let positions: ReturnType<typeof parse> | undefined;

  return (path: FieldPath, key = false): Position => {
    positions ??= parse(text, lineOffset);
    const { doc, at } = positions;
    const start = at(0);
    let node: unknown = doc.contents;
    let best: Position = nodeStart(node) ?? start;
    for (let i = 0; i < path.length; i++) {
      const seg = path[i];
      const last = i === path.length - 1;
      if (isMap(node)) {
        const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === String(seg));
        if (!pair) return best;
        const keyPos = nodeStart(pair.key);
        if (last && key && keyPos) return keyPos;
        node = pair.value;
        best = nodeStart(node) ?? keyPos ?? best;
      } else if (isSeq(node) && typeof seg === 'number') {
        node = node.items[seg];
        best = nodeStart(node) ?? best;
      } else {
        return best;
      }
    }
    return best;

    function nodeStart(node: unknown): Position | undefined {
      const range = (node as Node | null)?.range;
      return range ? at(range[0]) : undefined;
    }
  };
}

/** Where a top-level key starts. */
function topKeyOffset(root: unknown, key: string | number): number | undefined {
  if (!isMap(root)) return undefined;
  const pair = root.items.find((p) => isScalar(p.key) && String(p.key.value) === String(key));
  return (pair?.key as Node | undefined)?.range?.[0];
}

/** The first alias `*name` in source order. */
function findAlias(root: unknown, name: string): Node | undefined {
  const stack: unknown[] = [root];
  let found: Node | undefined;
  while (stack.length) {
    const node = stack.pop();
    if (isAlias(node) && node.source === name && (!found || (node.range?.[0] ?? 0) < (found.range?.[0] ?? 0))) found = node;
    else if (isPair(node)) stack.push(node.key, node.value);
    else if (isCollection(node)) stack.push(...node.items);
  }
  return found;
}

/** The first key that is not a plain value: JavaScript objects have only text keys, so `yaml` would
 * turn it into text and print a warning of its own. */
function complexKey(root: unknown): Node | undefined {
  const stack: unknown[] = [root];
  while (stack.length) {
    const node = stack.pop();
    if (isPair(node)) {
      if (isCollection(node.key) || isAlias(node.key)) return node.key as Node;
      stack.push(node.value);
    } else if (isCollection(node)) stack.push(...node.items);
  }
  return undefined;
}

function parse(text: string, lineOffset: number) {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true, version: '1.2' });
  const at = (offset: number): Position => {
    const p = lineCounter.linePos(offset);
    return { line: p.line + lineOffset, column: p.col };
  };
  return { doc, at };
}
