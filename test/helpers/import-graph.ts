/**
 * The import graph of legalsite's own code (src/ and templates/), read with TypeScript's parser: every
 * static import and re-export (type-only ones too), every `import('./…')` (dynamic, or in a type),
 * and every worker a module starts (`workerModule(import.meta.url, './…')`). Used by
 * test/architecture/layers.test.ts.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export interface Edge {
  from: string;
  /** Relative to the root, like `from`; a package name ("react", "node:fs") when not a relative path. */
  to: string;
  /** `import type` / `export type`: erased when compiled, so nothing of `to` runs where `from` runs. */
  typeOnly: boolean;
}

/** Every .ts/.tsx file under `dirs` (relative to `root`), as root-relative paths with `/`. */
export function sourceFiles(root: string, dirs: string[]): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = `${dir}/${e.name}`;
      if (e.isDirectory()) walk(rel);
      else if (/\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts')) files.push(rel);
    }
  };
  dirs.forEach(walk);
  return files.sort();
}

/** The imports of one file, given its text. */
export function importsOf(file: string, text: string, root: string): Edge[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const edges: Edge[] = [];
  const add = (specifier: string, typeOnly: boolean) => edges.push({ from: file, to: resolve(file, specifier, root), typeOnly });
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node.moduleSpecifier.text, node.importClause?.isTypeOnly ?? false);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node.moduleSpecifier.text, node.isTypeOnly);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      add(node.argument.literal.text, true);
    } else if (ts.isCallExpression(node)) {
      const [first, second] = node.arguments;
      if (node.expression.kind === ts.SyntaxKind.ImportKeyword && first && ts.isStringLiteral(first)) add(first.text, false);
      if (ts.isIdentifier(node.expression) && node.expression.text === 'workerModule' && second && ts.isStringLiteral(second)) add(second.text, false);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}

/** A relative specifier as the file it names ("./x.js" → "src/x.ts"); anything else unchanged. */
function resolve(from: string, specifier: string, root: string): string {
  if (!specifier.startsWith('.')) return specifier;
  const base = path.posix.join(path.posix.dirname(from), specifier);
  const stem = base.replace(/\.(js|ts|tsx)$/, '');
  for (const candidate of [`${stem}.ts`, `${stem}.tsx`, `${stem}/index.ts`, base]) if (existsSync(path.join(root, candidate))) return candidate;
  return base;
}

/** Every edge between the files of `files`, and to packages. */
export function importGraph(root: string, files: string[]): Edge[] {
  return files.flatMap((f) => importsOf(f, readFileSync(path.join(root, f), 'utf8'), root));
}

/** The groups of files that import each other in a circle (strongly connected components of more
 * than one file, or a file that imports itself), each sorted, by Tarjan's algorithm. */
export function cycles(edges: Edge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const e of edges) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1 || next.get(v)?.includes(v)) found.push(group.sort());
  };
  for (const v of next.keys()) if (!index.has(v)) connect(v);
  return found;
}

/** One circle through a group that `cycles` found, as a readable path "a → b → … → a". */
export function cyclePath(edges: Edge[], group: string[]): string {
  const inGroup = new Set(group);
  const start = group[0];
  // Breadth-first from start back to start, within the group: the shortest circle through it.
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const v = queue.shift()!;
    for (const e of edges) {
      if (e.from !== v || !inGroup.has(e.to) || previous.has(e.to)) continue;
      previous.set(e.to, v);
      if (e.to === start) queue.length = 0;
      else queue.push(e.to);
    }
  }
  const steps: string[] = [];
  for (let v = previous.get(start); v && v !== start; v = previous.get(v)) steps.unshift(v);
  return [start, ...steps, start].join(' → ');
}
