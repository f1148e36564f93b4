/**
 * The benchmark's content edit: appends one paragraph to an article's body, the smallest change an
 * editor makes (front matter untouched, so the article stays valid). Each edit's text is unique.
 * Reads and writes: that one article file.
 */
import { appendFileSync } from 'node:fs';

/** Appends a paragraph naming `label` to the article at `file`. */
export function editArticle(file: string, label: string): void {
  appendFileSync(file, `\nThe benchmark changed this article (${label}) to time an incremental rebuild.\n`);
}
