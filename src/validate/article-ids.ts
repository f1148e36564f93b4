/**
 * Checks that need one article alone: its FAQ and reference ids are unique within the file. Run where
 * the article is parsed (read-content.ts parseArticleText), so an article that a rebuild does not
 * read again, its file unchanged, is not checked again either.
 * Reads: the article and its YAML positions. Writes: diagnostics.
 */
import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { YamlSource } from '../load/yaml-source.js';
import type { Article } from '../model.js';
import { formatFieldPath } from './schema-validator.js';

export function checkArticleIds(article: Pick<Article, 'file' | 'faq' | 'references'>, source: YamlSource): Diagnostic[] {
  const out: Diagnostic[] = [];
  const checkUnique = (field: 'faq' | 'references', ids: string[]) => {
    const seen = new Set<string>();
    ids.forEach((id, i) => {
      const path = [field, i, 'id'];
      if (seen.has(id)) out.push(diagnostic('duplicate-id', { file: article.file, ...source.locate(path) }, formatFieldPath(path), `id "${id}" is used twice`));
      seen.add(id);
    });
  };
  checkUnique('faq', article.faq.map((f) => f.id));
  checkUnique('references', article.references.map((r) => r.id));
  return out;
}
