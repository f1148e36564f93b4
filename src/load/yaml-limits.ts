/**
 * The limits legalsite reads YAML within, so that a file written to exhaust a parser (a "billion
 * laughs" of aliases, thousands of nested brackets, tens of megabytes in a term file) is a content
 * error in that file, never a crash or an out-of-memory exit. Each limit is far above what content
 * needs: a term file is about 1 KB, an article's front matter a few KB, and no field nests more than
 * four levels. The parsers themselves recurse (a stack overflow's depth depends on the thread), so
 * nesting is measured here, without recursion, against one fixed limit.
 */
import { isAlias, isCollection, isPair, type Node } from 'yaml';

/** The most YAML one file (or one front matter) may hold. */
export const MAX_YAML_BYTES = 1024 * 1024;
/** The most a Markdown file (front matter and body) may hold: far above any article (the longest
 * shipped one is under 40 KB), far below what exhausts a worker thread's memory. */
export const MAX_MARKDOWN_BYTES = 8 * 1024 * 1024;
/** Lists and mappings inside one another. */
export const MAX_NESTING = 64;
/** Alias expansions, as the `yaml` package counts them (its own default). */
export const MAX_ALIAS_COUNT = 100;

/** "27.4 MB", "900 KB": a size as an editor reads it. */
export function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

/** The UTF-8 size of `text` when it is over `limit` bytes, else undefined (a string's length is a
 * lower bound of its size, so most texts are never encoded). */
export function sizeOver(text: string, limit: number): number | undefined {
  if (text.length * 3 <= limit) return undefined;
  const bytes = Buffer.byteLength(text, 'utf8');
  return bytes > limit ? bytes : undefined;
}

/** The first node of a parsed document nested deeper than MAX_NESTING, walked without recursion. */
export function tooDeepNode(root: unknown): Node | undefined {
  const stack: [unknown, number][] = [[root, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (isPair(node)) {
      stack.push([node.value, depth], [node.key, depth]);
    } else if (isCollection(node)) {
      if (depth + 1 > MAX_NESTING) return node;
      for (let i = node.items.length - 1; i >= 0; i--) stack.push([node.items[i], depth + 1]);
    }
  }
  return undefined;
}

/** Whether plain data (after aliases are expanded) nests deeper than MAX_NESTING, without recursion.
 * A cycle (an alias inside its own anchor) counts as too deep. */
export function nestedTooDeep(data: unknown): boolean {
  const stack: [unknown, number][] = [[data, 0]];
  // Aliases share objects: one is walked again only when reached deeper than before, so the walk
  // stays small (each object at most MAX_NESTING times) and a cycle ends at the limit.
  const deepest = new Map<object, number>();
  while (stack.length) {
    const [value, depth] = stack.pop()!;
    if (value === null || typeof value !== 'object') continue;
    if (depth + 1 > MAX_NESTING) return true;
    if ((deepest.get(value) ?? -1) >= depth) continue;
    deepest.set(value, depth);
    for (const child of Array.isArray(value) ? value : Object.values(value)) stack.push([child, depth + 1]);
  }
  return false;
}

/** The first alias node of a document, in source order. */
export function firstAlias(root: unknown): Node | undefined {
  const stack: unknown[] = [root];
  let first: Node | undefined;
  while (stack.length) {
    const node = stack.pop();
    if (isAlias(node)) {
      if (!first || (node.range?.[0] ?? Infinity) < (first.range?.[0] ?? Infinity)) first = node;
    } else if (isPair(node)) stack.push(node.key, node.value);
    else if (isCollection(node)) stack.push(...node.items);
  }
  return first;
}
