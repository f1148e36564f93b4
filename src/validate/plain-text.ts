/**
 * Markdown in a field that is plain text: a term's `definition: See [hash value](/glossary/hash-value).`
 * was published with its brackets, parentheses and address showing, on the term's page, in the
 * glossary, the feeds and the exports. Only the fields docs/content.md lists as Markdown (an
 * article's body, answer points, key takeaways, FAQ answers, editorial note) render it; in these
 * it is an error at the field, quoting what would show.
 * Reads: a source's data. Writes: diagnostics.
 */
import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { YamlSource } from '../load/yaml-source.js';

/** The texts of each kind of file that are shown as written. */
const PLAIN_FIELDS: Record<string, string[]> = {
  article: ['title', 'summary', 'description'],
  term: ['title', 'definition'],
  dataset: ['title', 'description'],
  page: ['title', 'description'],
};

/** A Markdown link to a site path or a web address, or bold text: what an editor writes meaning Markdown. */
const MARKDOWN = /\[[^\]\n]+\]\((?:\/|https?:\/\/)[^)\s]*\)|\*\*[^*\s][^*\n]*\*\*/;

/** `schema`: the kind of file (schema-validator.ts SchemaId). */
export function plainTextProblems(source: YamlSource, schema: string): Diagnostic[] {
  const data = source.data as Record<string, unknown> | undefined;
  if (!data || typeof data !== 'object') return [];
  const out: Diagnostic[] = [];
  for (const field of PLAIN_FIELDS[schema] ?? []) {
    const value = data[field];
    const found = typeof value === 'string' ? MARKDOWN.exec(value) : null;
    if (!found) continue;
    const what = found[0].startsWith('**') ? 'bold text' : 'a link';
    out.push(
      diagnostic('unsupported-markdown', { file: source.file, ...source.locate([field]) }, field, `is plain text, shown as written: ${what} in Markdown ("${found[0]}") would be published with its ${what === 'a link' ? 'brackets and address' : 'asterisks'}`, `Write the words alone. Link from a field that reads Markdown (an article's body, answer, key takeaways or FAQ answers), or list related pages under seeAlso.`),
    );
  }
  return out;
}
