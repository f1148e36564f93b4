/** A content file with errors of its own, as loading left it: what the checks across files can still
 * read of it (validate/salvage.ts) and what a failed build checks links in (failed-build.ts). */
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { SchemaId } from '../validate/schema-validator.js';

/** A content file with errors of its own: its data (undefined when it could not be parsed). */
export interface RejectedFile {
  schema: SchemaId;
  file: string;
  data: unknown;
  problems: Diagnostic[];
  /** A Markdown file's body and the line it starts on. */
  body?: { text: string; line: number };
}
