/** `legalsite check --dist DIR`: runs the static gates over a built site and prints one line each. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { UsageError } from '../diagnostics/diagnostic.js';
import { readPages } from './html-index.js';
import { type GateResult, jsonLdGate, linkGate, metadataGate } from './gates.js';
import { unfinishedCommitBeside } from '../write/output-recovery.js';
import { outputFolderAt } from '../write/output-guard.js';

export function auditDist(dist: string): GateResult[] {
  const abs = outputFolderAt(path.resolve(dist));
  if (!existsSync(path.join(abs, 'index.html'))) throw new UsageError(`no built site in ${dist} (run legalsite build first)`);
  // As publish (complete-build.ts): an audit of a folder that may hold a mix of two builds says nothing.
  const cut = unfinishedCommitBeside(abs);
  if (cut) throw new UsageError(`the last build into ${dist} has not finished its commit (${cut} is beside it: a build is writing it, or one was cut short), so it may hold a mix of two builds. Run \`legalsite build\` to put it right, then check it.`);
  const pages = readPages(abs);
  // The site's name, as the home page states it, is what every other title must end with.
  const siteName = pages.find((p) => p.url === '/')?.metas.get('og:site_name')?.[0] ?? '';
  return [linkGate(abs, pages), metadataGate(pages, siteName), jsonLdGate(pages)];
}

export function formatGates(results: GateResult[], shown = 20): string {
  return results
    .map((r) => [`${r.problems.length ? 'FAIL' : 'pass'}  ${r.name}: ${r.figure}`, ...r.problems.slice(0, shown).map((p) => `      ${p}`), ...(r.problems.length > shown ? [`      … and ${r.problems.length - shown} more`] : [])].join('\n'))
    .join('\n');
}
