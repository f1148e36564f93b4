/**
 * Reads and validates only `site.yaml`, which is all notify needs (baseUrl, the IndexNow key and
 * endpoints, webhook subscriptions); problems are diagnostics like a build's.
 * Reads: content/site.yaml. Writes: nothing.
 */
import { existsSync, lstatSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { diagnostic, UsageError, type Diagnostic } from '../diagnostics/diagnostic.js';
import { confinementProblem } from '../load/content-files.js';
import { toConfig } from '../load/normalize.js';
import { parseYamlSource } from '../load/yaml-source.js';
import type { SiteConfig } from '../model.js';
import { validateAgainstSchema } from '../validate/schema-validator.js';

/** Loads `{contentDir}/site.yaml`; file names in diagnostics are relative to `cwd`. */
export function readSiteConfig(contentDir: string, cwd: string): { config?: SiteConfig; diagnostics: Diagnostic[] } {
  const dir = path.resolve(cwd, contentDir);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new UsageError(`content folder not found: ${contentDir} (pass --content DIR)`);
  const abs = path.join(dir, 'site.yaml');
  const file = path.relative(cwd, abs).split(path.sep).join('/');
  if (!existsSync(abs)) return { diagnostics: [diagnostic('unreadable-file', { file }, '', 'is missing', 'notify reads baseUrl, indexnow and webhooks from site.yaml.')] };
  // As the build reads it: never through a link out of the content folder (its text would be
  // printed in the errors), never a named pipe (reading one waits for ever).
  const problem = lstatSync(abs).isFile() ? undefined : confinementProblem(abs, dir);
  if (problem) return { diagnostics: [problem(file)] };
  const { source, diagnostics } = parseYamlSource(readFileSync(abs, 'utf8'), file);
  if (diagnostics.length) return { diagnostics };
  if (source.data == null) source.data = {};
  const problems = validateAgainstSchema(source, 'site');
  return problems.length ? { diagnostics: problems } : { config: toConfig(source), diagnostics: [] };
}
