/**
 * YAML with positions: parses a YAML text and can say, for any field path, the line and column in the
 * source file where that field's value (or key) starts. Used by loaders and the validator so every
 * error names file:line:col.
 */
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Node } from 'yaml';
import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';

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
export function parseYamlSource(
  text: string,
  file: string,
  lineOffset = 0,
): { source: YamlSource; diagnostics: Diagnostic[] } {
  const parsed = parse(text, lineOffset);
  const diagnostics: Diagnostic[] = parsed.doc.errors.map((e) => {
    const pos = parsed.at(e.pos[0]);
    const firstLine = e.message.split('\n')[0].replace(/ at line \d+, column \d+.*$/, '');
    return diagnostic('yaml-syntax', { file, ...pos }, '', `is not valid YAML: ${firstLine}`);
  });
  const data = diagnostics.length ? undefined : parsed.doc.toJS({ maxAliasCount: 100 });
  // The parsed document is many times the size of its text, and positions are wanted only when
  // something is wrong: keep the text and parse it again on the first lookup (10,000 files at scale).
  let positions: ReturnType<typeof parse> | undefined;

  const locate = (path: FieldPath, key = false): Position => {
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

  return { source: { file, data, locate }, diagnostics };
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
