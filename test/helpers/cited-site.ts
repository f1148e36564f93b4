/** Test helper: the minimal fixture site with what issue 17 adds to it: an article renamed from
 * `hash-basics` (formerSlugs) with dated changes, a correction among them, and a law-stated-as-at
 * date, its title holding characters BibTeX must escape; a glossary term renamed from `hash-digest`. */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { copyFixture } from './sites.js';

export const CITED_TITLE = 'Hashing evidence: 100% & {braces} #1';

/** Edits the minimal site's content in `dir` (a copy of test/fixtures/sites/minimal). */
export function makeCited(dir: string): void {
  const article = path.join(dir, 'content/articles/hashing-evidence.md');
  const front = [
    `title: "${CITED_TITLE}"`,
    'formerSlugs: [hash-basics]',
    'lawStatedAt: "2025-08-20"',
    'changes:',
    '  - { date: "2025-08-25", kind: update, summary: "First published with a section on copies." }',
    '  - { date: "2025-08-26", kind: correction, summary: "Corrected the name of the NIST guide." }',
    '  - { date: "2025-08-26", kind: legal-change, summary: "Noted a change in the rules on copies." }',
  ].join('\n');
  edit(article, 'title: Hashing evidence', front);
  edit(path.join(dir, 'content/glossary/hash-value.yaml'), 'slug: hash-value\n', 'slug: hash-value\nformerSlugs: [hash-digest]\n');
}

/** A fresh copy of the cited site; returns its folder (cwd for the CLI). */
export function copyCited(): string {
  const dir = copyFixture('minimal');
  makeCited(dir);
  return dir;
}

function edit(file: string, from: string, to: string): void {
  const text = readFileSync(file, 'utf8');
  if (!text.includes(from)) throw new Error(`${file} no longer holds "${from}"`);
  writeFileSync(file, text.replace(from, to));
}
