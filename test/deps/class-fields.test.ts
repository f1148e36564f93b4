/** markdown-it's class fields assigned in the bundles (scripts/class-fields.mjs): the same tokens, in
 * the same order, and the same HTML as the published build; and a source the rewrite could change
 * the meaning of is refused. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import MarkdownIt from 'markdown-it';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { classFieldsAssigned, markdownItClassFields } from '../../scripts/class-fields.mjs';
import { ROOT, tempDir } from '../helpers/sites.js';

const test = suite('class fields');
const PUBLISHED = path.join(ROOT, 'node_modules', 'markdown-it', 'dist', 'markdown-it.mjs');

/** markdown-it bundled as the CLI's bundles have it, loaded. */
async function rewrittenMarkdownIt(): Promise<typeof MarkdownIt> {
  const outfile = path.join(tempDir('class-fields-'), 'markdown-it.mjs');
  await build({
    stdin: { contents: `export { default } from ${JSON.stringify(PUBLISHED)};`, resolveDir: ROOT, loader: 'js' },
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    logLevel: 'warning',
    plugins: [markdownItClassFields],
  });
  return (await import(pathToFileURL(outfile).href)).default;
}

const markdownFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? markdownFiles(path.join(dir, e.name)) : e.name.endsWith('.md') ? [path.join(dir, e.name)] : []));

test('the published build is rewritten: every field of every token and parser state assigned', () => {
  const { code, count } = classFieldsAssigned(readFileSync(PUBLISHED, 'utf8'));
  assert.ok(count > 40, `rewrote ${count}`);
  assert.not.match(code, /_defineProperty\(\s*this\b/);
  assert.match(code, /this\.map = null;/);
});

test('the bundles run the rewritten markdown-it', () => {
  for (const bundle of ['cli.cjs', 'shard-worker.cjs']) {
    const code = readFileSync(path.join(ROOT, 'lib', 'bundle', bundle), 'utf8');
    assert.match(code, /this\.map = null;\s*this\.level = 0;/, bundle);
    assert.not.match(code, /_defineProperty\(\s*this\b/, bundle);
  }
});

test('the same tokens, fields in the same order, and the same HTML on every Markdown file of the project', async () => {
  const Rewritten = await rewrittenMarkdownIt();
  const files = [...markdownFiles(path.join(ROOT, 'content')), ...markdownFiles(path.join(ROOT, 'docs')), ...markdownFiles(path.join(ROOT, 'test', 'fixtures')), path.join(ROOT, 'README.md')];
  assert.ok(files.length > 40, `${files.length} files`);
  for (const options of [{ html: true, typographer: true, linkify: true }, {}]) {
    const [before, after] = [new MarkdownIt(options), new Rewritten(options)];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      assert.is(JSON.stringify(after.parse(text, {})), JSON.stringify(before.parse(text, {})), file);
      assert.is(after.render(text), before.render(text), file);
    }
    const token = after.parse('*a*', {})[0];
    assert.equal(Object.getOwnPropertyDescriptor(token, 'map'), Object.getOwnPropertyDescriptor(before.parse('*a*', {})[0], 'map'));
  }
});

test('values with brackets, strings and calls are kept whole', () => {
  const source = 'class A {\n\tconstructor() {\n\t\t_defineProperty(\n\t\t\tthis,\n\t\t\t/** doc, with "quotes" and (parens) */\n\t\t\t"rules",\n\t\t\tObject.assign({}, { a: ")", b: [1, 2] })\n\t\t);\n\t\t_defineProperty(this, "x", f("(", \'}\'));\n\t}\n}';
  const { code, count } = classFieldsAssigned(source);
  assert.is(count, 2);
  assert.match(code, /\t\tthis\.rules = Object\.assign\(\{\}, \{ a: "\)", b: \[1, 2\] \}\);\n/);
  assert.match(code, /\t\tthis\.x = f\("\(", '\}'\);\n/);
});

test('a field that also has an accessor is refused: assigning it would run the setter', () => {
  const source = 'class A {\n\tset level(v) { this._level = v; }\n\tconstructor() {\n\t\t_defineProperty(this, "level", 0);\n\t}\n}';
  assert.throws(() => classFieldsAssigned(source), /"level" has an accessor/);
});

test.run();
