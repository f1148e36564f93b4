/**
 * The scripts a page loads: the global modules and its page type's islands, with their shared
 * chunks. Apart from render-page.tsx, so the build can weigh pages' JavaScript without loading React.
 */
import { GLOBAL_SCRIPTS } from '../../templates/client/entries.js';
import type { PageScripts } from '../../templates/types.js';
import { OWN_SCRIPTS_ONLY, PAGE_SCRIPTS } from '../../templates/pages/scripts.js';
import type { ClientBundle } from '../bundle/client-bundle.js';
import type { HtmlRoute } from '../routes/types.js';

export function scriptsFor(route: Pick<HtmlRoute, 'template'>, bundle: ClientBundle): PageScripts {
  const names = [...(OWN_SCRIPTS_ONLY.has(route.template) ? [] : GLOBAL_SCRIPTS), ...(PAGE_SCRIPTS[route.template] ?? [])];
  const entries = names.map((n) => bundle.entries.get(n)).filter((e) => e !== undefined);
  return { scripts: entries.map((e) => e.src), preloads: [...new Set(entries.flatMap((e) => e.imports))].sort() };
}
