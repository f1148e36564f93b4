/** The code stays readable: src/build.ts reads as the build's list of steps on one screen, and no
 * function in src/ runs past about 80 lines (issue 21). Counted with TypeScript's own parser. */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ROOT, tempDir } from '../helpers/sites.js';

const test = suite('function size');
const MAX_FUNCTION_LINES = 80;
const MAX_BUILD_LINES = 150;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const abs = path.join(dir, e.name);
    return e.isDirectory() ? sources(abs) : /\.tsx?$/.test(e.name) ? [abs] : [];
  });
}

/** Every function longer than `max` lines, as "file:line name (n lines)". */
function longFunctions(files: string[], max: number): string[] {
  const long: string[] = [];
  for (const file of files) {
    const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node) || ts.isArrowFunction(node) || ts.isFunctionExpression(node)) {
        const first = sf.getLineAndCharacterOfPosition(node.getStart()).line;
        const lines = sf.getLineAndCharacterOfPosition(node.getEnd()).line - first + 1;
        const name = 'name' in node && node.name ? node.name.getText(sf) : '(anonymous)';
        if (lines > max) long.push(`${path.relative(ROOT, file)}:${first + 1} ${name} (${lines} lines)`);
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return long;
}

test('src/build.ts is the build on one screen', () => {
  const lines = readFileSync(path.join(ROOT, 'src/build.ts'), 'utf8').split('\n').length;
  assert.ok(lines <= MAX_BUILD_LINES, `src/build.ts has ${lines} lines`);
});

test(`no function in src/ is longer than ${MAX_FUNCTION_LINES} lines`, () => {
  assert.equal(longFunctions(sources(path.join(ROOT, 'src')), MAX_FUNCTION_LINES), []);
});

test('the check finds a long function', () => {
  const body = Array.from({ length: 90 }, (_, i) => `  const v${i} = ${i};`).join('\n');
  const file = path.join(tempDir(), 'long.ts');
  writeFileSync(file, `export function long() {\n${body}\n}\n`);
  assert.equal(longFunctions([file], MAX_FUNCTION_LINES).length, 1);
});

test.run();
