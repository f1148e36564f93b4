/**
 * YAML with positions: parses a YAML text and can say, for any field path, the line and column in the
 * source file where that field's value (or key) starts. Used by loaders and the validator so every
 * error names file:line:col. Plain texts are read by the fast path (fast-yaml.ts); `yaml` reads the
 * rest, reports every syntax error, and finds every position.
 */
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Node } from 'yaml';
import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import { hashOf } from '../build-cache.js';
import { fastYaml } from './fast-yaml.js';

export type FieldPath = (string | number)[];

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

/** Parses `text` from `file`; `lineOffset` is how many file lines precede the YAML (front matter). */
/**
 * Data of YAML texts parsed before (`previous`), keyed by a hash of the text: parsing is most of
 * loading, and a rebuild (serve, or build with its disk cache) mostly reads texts it has seen. Every
 * text parsed without errors goes into `next`, the memo for the build after, so it never grows stale.
 */
export interface YamlMemo {
  previous: Map<string, unknown>;
  next: Map<string, unknown>;
}

export function parseYamlSource(
  text: string,
  file: string,
  lineOffset = 0,
  memo?: YamlMemo,
): { source: YamlSource; diagnostics: Diagnostic[] } {
  const memoKey = memo && hashOf(text);
  if (memoKey && memo!.previous.has(memoKey)) {
    const known = memo!.previous.get(memoKey);
    memo!.next.set(memoKey, known);
    // A copy: loaders may fill in defaults, and the memo must keep the data exactly as parsed.
    return { source: { file, data: structuredClone(known), locate: locator(text, lineOffset) }, diagnostics: [] };
  }
  const fast = fastYaml(text);
  if (fast !== undefined) {
    if (memoKey) memo!.next.set(memoKey, structuredClone(fast));
    return { source: { file, data: fast, locate: locator(text, lineOffset) }, diagnostics: [] };
  }
  const parsed = parse(text, lineOffset);
  const diagnostics: Diagnostic[] = parsed.doc.errors.map((e) => {
    const pos = parsed.at(e.pos[0]);
    const firstLine = e.message.split('\n')[0].replace(/ at line \d+, column \d+.*$/, '');
    return diagnostic('yaml-syntax', { file, ...pos }, '', `is not valid YAML: ${firstLine}`);
  });
  const data = diagnostics.length ? undefined : parsed.doc.toJS({ maxAliasCount: 100 });
  if (memoKey && !diagnostics.length) memo!.next.set(memoKey, structuredClone(data));
  return { source: { file, data, locate: locator(text, lineOffset) }, diagnostics };
}

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

function parse(text: string, lineOffset: number) {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true, version: '1.2' });
  const at = (offset: number): Position => {
    const p = lineCounter.linePos(offset);
    return { line: p.line + lineOffset, column: p.col };
  };
  return { doc, at };
}
