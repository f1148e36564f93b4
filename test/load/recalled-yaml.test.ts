/** A YAML content file known by its content hash is taken from the YAML memo without being read
 * (load/read-content.ts loadYaml, load/yaml-source.ts recalledYamlSource). */
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { hashOf } from '../../src/hash.js';
import { readContent } from '../../src/load/read-content.js';
import type { YamlMemo } from '../../src/load/yaml-source.js';

const test = suite('YAML recalled by content hash');

const SITE = 'name: Site\ntagline: T\ndescription: D\nbaseUrl: https://example.org\npublisher:\n  name: P\neditorialEmail: e@example.org\nindexnow:\n  key: abcdef0123456789\nhome:\n  latestArticles: []\n  sampleTerms: []\nglossaryFaq: []\ntags:\n  evidence: Evidence.\n';
const TERM = (title: string) => `title: "${title}"\njurisdiction: Global\ntags: []\ndefinition: "A definition of ${title}."\n`;

function contentFolder(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ls-recall-'));
  mkdirSync(path.join(dir, 'glossary'));
  writeFileSync(path.join(dir, 'site.yaml'), SITE);
  writeFileSync(path.join(dir, 'glossary', 'alpha.yaml'), TERM('Alpha on disk'));
  writeFileSync(path.join(dir, 'glossary', 'beta.yaml'), `\n\n${TERM('Beta on disk')}`);
  return dir;
}

const plantedTerm = (title: string) => ({ title, jurisdiction: 'Global', tags: [], definition: `A definition of ${title}.` });

test('a file whose snapshot hash the memo knows is not read: its data is the memo\'s, its positions the file\'s', () => {
  const dir = contentFolder();
  try {
    // The snapshot says alpha.yaml holds a text parsed before, whose data the memo kept: the file on
    // disk says otherwise, and is not read, so the memo's data is what loads.
    const known = hashOf(TERM('Alpha as parsed before'));
    const memo: YamlMemo = { previous: new Map([[known, plantedTerm('Alpha as parsed before')]]), next: new Map() };
    const loaded = readContent({ contentDir: dir, cwd: dir, yamlMemo: memo, hashOf: (p) => (p === 'glossary/alpha.yaml' ? known : undefined) });
    assert.equal(loaded.diagnostics, []);
    assert.equal(loaded.site!.terms.map((t) => t.title).sort(), ['Alpha as parsed before', 'Beta on disk']);
    assert.ok(memo.next.has(known), 'kept for the build after');
    // Positions come from the file when a check asks for one (beta's lines are two lower than alpha's).
    assert.equal(loaded.sources.get('glossary/alpha.yaml')!.locate(['definition']), { line: 4, column: 13 });
    assert.equal(loaded.sources.get('glossary/beta.yaml')!.locate(['definition']), { line: 6, column: 13 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a hash the memo does not know, or no hash, reads the file', () => {
  const dir = contentFolder();
  try {
    const memo: YamlMemo = { previous: new Map([[hashOf('something else'), plantedTerm('Never')]]), next: new Map() };
    const loaded = readContent({ contentDir: dir, cwd: dir, yamlMemo: memo, hashOf: (p) => (p === 'glossary/alpha.yaml' ? hashOf(TERM('Alpha as parsed before')) : undefined) });
    assert.equal(loaded.site!.terms.map((t) => t.title).sort(), ['Alpha on disk', 'Beta on disk']);
    // Parsed and kept for the next build, by the hash of what was read.
    assert.ok(memo.next.has(hashOf(TERM('Alpha on disk'))));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a recalled file is still checked against its schema, and its error points at the file\'s line', () => {
  const dir = contentFolder();
  try {
    const known = hashOf('kept');
    const memo: YamlMemo = { previous: new Map([[known, { ...plantedTerm('Alpha'), jurisdiction: 7 }]]), next: new Map() };
    const loaded = readContent({ contentDir: dir, cwd: dir, yamlMemo: memo, hashOf: (p) => (p === 'glossary/alpha.yaml' ? known : undefined) });
    const problem = loaded.diagnostics.find((d) => d.file === 'glossary/alpha.yaml');
    assert.ok(problem, 'the schema error is reported');
    assert.is(problem!.line, 2);
    assert.equal(loaded.site!.terms.map((t) => t.title), ['Beta on disk']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
